package resource

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/jq16"
)

// likeScene has floats that jq 1.6 prints as ints (12020.0 as 12020) in
// each kind of section: a sub-resource, nodes (a plain one, in an Array)
// and a connection's binds.
const likeScene = `[gd_scene load_steps=2 format=3]

[sub_resource type="AudioEffectLowPassFilter" id="AudioEffectLowPassFilter_j3pel"]
cutoff_hz = 12020.0

[node name="Root" type="Node2D"]
position = Vector2(1, 2)
metadata/speeds = [1.0, 2.5]
metadata/filter = SubResource("AudioEffectLowPassFilter_j3pel")

[node name="Music" type="AudioStreamPlayer" parent="."]
volume_db = -10.0
pitch_scale = 2.0

[connection signal="finished" from="Music" to="." method="_on_finished" binds= [1.0, 2]]
`

// A scene's JSON printed as jq 1.6 prints it and edited comes back, after
// Like of the file it was printed from, as that file with the edit alone,
// in text and in binary; without Like its floats turn to ints. A value the
// edit added keeps the type it is written with.
func TestLikeUndoesJQ16(t *testing.T) {
	orig, err := Read(strings.NewReader(likeScene))
	require.NoError(t, err)
	js, err := orig.MarshalJSON()
	require.NoError(t, err)
	printed, err := jq16.Print(js)
	require.NoError(t, err)
	require.Contains(t, string(printed), `"cutoff_hz":12020}`, "jq 1.6 drops the point")

	for _, c := range []struct {
		name             string
		jsonFrom, jsonTo string // the edit of the JSON
		textFrom, textTo string // the same edit of the text
	}{
		{"sub-resource", `"cutoff_hz":12020}`, `"cutoff_hz":8000}`, "cutoff_hz = 12020.0", "cutoff_hz = 8000.0"},
		{"node", `"volume_db":-10,`, `"volume_db":-6,`, "volume_db = -10.0", "volume_db = -6.0"},
		{"array in a node", `"metadata/speeds":[1,2.5]`, `"metadata/speeds":[1,3.5]`, "[1.0, 2.5]", "[1.0, 3.5]"},
		{"binds", `"binds":[1,2]`, `"binds":[1,3]`, "binds= [1.0, 2]", "binds= [1.0, 3]"},
		{"added", `"pitch_scale":2}`, `"pitch_scale":2,"metadata/added":5}`, "pitch_scale = 2.0\n", "pitch_scale = 2.0\nmetadata/added = 5\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Contains(t, string(printed), c.jsonFrom)
			edited := []byte(strings.Replace(string(printed), c.jsonFrom, c.jsonTo, 1))
			want := strings.Replace(likeScene, c.textFrom, c.textTo, 1)

			plain, err := NewFile("")
			require.NoError(t, err)
			require.NoError(t, plain.UnmarshalJSON(edited))
			text, err := plain.AppendText(nil)
			require.NoError(t, err)
			assert.Contains(t, string(text), "pitch_scale = 2\n", "without Like, a float comes back an int")
			assert.NotEqual(t, want, string(text))

			g, err := NewFile("")
			require.NoError(t, err)
			g.Like(orig)
			require.NoError(t, g.UnmarshalJSON(edited))
			text, err = g.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, want, string(text))

			wantFile, err := Read(strings.NewReader(want))
			require.NoError(t, err)
			assert.Equal(t, binaryOf(t, wantFile), binaryOf(t, g))
		})
	}
}

// binaryOf returns f's binary form, saved as res://a.scn.
func binaryOf(t *testing.T, f *File) []byte {
	g, err := f.WithIDsFor("res://a.scn", Binary)
	require.NoError(t, err)
	b, err := g.AppendBinary(nil)
	require.NoError(t, err)
	return b
}
