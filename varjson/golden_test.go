package varjson

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
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

type vector struct {
	name    string
	bin     []byte
	objects bool
}

func load(t *testing.T, c corpus) []vector {
	dir := filepath.Join("..", "testdata", c.dir)
	f, err := os.Open(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, mode, _ := strings.Cut(sc.Text(), " ")
		bin, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		require.NoError(t, err)
		out = append(out, vector{name, bin, mode == "objects"})
	}
	require.NotEmpty(t, out)
	return out
}

// Every engine-made value comes back byte for byte through JSON.
func TestGoldenRoundTrip(t *testing.T) {
	for _, c := range corpora {
		raws := 0
		vectors := load(t, c)
		for _, v := range vectors {
			opts := []gdvar.Option{gdvar.WithEngine(c.engine), gdvar.AllowObjects(v.objects)}
			var x any
			require.NoError(t, gdvar.Unmarshal(v.bin, &x, opts...))
			js, err := Marshal(x, WithEngine(c.engine))
			require.NoError(t, err, v.name)
			var back any
			require.NoError(t, Unmarshal(js, &back, WithEngine(c.engine)), "%s: %s", v.name, js)
			out, err := gdvar.Marshal(back, opts...)
			require.NoError(t, err, v.name)
			assert.Equal(t, v.bin, out, "%s: %s", v.name, js)
			if strings.Contains(string(js), `"$Raw"`) {
				raws++
			}
		}
		t.Logf("%s: %d values byte-exact through JSON (%d with a $Raw part)", c.dir, len(vectors), raws)
	}
}
