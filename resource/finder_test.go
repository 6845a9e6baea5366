package resource

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A script's variables are found by name, those of a name given more
// than once (which a Scripts may say) in their places.
func TestScriptVarsPlaces(t *testing.T) {
	s := newScriptVars([]ScriptProperty{{Name: "a"}, {Name: "b", Object: true}, {Name: "a", Object: true}, {Name: "c"}, {Name: "a"}})
	for _, tt := range []struct {
		name   string
		from   int
		index  int
		last   int
		object bool
	}{
		{"a", 0, 0, 4, true},
		{"a", 1, 2, 4, true},
		{"a", 3, 4, 4, true},
		{"a", 5, -1, 4, true},
		{"b", 0, 1, 1, true},
		{"b", 2, -1, 1, true},
		{"c", 0, 3, 3, false},
		{"d", 0, -1, -1, false},
	} {
		assert.Equal(t, tt.index, s.index(tt.name, tt.from), "index(%s, %d)", tt.name, tt.from)
		assert.Equal(t, tt.last, s.last(tt.name), "last(%s)", tt.name)
		assert.Equal(t, tt.object, s.object(tt.name), "object(%s)", tt.name)
	}
}
