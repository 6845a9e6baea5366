package resource_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/resource"
)

// Godot 4.6 saved a Dictionary keyed by 20 external resources, which its
// comparison finds equal (testdata/equalkeys, scripts/resource/gen-equalkeys.sh),
// then loaded that file and saved it again: its sort is not stable, and
// the second save orders the keys otherwise. The file comes back as it
// is, as text and through JSON; SavedAs gives the engine's second save.
func TestEqualKeysKeepTheirOrder(t *testing.T) {
	dir := filepath.Join("testdata", "equalkeys")
	data, err := os.ReadFile(filepath.Join(dir, "equalkeys4.tres"))
	require.NoError(t, err)
	f, err := resource.Read(bytes.NewReader(data))
	require.NoError(t, err)
	back, err := f.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(back), "gdvar text")
	j, err := json.Marshal(f)
	require.NoError(t, err)
	g, err := resource.NewFile("")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(j, g))
	back, err = g.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, string(data), string(back), "json | encode -to tres")

	want, err := os.ReadFile(filepath.Join(dir, "equalkeys4.tres.back.tres"))
	require.NoError(t, err)
	require.NotEqual(t, string(data), string(want), "the engine's second save orders the keys as its first did not")
	assert.Equal(t, string(want), string(saved(t, f, "res://equalkeys4.tres.back.tres", resource.Text)), "the engine's re-save")
}
