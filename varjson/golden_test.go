package varjson

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpus is a directory of engine-made values (NAME.bin, listed in
// index.txt as "NAME objects|plain") and its engine version.
type corpus struct {
	dir    string
	engine gdvar.Engine
}

var corpora = []corpus{
	{"golden/godot4", gdvar.Godot4},
	{"golden/godot3.6", gdvar.Godot3},
	{"golden/godot3.2", gdvar.Godot3},
	{"text/godot4", gdvar.Godot4},
	{"text/godot3.6", gdvar.Godot3},
	{"text/godot3.2", gdvar.Godot3},
}

// Every engine-made value comes back byte for byte through JSON.
func TestGoldenRoundTrip(t *testing.T) {
	for _, c := range corpora {
		raws := 0
		vectors := golden.Load(t, golden.Path(c.dir))
		for _, v := range vectors {
			codec := gdvar.MustCodec(gdvar.WithEngine(c.engine), gdvar.AllowObjects(v.Objects))
			var x any
			require.NoError(t, codec.Unmarshal(v.Bin, &x))
			js, err := Marshal(x, WithCodec(engineCodec(c.engine)))
			require.NoError(t, err, v.Name)
			var back any
			require.NoError(t, Unmarshal(js, &back, WithCodec(engineCodec(c.engine))), "%s: %s", v.Name, js)
			out, err := codec.Marshal(back)
			require.NoError(t, err, v.Name)
			assert.Equal(t, v.Bin, out, "%s: %s", v.Name, js)
			if strings.Contains(string(js), `"$Raw"`) {
				raws++
			}
		}
		t.Logf("%s: %d values byte-exact through JSON (%d with a $Raw part)", c.dir, len(vectors), raws)
	}
}
