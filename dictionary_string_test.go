package gdvar

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fmt prints a Dictionary's entries as Godot 4.6's print does (the wants
// were printed by Godot 4.6.3 from the same values), not its fields.
func TestDictionaryString(t *testing.T) {
	for _, c := range dictionaryStringCases() {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, fmt.Sprint(c.d))
			assert.Equal(t, c.want, c.d.String())
		})
	}
	var none *Dictionary
	assert.Equal(t, "<nil>", fmt.Sprint(none))
}

// dictionaryStringCase is a Dictionary and what Godot 4.6's print makes of
// it (checked by TestLiveDictionaryString).
type dictionaryStringCase struct {
	name string
	d    *Dictionary
	want string
}

// dictionaryStringCases are the cases of TestDictionaryString. "cycle"
// holds itself under "self"; it and "deep" go past the engine's 100 levels.
func dictionaryStringCases() []dictionaryStringCase {
	loop := NewDictionary("a", 1)
	loop.Set("self", loop)
	deep := NewDictionary()
	for range 120 {
		deep = NewDictionary("k", deep)
	}
	return []dictionaryStringCase{
		{"empty", NewDictionary(), "{  }"},
		{"engine", NewDictionary("a", 1, 2, []any{1.5, "x", 1.0, StringName("sn"), nil, true},
			Vector3{0, 1, 0}, NewDictionary(), "np", NodePath{Names: []string{"root", "a"}, SubNames: []string{"b"}, Absolute: true},
			"c", Color{1, 0, 0, 1}, "v2", Vector2{0.5, 2}),
			`{ "a": 1, 2: [1.5, "x", 1.0, &"sn", <null>, true], (0.0, 1.0, 0.0): {  }, "np": ^"/root/a:b", "c": (1.0, 0.0, 0.0, 1.0), "v2": (0.5, 2.0) }`},
		{"escaped", NewDictionary("s", "q\"\n"), `{ "s": "q\"\n" }`},
		{"typed array", NewDictionary(int64(1), Array{Values: []any{int32(2)}}), `{ 1: [2] }`},
		{"cycle", loop, strings.Repeat(`{ "a": 1, "self": `, 101) + "{ ... }" + strings.Repeat(" }", 101)},
		{"deep", deep, strings.Repeat(`{ "k": `, 101) + "{ ... }" + strings.Repeat(" }", 101)},
	}
}

// Godot 4.6's print makes of each of TestDictionaryString's Dictionaries
// what gdvar's String does. The engine reads each from its binary form;
// the cycle is made in the engine, from the Dictionary without "self".
func TestLiveDictionaryString(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	cases := dictionaryStringCases()
	var index strings.Builder
	for i, c := range cases {
		d, mode := c.d, "plain"
		if v, ok := d.Get("self"); ok && v == any(d) {
			d, mode = NewDictionary(), "self"
			for k, v := range c.d.All() {
				if k != "self" {
					d.Set(k, v)
				}
			}
		}
		bin, err := MustCodec(WithEngine(Godot4)).Marshal(d)
		require.NoError(t, err, c.name)
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d.bin", i)), bin, 0o644))
		fmt.Fprintf(&index, "%d %s\n", i, mode)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(index.String()), 0o644))
	godot.RunScript(t, engine, "scripts/godot4/print_dictionary.gd", dir)
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			printed, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("%d.txt", i)))
			require.NoError(t, err)
			assert.Equal(t, string(printed), c.d.String())
			assert.Equal(t, c.want, string(printed), "the engine disagrees with the table")
		})
	}
}
