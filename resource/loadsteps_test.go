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
	"github.com/gdvar/gdvar/vartext"
)

// A text file whose load_steps= counts resources it does not hold (a hand
// edit leaves it so: testdata/loadsteps) comes back as it is, as text and
// through JSON, in every dialect; the engines load it (the count is only
// their loader's progress) and re-save it with their own count, Godot 3,
// or none, Godot 4.6 (scripts/resource/gen-loadsteps.sh): SavedAs gives
// their bytes.
func TestLoadStepsKept(t *testing.T) {
	dir := filepath.Join("testdata", "loadsteps")
	for _, c := range []struct {
		file string
		d    vartext.Dialect // as its format= says
	}{
		{"moved3.tscn", vartext.Godot3}, // load_steps=6, no resource left
		{"fewer3.tscn", vartext.Godot3}, // load_steps=6, one sub-resource
		{"font4.tres", vartext.Godot4},  // load_steps=7, one Image
	} {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, c.file))
			require.NoError(t, err)
			f, err := resource.Read(bytes.NewReader(data))
			require.NoError(t, err)
			require.Equal(t, c.d, f.Dialect())
			require.NotZero(t, f.LoadSteps)
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
			assert.Equal(t, string(data), string(back), "json | encode -to text")

			want, err := os.ReadFile(filepath.Join(dir, c.file+".back"+filepath.Ext(c.file)))
			require.NoError(t, err)
			// No ID is drawn: the path saved to does not matter.
			at := "res://" + c.file + ".back" + filepath.Ext(c.file)
			assert.Equal(t, string(want), string(saved(t, f, at, resource.Text)), "the engine's re-save")
		})
	}
}
