package resource_test

import (
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
	f, _ := comesBack(t, string(data))

	want, err := os.ReadFile(filepath.Join(dir, "equalkeys4.tres.back.tres"))
	require.NoError(t, err)
	require.NotEqual(t, string(data), string(want), "the engine's second save orders the keys as its first did not")
	assert.Equal(t, string(want), string(savedAs(t, f, "res://equalkeys4.tres.back.tres", resource.Text)), "the engine's re-save")
}
