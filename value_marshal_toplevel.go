package gdvar

import (
	"math"
	"reflect"
	"sync/atomic"
	"unsafe"
)

// The fixed cost of one Marshal or AppendMarshal call is kept small: a value
// of a flat type (see value_marshal_flat.go) is written by its plan straight into the
// output, with no Encoder at all when no option is given; Marshal sizes the
// output from the last value of the same type, so that it allocates the
// result only.

// topType is what Marshal knows of the Go type of the values given to it.
type topType struct {
	flat  *flatPlan    // the plan of the type, or of what it points to (deref); nil if none
	deref bool         // the type is a pointer to a flat type
	size  atomic.Int64 // the size of a recent output (see noteSize)
}

// topTypes holds the topType of each type. A goroutine that meets a type
// while another makes its topType finds one with no plan: it writes the
// value the general way.
var topTypes = typeCache[*topType]{standIn: func(func() *topType) *topType { return &topType{} }}

// nilType is the topType of a nil interface.
var nilType topType

// topTypeOf returns the topType of t, made once.
func topTypeOf(t reflect.Type) *topType {
	if t == nil {
		return &nilType
	}
	return topTypes.get(t, newTopType)
}

// newTopType makes the topType of t.
func newTopType(t reflect.Type) *topType {
	tt := &topType{}
	elem := t
	if t.Kind() == reflect.Pointer && !t.Implements(marshalerType) && !t.Implements(textMarshalerType) {
		elem, tt.deref = t.Elem(), true
	}
	// A slice other than a packed array's is an Array, where Marshal meets
	// it as where a field tagged ",array" holds it.
	asArray := elem.Kind() == reflect.Slice && packedEncoder(elem) == nil
	if plan, _ := newFlatPlan(elem, asArray, map[reflect.Type]bool{}); plan != nil && plan.depth <= DefaultMaxDepth {
		tt.flat = plan
	}
	tt.deref = tt.deref && tt.flat != nil
	return tt
}

// capacity is the output buffer Marshal makes for a value of the type:
// what a recent one took.
func (tt *topType) capacity() int { return int(tt.size.Load()) }

// noteSize records the size of an output, when it outgrows the one recorded
// or is less than half of it: a type of values of about one size is
// written into a buffer that fits at once.
func (tt *topType) noteSize(n int) {
	if old := tt.size.Load(); int64(n) > old || int64(n) < old/2 {
		tt.size.Store(int64(n))
	}
}

// flatDefault is the state a plan reads when no option is given: shared by
// every call, and never written.
var flatDefault = func() *encodeState {
	e := NewEncoder(nil)
	es := e.state()
	es.flatMax = math.MaxInt
	return es
}()

// appendFlat writes v by its type's plan into dst, reading the options
// from es; ok is false when it must be written the general way.
func appendFlat(tt *topType, es *encodeState, dst []byte, v any) (_ []byte, ok bool) {
	if tt.flat == nil || !tt.flat.tryFlat() || es.e.final() != nil || tt.flat.depth > es.e.cfg.limits.MaxDepth {
		return dst, false
	}
	// A flat type is never pointer-shaped (it holds no pointer but a
	// string's or slice's), so the interface holds a pointer to the value;
	// with deref, it holds the pointer given.
	p := efaceData(&v)
	if p == nil {
		return dst, false // a nil pointer: Nil
	}
	b, ok := tt.flat.fn(es, dst, p)
	if !ok {
		tt.flat.miss()
		return dst, false
	}
	return b, true
}

// efaceData returns the data word of an interface: a pointer to its value,
// or the value itself for a pointer-shaped type. This is the one place that
// reads an interface's layout; it lets a value given by value be read in
// place, where reflect would copy it to take its address.
func efaceData(v *any) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(v))[1]
}
