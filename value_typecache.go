package gdvar

import (
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// typeCache holds the encoder (or decoder) built for each Go type. A
// recursive type finds the entry of its own func while that is being built:
// a stand-in that waits for it.
type typeCache[S any, F ~func(S, reflect.Value) error] struct {
	m      sync.Map // reflect.Type → F
	recent recentTypes[F]
}

// get returns the func of type t, building it with build the first time.
func (c *typeCache[S, F]) get(t reflect.Type, build func(reflect.Type) F) F {
	if f, ok := c.recent.load(t); ok {
		return f
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
	c.recent.store(t, f) // only the built func: never the stand-in
	return f
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
