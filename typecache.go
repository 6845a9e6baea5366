package gdvar

import (
	"reflect"
	"sync"
)

// typeCache holds the encoder (or decoder) built for each Go type. A
// recursive type finds the entry of its own func while that is being built:
// a stand-in that waits for it.
type typeCache[S any, F ~func(S, reflect.Value) error] struct {
	m sync.Map // reflect.Type → F
}

// get returns the func of type t, building it with build the first time.
func (c *typeCache[S, F]) get(t reflect.Type, build func(reflect.Type) F) F {
	if f, ok := c.m.Load(t); ok {
		return f.(F)
	}
	var (
		wg sync.WaitGroup
		f  F
	)
	wg.Add(1)
	fi, loaded := c.m.LoadOrStore(t, F(func(s S, v reflect.Value) error {
		wg.Wait()
		return f(s, v)
	}))
	if loaded {
		return fi.(F)
	}
	f = build(t)
	wg.Done()
	c.m.Store(t, f)
	return f
}
