package vartext

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mergeCases are Dictionaries whose keys differ in the binary form but
// decode to keys the engine takes for one, with the engine's
// var_to_str(bytes_to_var(bytes)) of their binary form (checked against
// Godot 4.6, 3.6 and 3.2.3).
var mergeCases = []struct {
	name string
	d    Dialect
	keys [][]gdvar.Token // each key's tokens
	want string
}{
	{"byte order mark", Godot3, [][]gdvar.Token{{gdvar.StringToken(" ")}, {gdvar.StringToken("\ufeff ")}, {gdvar.StringToken("")}}, "{\n\"\": 2,\n\" \": 1\n}"},
	{"byte order mark first", Godot3, [][]gdvar.Token{{gdvar.StringToken("\ufeff ")}, {gdvar.StringToken("b")}, {gdvar.StringToken(" ")}}, "{\n\" \": 2,\n\"b\": 1\n}"},
	{"byte order mark 3.2", Godot32, [][]gdvar.Token{{gdvar.StringToken("\ufeffz")}, {gdvar.StringToken("z")}, {gdvar.StringToken("\ufeffz")}}, "{\n\"z\": 2\n}"},
	{"byte order mark 4", Godot4, [][]gdvar.Token{{gdvar.StringToken("a")}, {gdvar.StringToken("\ufeffa")}}, "{\n\"a\": 1\n}"},
	{"NUL", Godot3, [][]gdvar.Token{{gdvar.StringToken("a\x00b")}, {gdvar.StringToken("a")}, {gdvar.StringToken("a\x00c")}}, "{\n\"a\": 2\n}"},
	{"NUL 4", Godot4, [][]gdvar.Token{{gdvar.StringToken("a\x00b")}, {gdvar.StringToken("a\x00c")}}, "{\n\"a\": 1\n}"},
	{"StringName", Godot4, [][]gdvar.Token{{gdvar.StringNameToken("n")}, {gdvar.StringToken("m")}, {gdvar.StringToken("n")}}, "{\n\"m\": 1,\n&\"n\": 2\n}"},
	{"String then StringName", Godot4, [][]gdvar.Token{{gdvar.StringToken("n")}, {gdvar.StringNameToken("\ufeffn")}}, "{\n\"n\": 1\n}"},
	{"zero", Godot3, [][]gdvar.Token{{gdvar.FloatToken(math.Copysign(0, -1))}, {gdvar.FloatToken(0)}}, "{\n0.0: 1\n}"},
	{"in an Array", Godot3, [][]gdvar.Token{{gdvar.ArrayStartToken(1, gdvar.UntypedContainer), gdvar.StringToken("\ufeffx"), gdvar.ArrayEndToken}, {gdvar.ArrayStartToken(1, gdvar.UntypedContainer), gdvar.StringToken("x\x00y"), gdvar.ArrayEndToken}, {gdvar.StringToken("x")}, {gdvar.ArrayStartToken(1, gdvar.UntypedContainer), gdvar.StringToken("x"), gdvar.ArrayEndToken}}, "{\n\"x\": 2,\n[ \"x\" ]: 3\n}"},
	{"among keys without identity", Godot4, [][]gdvar.Token{{gdvar.StringToken("a")}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{"p"}})}, {gdvar.DictStartToken(0, gdvar.UntypedContainer, gdvar.UntypedContainer), gdvar.DictEndToken}, {gdvar.StringToken("b")}, {gdvar.StringToken("\ufeffb")}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{"p"}})}, {gdvar.StringNameToken("a")}}, "{\n\"a\": 6,\n\"b\": 4,\nNodePath(\"p\"): 5,\n{}: 2\n}"},
	{"NodePath", Godot3, [][]gdvar.Token{{gdvar.NodePathToken(gdvar.NodePath{Names: []string{"\ufeffa", "b"}})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{"a", "b\x00c"}})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{"a", "b"}, Absolute: true})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{}, Absolute: true})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{}})}}, "{\nNodePath(\"a/b\"): 1,\nNodePath(\"/a/b\"): 2,\nNodePath(\"\"): 4\n}"},
	{"NodePath 4", Godot4, [][]gdvar.Token{{gdvar.NodePathToken(gdvar.NodePath{Names: []string{"\ufeffa"}})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{"a"}})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{}, Absolute: true})}, {gdvar.NodePathToken(gdvar.NodePath{Names: []string{}})}}, "{\nNodePath(\"a\"): 1,\nNodePath(\"/\"): 2,\nNodePath(\"\"): 3\n}"},
	{"int and float", Godot4, [][]gdvar.Token{{gdvar.IntToken(1)}, {gdvar.FloatToken(1)}}, "{\n1: 0,\n1.0: 1\n}"},
}

// mergeTokens is the Dictionary of a merge case: key i has value i.
func mergeTokens(keys [][]gdvar.Token) []gdvar.Token {
	toks := []gdvar.Token{gdvar.DictStartToken(len(keys), gdvar.UntypedContainer, gdvar.UntypedContainer)}
	for i, k := range keys {
		toks = append(append(append(toks, gdvar.DictKeyToken), k...), gdvar.IntToken(int64(i)))
	}
	return append(toks, gdvar.DictEndToken)
}

// The printer keeps one entry of the keys the engine's decoding makes one:
// the first's place and key, the last one's value.
func TestMergedKeys(t *testing.T) {
	for _, c := range mergeCases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, mergeText(t, c.d, mergeBinary(t, c.d, c.keys)))
		})
	}
}

