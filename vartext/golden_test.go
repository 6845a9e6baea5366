package vartext

import (
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/golden"
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

// loadGolden reads the vectors of set under testdata/golden (made by
// scripts/gen-golden.sh) or, with corpus "text", under testdata/text (made
// by scripts/gen-text.sh for the printer's finer points).
func loadGolden(t *testing.T, corpus string, set goldenSet) []golden.Vector {
	return golden.Load(t, golden.Path(corpus, set.dir))
}

// binaryCodec is the codec of the vector's binary form: the engine, full
// objects where the vector has them, and 32-bit math, as the standard
// engine builds have; semantic reads values in their semantic form.
func (set goldenSet) binaryCodec(v golden.Vector, semantic bool) *gdvar.Codec {
	return gdvar.MustCodec(gdvar.WithEngine(set.dialect.Engine()), gdvar.AllowObjects(v.Objects), gdvar.WithMathPrecision(gdvar.Single), gdvar.Semantic(semantic))
}

// The engines' own var_to_str output is the reference for every vector.
func TestMarshalMatchesEngines(t *testing.T) {
	for _, set := range goldenSets {
		t.Run(set.dir, func(t *testing.T) {
			vectors := append(loadGolden(t, "golden", set), loadGolden(t, "text", set)...)
			vectors = append(vectors, loadGolden(t, "text/random", set)...)
			for _, v := range vectors {
				var x any
				require.NoError(t, set.binaryCodec(v, false).Unmarshal(v.Bin, &x), v.Name)
				text, err := Marshal(x, WithDialect(set.dialect))
				require.NoError(t, err, v.Name)
				assert.Equal(t, v.Text, string(text), v.Name)
				var direct strings.Builder // the engine's bytes, token by token
				dec := set.binaryCodec(v, false).NewDecoderBytes(v.Bin)
				require.NoError(t, mustEncoder(t, &direct, WithDialect(set.dialect)).CopyValue(dec), v.Name)
				assert.Equal(t, v.Text, direct.String(), v.Name)
			}
			t.Logf("%d values printed as %s prints them", len(vectors), set.dir)
		})
	}
}
