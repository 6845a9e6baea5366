package gdvar

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// More types than typeCache.recent has slots, so that many share one:
// each finds its own func, built once, whichever took the slot last.
func TestTypeCacheSharedSlots(t *testing.T) {
	c := typeCache[func(int, reflect.Value) error]{standIn: waitFor[int, func(int, reflect.Value) error]}
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

// A lookup of a type whose value another goroutine is making finds the
// stand-in; once made, every lookup finds the value.
func TestTypeCacheStandIn(t *testing.T) {
	standIn, made := new(int), new(int)
	c := typeCache[*int]{standIn: func(func() *int) *int { return standIn }}
	typ := reflect.TypeFor[int]()
	building, release, done := make(chan struct{}), make(chan struct{}), make(chan *int, 1)
	go func() {
		done <- c.get(typ, func(reflect.Type) *int {
			close(building)
			<-release
			return made
		})
	}()
	select {
	case <-building:
	case <-time.After(10 * time.Second):
		t.Fatal("the value is not being made")
	}
	assert.Same(t, standIn, c.get(typ, nil), "while it is made")
	close(release)
	select {
	case got := <-done:
		assert.Same(t, made, got)
	case <-time.After(10 * time.Second):
		t.Fatal("the value was not made")
	}
	assert.Same(t, made, c.get(typ, nil), "once made")
}
