package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
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
			f, _ := comesBack(t, string(data))
			require.Equal(t, c.d, f.Dialect())
			require.NotZero(t, f.LoadSteps)

			want, err := os.ReadFile(filepath.Join(dir, c.file+".back"+filepath.Ext(c.file)))
			require.NoError(t, err)
			// No ID is drawn: the path saved to does not matter.
			at := "res://" + c.file + ".back" + filepath.Ext(c.file)
			assert.Equal(t, string(want), string(savedAs(t, f, at, resource.Text)), "the engine's re-save")
		})
	}
}

// A header's load_steps= comes back whatever its value, 0 included, which
// File.LoadSteps's 0 alone takes for none (File.LoadStepsZero says it),
// and a Godot 3 header's 1, which Godot 3's saver would not write. No
// editor writes these; the engines read them as any count, for their
// loader's progress only. AsSaved drops them.
func TestLoadStepsAnyValueKept(t *testing.T) {
	for _, c := range []struct {
		name, text string
		steps      int
		zero       bool
		saved      string // the header AsSaved writes
	}{
		// jonandrewdavis/tundra (MIT), assets/environment/snow_ground_1.tres
		// at 45beae53, whole.
		{"zero, tundra's snow_ground_1.tres", `[gd_resource type="CompressedTexture2D" load_steps=0 format=3 uid="uid://dwjaihijvnhuv"]

[resource]
load_path = "res://.godot/imported/Snow008A_1K-JPG_Color.jpg-60e38b672ff1b89aa97f44c626fdb397.s3tc.ctex"
`, 0, true, `[gd_resource type="CompressedTexture2D" format=3 uid="uid://dwjaihijvnhuv"]`},
		{"zero, Godot 3", "[gd_resource type=\"Resource\" load_steps=0 format=2]\n\n[resource]\n", 0, true,
			`[gd_resource type="Resource" format=2]`},
		{"one, Godot 3", "[gd_resource type=\"Resource\" load_steps=1 format=2]\n\n[resource]\n", 1, false,
			`[gd_resource type="Resource" format=2]`},
		{"negative", "[gd_resource type=\"Resource\" load_steps=-2 format=3]\n\n[resource]\n", -2, false,
			`[gd_resource type="Resource" format=3]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, j := comesBack(t, c.text)
			assert.Equal(t, c.steps, f.LoadSteps)
			assert.Equal(t, c.zero, f.LoadStepsZero)
			assert.Contains(t, string(j), `"load_steps":`+strconv.Itoa(c.steps))

			back, err := f.AsSaved().AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, c.saved, string(bytes.SplitN(back, []byte("\n"), 2)[0]), "AsSaved")

			// A Go user clears the header's count as before, and both.
			f.LoadSteps, f.LoadStepsZero = 0, false
			back, err = f.AppendText(nil)
			require.NoError(t, err)
			assert.NotContains(t, string(back), "load_steps")
		})
	}
}
