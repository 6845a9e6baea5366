package vartext

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

// goldenSet is a directory of engine-made vectors: NAME.bin written by
// var_to_bytes and NAME.txt written by var_to_str, by one engine version.
type goldenSet struct {
	dir     string
	dialect Dialect
}

var goldenSets = []goldenSet{
	{"godot4", Godot4},
	{"godot3.6", Godot3},
	{"godot3.2", Godot32},
}

// goldenVector is one engine-made value: its bytes, its text, and whether
// it holds full objects.
type goldenVector struct {
	name    string
	bin     []byte
	text    string
	objects bool
}

// loadGolden reads the vectors of set under testdata/golden (made by
// scripts/gen-golden.sh) or, with corpus "text", under testdata/text (made
// by scripts/gen-text.sh for the printer's finer points).
func loadGolden(t *testing.T, corpus string, set goldenSet) []goldenVector {
	dir := filepath.Join("..", "testdata", corpus, set.dir)
	f, err := os.Open(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []goldenVector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, mode, _ := strings.Cut(sc.Text(), " ")
		bin, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		require.NoError(t, err)
		text, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		require.NoError(t, err)
		out = append(out, goldenVector{name, bin, string(text), mode == "objects"})
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out)
	return out
}

// binaryOptions are the options for the vector's binary form: the engine,
// full objects where the vector has them, and 32-bit math, as the standard
// engine builds have.
func (set goldenSet) binaryOptions(v goldenVector) []gdvar.Option {
	return []gdvar.Option{gdvar.WithEngine(set.dialect.Engine()), gdvar.AllowObjects(v.objects), gdvar.WithMathPrecision(gdvar.Single)}
}

// The engines' own var_to_str output is the reference for every vector.
func TestMarshalMatchesEngines(t *testing.T) {
	for _, set := range goldenSets {
		t.Run(set.dir, func(t *testing.T) {
			vectors := append(loadGolden(t, "golden", set), loadGolden(t, "text", set)...)
			for _, v := range vectors {
				var x any
				require.NoError(t, gdvar.Unmarshal(v.bin, &x, set.binaryOptions(v)...), v.name)
				text, err := Marshal(x, WithDialect(set.dialect))
				require.NoError(t, err, v.name)
				assert.Equal(t, v.text, string(text), v.name)
			}
			t.Logf("%d values printed as %s prints them", len(vectors), set.dir)
		})
	}
}
