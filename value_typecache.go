package gdvar

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// typeCache holds a value made once for each Go type: the encoder or
// decoder built for it, or what Marshal knows of it (topType). The value of
// a type in use is found in its slot of recent; that of a type whose slot a
// later one took, in the sync.Map beside it.
type typeCache[V any] struct {
	m      sync.Map // reflect.Type → V
	recent recentTypes[V]
	// standIn is what lookups of a type find while its value is made,
	// given a func that waits for that value: a recursive type's encoder
	// finds the entry of its own while that is being built.
	standIn func(made func() V) V
}

// get returns the value of t, made by build the first time.
func (c *typeCache[V]) get(t reflect.Type, build func(reflect.Type) V) V {
	if v, ok := c.recent.load(t); ok {
		return v
	}
	if v, ok := c.m.Load(t); ok {
		return v.(V)
	}
	var (
		wg sync.WaitGroup
		v  V
	)
	wg.Add(1)
	s, loaded := c.m.LoadOrStore(t, c.standIn(func() V {
		wg.Wait()
		return v
	}))
	if loaded {
		return s.(V)
	}
	v = build(t)
	wg.Done()
	c.m.Store(t, v)
	c.recent.store(t, v) // only the value made: never the stand-in
	return v
}

// waitFor is the stand-in of an encoder or decoder being built: it calls
// the func once built.
func waitFor[S any, F ~func(S, reflect.Value) error](built func() F) F {
	return func(s S, v reflect.Value) error { return built()(s, v) }
}

// recentTypes holds a value for each Go type once it is made, in a slot
// picked by the type, so that the lookup every Marshal or Unmarshal makes
// of a type in use is a load and a compare rather than sync.Map's hashing
// of an interface. A type whose slot a later one took is looked up the
// slower way, in the sync.Map beside it.
type recentTypes[V any] [256]atomic.Pointer[typeValue[V]]

// typeValue is a type and its value, in a slot of recentTypes. The type is
// held as the address of its descriptor, which identifies it: comparing
// two reflect.Type interfaces is a call of the runtime.
type typeValue[V any] struct {
	t unsafe.Pointer
	v V
}

// load returns t's value if t holds its slot.
func (r *recentTypes[V]) load(t reflect.Type) (V, bool) {
	id := typeID(t)
	if e := r[typeSlot(id)].Load(); e != nil && e.t == id {
		return e.v, true
	}
	var zero V
	return zero, false
}

// store gives t's slot to t and its value v.
func (r *recentTypes[V]) store(t reflect.Type, v V) {
	id := typeID(t)
	r[typeSlot(id)].Store(&typeValue[V]{id, v})
}

// typeID is the address of t's type descriptor.
func typeID(t reflect.Type) unsafe.Pointer {
	x := any(t)
	return efaceData(&x)
}

// typeSlot picks a type's slot in recentTypes from the address of its
// descriptor (Fibonacci hashing).
func typeSlot(id unsafe.Pointer) uintptr {
	return uintptr(id) * 0x9E3779B97F4A7C15 >> 56
}
