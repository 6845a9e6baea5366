package configfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/jq16"
)

// likeSettings has floats that jq 1.6 prints as ints (1.0 as 1): plain,
// in an Array and in a Dictionary.
const likeSettings = `[audio]

volume=0.5
master=1.0
buses=[1.0, 2.5]
gains={
"music": 1.0,
"sfx": 2
}

[video]

scale=2.0
`

// A ConfigFile's JSON printed as jq 1.6 prints it and edited comes back,
// after Like of the file it was printed from, as that file with the edit
// alone; without Like its floats turn to ints. A key the edit added keeps
// the type it is written with.
func TestLikeUndoesJQ16(t *testing.T) {
	orig, err := Read(strings.NewReader(likeSettings))
	require.NoError(t, err)
	js, err := orig.MarshalJSON()
	require.NoError(t, err)
	printed, err := jq16.Print(js)
	require.NoError(t, err)
	require.Contains(t, string(printed), `"master":1,`, "jq 1.6 drops the point")

	for _, c := range []struct {
		name             string
		jsonFrom, jsonTo string // the edit of the JSON
		textFrom, textTo string // the same edit of the text
	}{
		{"key", `"volume":0.5`, `"volume":3`, "volume=0.5", "volume=3.0"},
		{"array", `"buses":[1,2.5]`, `"buses":[1,4]`, "buses=[1.0, 2.5]", "buses=[1.0, 4.0]"},
		{"dictionary", `"music":1,`, `"music":0,`, `"music": 1.0,`, `"music": 0.0,`},
		{"added", `"scale":2}`, `"scale":2,"width":640}`, "scale=2.0\n", "scale=2.0\nwidth=640\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Contains(t, string(printed), c.jsonFrom)
			edited := []byte(strings.Replace(string(printed), c.jsonFrom, c.jsonTo, 1))
			want := strings.Replace(likeSettings, c.textFrom, c.textTo, 1)

			var plain File
			require.NoError(t, plain.UnmarshalJSON(edited))
			text, err := plain.Bytes()
			require.NoError(t, err)
			assert.Contains(t, string(text), "master=1\n", "without Like, a float comes back an int")

			var f File
			f.Like(orig)
			require.NoError(t, f.UnmarshalJSON(edited))
			text, err = f.Bytes()
			require.NoError(t, err)
			assert.Equal(t, want, string(text))
		})
	}
}
