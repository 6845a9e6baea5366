package gamestate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMatchesEngine(t *testing.T) {
	want, err := os.ReadFile(golden.Path("golden", "godot4", "gamestate_3.bin"))
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

// TestLiveMatchesEngine has Godot 4.6 build the full payload from the same
// records and compares its bytes with ours.
func TestLiveMatchesEngine(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	out := filepath.Join(t.TempDir(), "payload.bin")
	godot.RunScript(t, engine, "scripts/bench/godot4.gd", out, "payload-only")
	want, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, len(want), len(Bytes(Players)))
	assert.True(t, bytes.Equal(want, Bytes(Players)), "payload differs from the engine's")
}
