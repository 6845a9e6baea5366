package resource_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/resource"
)

// comesBack reads text, a text resource file, and checks that it comes
// back as it is both ways a user writes it back: as text (gdvar text) and
// through JSON (gdvar json | gdvar encode -to tres). It returns the File
// read and its JSON.
func comesBack(t *testing.T, text string) (*resource.File, []byte) {
	t.Helper()
	f, err := resource.Read(bytes.NewReader([]byte(text)))
	require.NoError(t, err)
	back, err := f.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, text, string(back), "gdvar text")
	j, err := json.Marshal(f)
	require.NoError(t, err)
	g, err := resource.NewFile("")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(j, g))
	back, err = g.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, text, string(back), "json | encode -to tres")
	return f, j
}
