package debugger_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzReplay reads any bytes as a replay file: nothing panics, a file it
// refuses is a short ErrBadReplay, and a file it reads, written back a
// step a line as a Recorder writes them, reads back the same.
func FuzzReplay(f *testing.F) {
	f.Add([]byte(replayFile))
	f.Add([]byte(replayFile[:len(replayFile)/2]))
	f.Add([]byte(linkHead + `{"frame":0,"link":"l","op":"net","dir":"down","faults":{"delay":"150ms","jitter":"20ms","loss":0.05,"cut":true}}` + "\n" + `{"frame":0,"link":"l","op":"step","frames":2}`))
	f.Add([]byte(`{"gdvar_replay":1}` + "\n" + `{"frame":0,"game":"g","op":"launch"}` + "\n" + `{"frame":0,"game":"g","op":"set","path":"/root/A","property":"x","value":"[{\"a\": Vector2(1, 2)}]"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		rp, err := debugger.ReadReplay(bytes.NewReader(in))
		if err != nil {
			require.ErrorIs(t, err, debugger.ErrBadReplay)
			assert.Less(t, len(err.Error()), 1000, "short")
			return
		}
		var out strings.Builder
		out.WriteString(`{"gdvar_replay":1}` + "\n")
		for _, st := range rp.Steps {
			b, err := json.Marshal(st)
			require.NoError(t, err)
			out.Write(append(b, '\n'))
		}
		again, err := debugger.ReadReplay(strings.NewReader(out.String()))
		require.NoError(t, err, out.String())
		require.Len(t, again.Steps, len(rp.Steps))
		for i := range rp.Steps {
			want := rp.Steps[i]
			want.Line = i + 2
			assert.Equal(t, want, again.Steps[i])
		}
	})
}
