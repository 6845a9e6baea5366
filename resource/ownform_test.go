package resource

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file an older editor wrote comes back as it is, written as text and
// through JSON, its older forms and load_steps= kept; AsSaved makes the
// engine's load conversions (TestLiveOlderEditors checks those against
// Godot 4.6's re-save).
func TestOlderFormsKept(t *testing.T) {
	for name, text := range olderEditorFiles {
		if name == "library" {
			continue // its _data's keys out of their sorted order, which no text saver writes
		}
		t.Run(name, func(t *testing.T) {
			f, err := Read(strings.NewReader(text))
			require.NoError(t, err)
			got, err := f.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, text, string(got), "as text")

			js, err := f.MarshalJSON()
			require.NoError(t, err)
			g, err := NewFile("")
			require.NoError(t, err)
			require.NoError(t, g.UnmarshalJSON(js))
			got, err = g.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, text, string(got), "through JSON")

			saved, err := f.AsSaved().AppendText(nil)
			require.NoError(t, err)
			assert.NotContains(t, string(saved), "load_steps=", "Godot 4.6 writes none")
			again, err := f.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, text, string(again), "AsSaved changed f")
		})
	}
}

// AsSaved makes what loading makes of the older forms, as Godot 4.6 holds
// them: SpriteFrames's "loop": 1 a bool, its animations by name; a
// 32-bit radius rounded; metadata set to null erased; a property the
// class's values hide dropped.
func TestAsSavedConverts(t *testing.T) {
	for _, tc := range []struct{ name, has, hasNot string }{
		{"sprite_frames", `"loop": true,`, `"loop": 1,`},
		{"sprite_frames", `"name": &"attack"`, ""},
		{"radii", "radius = 0.12345679\n", "metadata/gone"},
		{"radius_digits", "radius = 0.671209\n", ""},
		{"hidden", "albedo_color", "metallic"},
		{"library_strings", `&"RESET": SubResource("Animation_b")`, "load_steps"},
	} {
		f, err := Read(strings.NewReader(olderEditorFiles[tc.name]))
		require.NoError(t, err)
		saved, err := f.AsSaved().AppendText(nil)
		require.NoError(t, err)
		assert.Contains(t, string(saved), tc.has, tc.name)
		if tc.hasNot != "" {
			assert.NotContains(t, string(saved), tc.hasNot, tc.name)
		}
	}
}
