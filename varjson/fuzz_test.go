package varjson

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Whatever bytes gdvar decodes come back byte for byte through JSON, for
// each engine version.
func FuzzJSONRoundTrip(f *testing.F) {
	for _, dir := range []string{"godot4", "godot3.6"} {
		names, _ := filepath.Glob(filepath.Join("..", "testdata", "golden", dir, "*.bin"))
		for _, name := range names {
			if b, err := os.ReadFile(name); err == nil && len(b) < 4096 {
				f.Add(b, dir == "godot3.6")
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, godot3 bool) {
		e := gdvar.Godot4
		if godot3 {
			e = gdvar.Godot3
		}
		opts := []gdvar.Option{gdvar.WithEngine(e), gdvar.AllowObjects(true)}
		var v any
		if gdvar.Unmarshal(data, &v, opts...) != nil {
			return
		}
		want, err := gdvar.Marshal(v, opts...)
		require.NoError(t, err)
		js, err := Marshal(v, WithEngine(e))
		require.NoError(t, err)
		var back any
		require.NoError(t, Unmarshal(js, &back, WithEngine(e)), "%s", js)
		got, err := gdvar.Marshal(back, opts...)
		require.NoError(t, err, "%s", js)
		assert.Equal(t, want, got, "%s", js)
	})
}
