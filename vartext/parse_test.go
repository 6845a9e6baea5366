package vartext

import (
	"bytes"
	"os"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// How the parser may differ from the engine's str_to_var on a vector, and
// what is checked instead.
type deviation int

const (
	// keepsID: the text of an object written as its id. str_to_var makes a
	// new EncodedObjectAsID object, which var_to_bytes writes with a new id;
	// Unmarshal gives back the id, so the original bytes come back.
	keepsID deviation = iota + 1
	// setters: Unmarshal does not run the engine's property setters; Godot
	// drops a metadata entry set to null (as the printer cuts off objects
	// nested too deep), gdvar keeps it. The value prints back the same.
	setters
	// padding: Godot 3 fills NodePath padding with whatever was in memory;
	// the values are the same with zero padding.
	padding
	// noRID: Godot 3 prints a RID as nothing at all; there is no value.
	noRID
	// readsInf: Godot 3.2 cannot read its own -inf.0, or inf inside a
	// constructor (it gives 0 or the text as a String); gdvar reads them as
	// Godot 3.6 does.
	readsInf
)

var deviations = map[string]map[string]deviation{
	"godot4": {"object_id": keepsID, "nest_objects": setters},
	"godot3.6": {"object_id": keepsID, "nest_objects": setters, "rid_empty": noRID,
		"nodepath_subnames": padding, "nodepath_subnames_only": padding, "nodepath_unicode": padding,
		"nodepath_quotes": padding, "keys_mixed": padding},
	"godot3.2": {"object_id": keepsID, "nest_objects": setters, "rid_empty": noRID,
		"nodepath_subnames": padding, "nodepath_subnames_only": padding, "nodepath_unicode": padding,
		"nodepath_quotes": padding, "keys_mixed": padding,
		"float_neginf": readsInf, "pool_real": readsInf, "vector3_special": readsInf, "reals_pool_real": readsInf},
}

// Unmarshal then gdvar.Marshal gives, for the engine's text of every
// vector, the bytes the engine itself makes of that text
// (var_to_bytes(str_to_var(text)), testdata/text/reparse), with the
// deviations above.
func TestParseGivesEngineBytes(t *testing.T) {
	for _, set := range goldenSets {
		t.Run(set.dir, func(t *testing.T) {
			exact, original, n := 0, 0, 0
			var lossy []string
			for _, corpus := range []string{"golden", "text"} {
				for _, v := range loadGolden(t, corpus, set) {
					n++
					dev := deviations[set.dir][v.Name]
					var x any
					err := Unmarshal([]byte(v.Text), &x, WithDialect(set.dialect))
					if dev == noRID {
						assert.Error(t, err, v.Name)
						continue
					}
					require.NoError(t, err, v.Name)
					ours, err := set.binaryCodec(v, false).Marshal(x)
					require.NoError(t, err, v.Name)
					engine := reparsed(t, set.dir, corpus, v.Name)
					if bytes.Equal(ours, v.Bin) {
						original++
					} else if corpus == "golden" {
						lossy = append(lossy, v.Name)
					}
					switch dev {
					case 0:
						if assert.Equal(t, engine, ours, v.Name) {
							exact++
						}
					case keepsID:
						assert.Equal(t, v.Bin, ours, v.Name)
						assert.NotEqual(t, engine, ours, "%s: no longer a deviation", v.Name)
					case readsInf:
						assert.Equal(t, reparsed(t, "godot3.6", corpus, v.Name), ours, v.Name)
					case setters:
						again, err := Marshal(x, WithDialect(set.dialect))
						require.NoError(t, err)
						assert.Equal(t, v.Text, string(again), v.Name)
					case padding:
						assert.Equal(t, canonical(t, set, v, engine), canonical(t, set, v, ours), v.Name)
					}
				}
			}
			t.Logf("%d of %d vectors: the engine's own bytes; %d: the original bytes; golden vectors whose text loses something: %v", exact, n, original, lossy)
		})
	}
}

// reparsed returns what an engine made of a vector's text.
func reparsed(t *testing.T, set, corpus, name string) []byte {
	b, err := os.ReadFile(golden.Path("text", "reparse", set, corpus, name+".bin"))
	require.NoError(t, err)
	return b
}

// canonical writes b again without what Godot would not write (such as
// NodePath padding).
func canonical(t *testing.T, set goldenSet, v golden.Vector, b []byte) []byte {
	var x any
	require.NoError(t, set.binaryCodec(v, true).Unmarshal(b, &x))
	out, err := set.binaryCodec(v, false).Marshal(x)
	require.NoError(t, err)
	return out
}
