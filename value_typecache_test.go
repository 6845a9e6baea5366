package gdvar

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// More types than typeCache.recent has slots, so that many share one:
// each finds its own func, built once, whichever took the slot last.
func TestTypeCacheSharedSlots(t *testing.T) {
	var c typeCache[int, func(int, reflect.Value) error]
	builds := map[reflect.Type]int{}
	build := func(t reflect.Type) func(int, reflect.Value) error {
		builds[t]++
		return func(int, reflect.Value) error { return fmt.Errorf("%v", t) }
	}
	types := make([]reflect.Type, 3*len(c.recent))
	for i := range types {
		types[i] = reflect.ArrayOf(i, reflect.TypeFor[int16]())
	}
	for round := range 3 {
		for _, typ := range types {
			f := c.get(typ, build)
			require.EqualError(t, f(0, reflect.Value{}), typ.String(), "round %d", round)
		}
	}
	for _, typ := range types {
		require.Equal(t, 1, builds[typ], "%v built once", typ)
	}
}
