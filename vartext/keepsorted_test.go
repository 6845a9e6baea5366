package vartext

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// colorKeys is the text of a Dictionary of Color(i, 0, 0, 1): i for each i
// of order, as Godot 4 prints one.
func colorKeys(order ...int) string {
	entries := make([]string, len(order))
	for n, i := range order {
		entries[n] = fmt.Sprintf("Color(%d, 0, 0, 1): %d", i, i)
	}
	return "{\n" + strings.Join(entries, ",\n") + "\n}"
}

// Godot 4's comparison finds any two Colors equal, and its sort is not
// stable: Godot 4.6.3's var_to_str of 20 Colors set from 0 to 19 prints
// them from 19 to 0, and var_to_str of str_to_var of that text prints them
// from 0 to 19 (both checked with the engine). Its own text does not come
// back; with KeepSortedKeys, text whose keys are in the comparison's order
// does, and other text is sorted as the engine sorts it.
func TestKeepSortedKeys(t *testing.T) {
	var up, down []int
	for i := range 20 {
		up, down = append(up, i), append(down, 19-i)
	}
	engine, resorted := colorKeys(down...), colorKeys(up...)
	for _, c := range []struct {
		name string
		in   string
		keep bool
		want string
	}{
		{"the engine's text, sorted again", engine, false, resorted},
		{"the engine's text, kept", engine, true, engine},
		{"sorted again, kept", resorted, true, resorted},
		{"out of order, sorted", "{\n2: 0,\n1: 0\n}", true, "{\n1: 0,\n2: 0\n}"},
		{"ints and strings, kept", "{\n1: 0,\n\"a\": 0\n}", true, "{\n1: 0,\n\"a\": 0\n}"},
		{"strings out of order, sorted", "{\n\"b\": 0,\n\"a\": 0\n}", true, "{\n\"a\": 0,\n\"b\": 0\n}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var v any
			require.NoError(t, Unmarshal([]byte(c.in), &v))
			out, err := Marshal(v, KeepSortedKeys(c.keep))
			require.NoError(t, err)
			assert.Equal(t, c.want, string(out))
		})
	}
}
