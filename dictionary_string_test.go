package gdvar

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fmt prints a Dictionary's entries as Godot 4.6's print does (the wants
// were printed by Godot 4.6.3 from the same values), not its fields.
func TestDictionaryString(t *testing.T) {
	loop := NewDictionary("a", 1)
	loop.Set("self", loop)
	for _, c := range []struct {
		name string
		d    *Dictionary
		want string
	}{
		{"empty", NewDictionary(), "{  }"},
		{"engine", NewDictionary("a", 1, 2, []any{1.5, "x", 1.0, StringName("sn"), nil, true},
			Vector3{0, 1, 0}, NewDictionary(), "np", NodePath{Names: []string{"root", "a"}, SubNames: []string{"b"}, Absolute: true},
			"c", Color{1, 0, 0, 1}, "v2", Vector2{0.5, 2}),
			`{ "a": 1, 2: [1.5, "x", 1.0, &"sn", <null>, true], (0.0, 1.0, 0.0): {  }, "np": ^"/root/a:b", "c": (1.0, 0.0, 0.0, 1.0), "v2": (0.5, 2.0) }`},
		{"escaped", NewDictionary("s", "q\"\n"), `{ "s": "q\"\n" }`},
		{"typed array", NewDictionary(int64(1), Array{Values: []any{int32(2)}}), `{ 1: [2] }`},
		{"cycle", loop, `{ "a": 1, "self": {...} }`},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, fmt.Sprint(c.d))
			assert.Equal(t, c.want, c.d.String())
		})
	}
	var none *Dictionary
	assert.Equal(t, "<nil>", fmt.Sprint(none))
}
