package gamestate

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMatchesEngine(t *testing.T) {
	want, err := os.ReadFile("../../testdata/golden/godot4/gamestate_3.bin")
	require.NoError(t, err)
	assert.Equal(t, want, Bytes(3))
}

func TestFullPayloadSize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 18 MB")
	}
	n := len(Bytes(Players))
	assert.Greater(t, n, 16_000_000)
	assert.Less(t, n, 19_000_000)
}
