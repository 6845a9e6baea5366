package gdvar

import (
	"reflect"
	"sync"
	"sync/atomic"
)

// typeCache holds the encoder (or decoder) built for each Go type. A
// recursive type finds the entry of its own func while that is being built:
// a stand-in that waits for it.
type typeCache[S any, F ~func(S, reflect.Value) error] struct {
	m sync.Map // reflect.Type → F
	// recent holds each func once built, in a slot picked by its type, so
	// that the lookup every Unmarshal makes of a type in use is a load and a
	// compare rather than sync.Map's hashing of an interface. A type whose
	// slot a later one took is found in m.
	recent [256]atomic.Pointer[builtFunc[F]]
}

// builtFunc is a type and its func, in a slot of typeCache.recent.
type builtFunc[F any] struct {
	t reflect.Type
	f F
}

// get returns the func of type t, building it with build the first time.
func (c *typeCache[S, F]) get(t reflect.Type, build func(reflect.Type) F) F {
	slot := &c.recent[typeSlot(t)]
	if b := slot.Load(); b != nil && b.t == t {
		return b.f
	}
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
	slot.Store(&builtFunc[F]{t, f}) // only the built func: never the stand-in
	return f
}

// typeSlot picks t's slot in typeCache.recent from the address of its
// type descriptor (Fibonacci hashing).
func typeSlot(t reflect.Type) uintptr {
	x := any(t)
	return uintptr(efaceData(&x)) * 0x9E3779B97F4A7C15 >> 56
}