// Dictionaries of more than linearMerge entries merge through the map, as
// the few through comparisons: the cases again, all through the map.
func TestMergedKeysHashed(t *testing.T) {
	defer func(n int) { linearMerge = n }(linearMerge)
	linearMerge = 0
	for _, c := range mergeCases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, mergeText(t, c.d, mergeBinary(t, c.d, c.keys)))
		})
	}
}

// mergeBinary is the binary form, for dialect d's engine, of the
// Dictionary of a merge case's keys.
func mergeBinary(t *testing.T, d Dialect, keys [][]gdvar.Token) []byte {
	t.Helper()
	var bin bytes.Buffer
	enc := gdvar.MustCodec(gdvar.WithEngine(d.Engine())).NewEncoder(&bin)
	for _, tok := range mergeTokens(keys) {
		require.NoError(t, enc.WriteToken(tok))
	}
	require.NoError(t, enc.Flush())
	return bin.Bytes()
}

// mergeText is gdvar's var_to_str of gdvar's decoding of bin in dialect d.
func mergeText(t *testing.T, d Dialect, bin []byte) string {
	t.Helper()
	var v any
	require.NoError(t, gdvar.MustCodec(gdvar.WithEngine(d.Engine())).Unmarshal(bin, &v))
	text, err := Marshal(v, WithDialect(d))
	require.NoError(t, err)
	return string(text)
}

// mergeEngines are the engines TestLiveMergedKeys runs each dialect's
// cases in.
var mergeEngines = map[Dialect]string{Godot4: godot.Godot4, Godot3: godot.Godot3_6, Godot32: godot.Godot3_2}

// Each engine's var_to_str(bytes_to_var(bytes)) of the merge cases' binary
// forms is gdvar's text of gdvar's decoding of them.
func TestLiveMergedKeys(t *testing.T) {
	for _, d := range []Dialect{Godot4, Godot3, Godot32} {
		t.Run(mergeEngines[d], func(t *testing.T) {
			engine := godot.Require(t, mergeEngines[d])
			dir := t.TempDir()
			var index strings.Builder
			bins := map[int][]byte{}
			for i, c := range mergeCases {
				if c.d != d {
					continue
				}
				bins[i] = mergeBinary(t, d, c.keys)
				require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.bin", i)), bins[i], 0o644))
				fmt.Fprintf(&index, "%d\n", i)
			}
			require.NoError(t, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(index.String()), 0o644))
			script := "scripts/text/merged_keys4.gd"
			if d != Godot4 {
				script = "scripts/text/merged_keys3.gd"
			}
			godot.RunScript(t, engine, script, dir)
			for i, c := range mergeCases {
				if c.d != d {
					continue
				}
				t.Run(c.name, func(t *testing.T) {
					text, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.txt", i)))
					require.NoError(t, err)
					assert.Equal(t, string(text), mergeText(t, d, bins[i]))
					assert.Equal(t, c.want, string(text), "the engine disagrees with the table")
				})
			}
		})
	}
}

// Written as the engine holds them read from text, NodePath keys that
// differ by a byte order mark that starts a name are two keys, as Godot
// 3.6 and 3.2.3 read {NodePath("a/\uFEFFb"): 1, NodePath("a/b"): 2} and
// Godot 4.6 the same written with exactText; decoded from the binary
// form, the names lose their marks and the keys are one (mergeCases).
func TestHeldNodePathKeys(t *testing.T) {
	for _, names := range [][2][]string{{{"a", "\ufeffb"}, {"a", "b"}}, {{"\ufeffa"}, {"a"}}} {
		d := &gdvar.Dictionary{}
		d.Append(gdvar.NodePath{Names: names[0]}, int64(1))
		d.Append(gdvar.NodePath{Names: names[1]}, int64(2))
		for _, dialect := range []Dialect{Godot4, Godot3} {
			text, err := Marshal(d, WithDialect(dialect), asHeldOpt, exactTextOpt)
			require.NoError(t, err)
			assert.Equal(t, d, readFileValue(t, text), "%s %q", dialect, text)
			bin, err := gdvar.MustCodec(gdvar.WithEngine(dialect.Engine())).Marshal(d)
			require.NoError(t, err)
			assert.Equal(t, 1, strings.Count(mergeText(t, dialect, bin), "NodePath("), "%s decoded", dialect)
		}
	}
}

// Values as the engine holds them read from text keep Godot 3's absolute
// NodePath without names, which only its binary decoding makes empty: a
// Godot 3.6 ConfigFile read {NodePath(""): …, NodePath("/"): …} and saved
// both keys (configfile's TestLiveEngineFiles, GDVAR_CONFIG_SEED=265190882).
func TestMergedKeysAsHeld(t *testing.T) {
	d := gdvar.NewDictionary(gdvar.NodePath{}, 1, gdvar.NodePath{Absolute: true}, 2)
	for _, c := range []struct {
		asHeld bool
		want   string
	}{
		{false, "{\nNodePath(\"\"): 2\n}"},
		{true, "{\nNodePath(\"\"): 1,\nNodePath(\"/\"): 2\n}"},
	} {
		text, err := Marshal(d, WithDialect(Godot3), AsReadFromText(c.asHeld))
		require.NoError(t, err)
		assert.Equal(t, c.want, string(text), "as held: %v", c.asHeld)
	}
}
