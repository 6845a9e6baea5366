package gdvar

import (
	"encoding"
	"encoding/binary"
	"math"
	"reflect"
	"sync/atomic"
	"time"
	"unsafe"
)

// A flat type is one whose values Marshal writes straight into the
// Encoder's buffer, one after another, without a token or a frame for each
// part: bools, ints, floats, math types, strings, []byte (a
// PackedByteArray), interface{} holding a leaf (see flatAny), values whose text is their String (an
// encoding.TextMarshaler that is also a TextAppender, as time.Time is),
// and structs and Arrays (slices tagged ",array", Go arrays) of flat types, with no
// omitempty or embedded field and no other method of their own. Its plan is made once per type. The
// bytes are those the token path writes; that path remains for the rest,
// for values a plan cannot take after all (a long string, a 64-bit value
// the engine version lacks), and for their errors.

// flatFunc appends the value at p to b. ok is false when this value cannot
// be written flat; b is then to be cut back by the caller.
type flatFunc func(es *encodeState, b []byte, p unsafe.Pointer) (_ []byte, ok bool)

// flatPlan is a flat type's writer and how many containers it nests.
type flatPlan struct {
	fn    flatFunc
	depth int
	// hasAny: the type holds an interface{}, which a plan writes when it
	// holds a leaf (see flatAny); missed: one held something else, and the
	// type is left to the token path from then on, not tried twice each
	// time.
	hasAny bool
	missed atomic.Bool
}

// tryFlat reports whether a value is worth trying to write by plan p.
func (p *flatPlan) tryFlat() bool { return flatPaths && !(p.hasAny && p.missed.Load()) }

// miss notes that a value could not be written by p.
func (p *flatPlan) miss() {
	if p.hasAny {
		p.missed.Store(true)
	}
}

// flatPaths turns the flat paths on (writing and reading); tests turn
// them off to compare.
var flatPaths = true

// newFlatPlan builds the plan of t (asArray: a slice tagged ",array"), or
// returns nil; open holds the struct types being planned, as a recursive
// type is not flat.
func newFlatPlan(t reflect.Type, asArray bool, open map[reflect.Type]bool) (*flatPlan, bool) {
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) {
		return nil, false
	}
	if t.Implements(textMarshalerType) {
		if godotTypeEncoder(t) == nil && t.Implements(textAppenderType) && !pointerShaped(t) {
			return &flatPlan{fn: flatText(t)}, true
		}
		return nil, false
	}
	if typ, ok := mathTypes[t]; ok {
		return &flatPlan{fn: flatMath(typ)}, true
	}
	if godotTypeEncoder(t) != nil { // gdvar's other Godot types
		return nil, false
	}
	switch t.Kind() {
	case reflect.Bool:
		return &flatPlan{fn: flatBool}, true
	case reflect.Int, reflect.Int64, reflect.Int32:
		if t.Size() == 8 {
			return &flatPlan{fn: func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
				return flatInt(es, b, *(*int64)(p))
			}}, true
		}
		return &flatPlan{fn: func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
			return flatInt(es, b, int64(*(*int32)(p)))
		}}, true
	case reflect.Int16:
		return &flatPlan{fn: func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
			return flatInt(es, b, int64(*(*int16)(p)))
		}}, true
	case reflect.Int8:
		return &flatPlan{fn: func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
			return flatInt(es, b, int64(*(*int8)(p)))
		}}, true
	case reflect.Float64:
		return &flatPlan{fn: flatFloat64}, true
	case reflect.Float32:
		return &flatPlan{fn: flatFloat32}, true
	case reflect.String:
		return &flatPlan{fn: flatString}, true
	case reflect.Slice:
		if !asArray && t.Elem() == reflect.TypeFor[byte]() {
			return &flatPlan{fn: flatBytes}, true
		}
		if !asArray {
			return nil, false // another packed array: packedEncoder
		}
		elem, ok := newFlatPlan(t.Elem(), false, open)
		if !ok {
			return nil, false
		}
		return &flatPlan{fn: flatArray(elem.fn, t.Elem().Size()), depth: 1 + elem.depth, hasAny: elem.hasAny}, true
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil, false // a PackedByteArray: packedEncoder
		}
		elem, ok := newFlatPlan(t.Elem(), false, open)
		if !ok {
			return nil, false
		}
		return &flatPlan{fn: flatGoArray(elem.fn, t.Len(), t.Elem().Size()), depth: 1 + elem.depth, hasAny: elem.hasAny}, true
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return nil, false
		}
		return &flatPlan{fn: flatAny, hasAny: true}, true
	case reflect.Struct:
		if arrayStruct(t) {
			return newFlatArrayStruct(t, open)
		}
		return newFlatStruct(t, open)
	}
	return nil, false
}

// newFlatStruct plans a struct: a Dictionary of its fields, each key's
// bytes prepared.
func newFlatStruct(t reflect.Type, open map[reflect.Type]bool) (*flatPlan, bool) {
	if open[t] {
		return nil, false
	}
	open[t] = true
	defer delete(open, t)
	type part struct {
		key []byte
		off uintptr
		fn  flatFunc
	}
	var parts []part
	depth, hasAny := 0, false
	for _, f := range structFields(t).fields {
		if f.omitEmpty || len(f.index) != 1 {
			return nil, false
		}
		p, ok := newFlatPlan(f.typ, f.asArray, open)
		if !ok {
			return nil, false
		}
		parts = append(parts, part{key: f.key, off: t.Field(f.index[0]).Offset, fn: p.fn})
		depth, hasAny = max(depth, p.depth), hasAny || p.hasAny
	}
	return &flatPlan{depth: 1 + depth, hasAny: hasAny, fn: func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
		b = appendWord(b, uint32(es.e.tab.wire[TypeDictionary]), uint32(len(parts)))
		for _, pt := range parts {
			var ok bool
			if b, ok = pt.fn(es, append(b, pt.key...), unsafe.Add(p, pt.off)); !ok {
				return b, false
			}
		}
		return b, true
	}}, true
}

// flatArray writes a slice as an untyped Array of elements of size bytes.
func flatArray(elem flatFunc, size uintptr) flatFunc {
	return func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
		s := *(*[]byte)(p) // only its pointer and length are used
		n := len(s)
		if n > math.MaxInt32 {
			return b, false
		}
		b = appendWord(b, uint32(es.e.tab.wire[TypeArray]), uint32(n))
		data := unsafe.Pointer(unsafe.SliceData(s))
		for i := range n {
			var ok bool
			if b, ok = elem(es, b, unsafe.Add(data, uintptr(i)*size)); !ok || len(b) > es.flatMax {
				return b, false // the token path streams a value larger than that
			}
		}
		return b, true
	}
}

// flatGoArray writes a Go array of n elements of size bytes as an untyped
// Array.
func flatGoArray(elem flatFunc, n int, size uintptr) flatFunc {
	return func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
		b = appendWord(b, uint32(es.e.tab.wire[TypeArray]), uint32(n))
		for i := range n {
			var ok bool
			if b, ok = elem(es, b, unsafe.Add(p, uintptr(i)*size)); !ok || len(b) > es.flatMax {
				return b, false
			}
		}
		return b, true
	}
}

// flatAny writes an interface{} that holds a leaf: nil, a string, an int,
// int64, int32, float64, float32 or bool, or a math value, as the interface's encoder
// would (see encodeState.any). Anything else is the token path's.
func flatAny(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
	x := *(*any)(p)
	switch v := x.(type) {
	case nil:
		return le32(b, uint32(es.e.tab.wire[TypeNil])), true
	case string:
		return flatString(es, b, unsafe.Pointer(&v))
	case int:
		return flatInt(es, b, int64(v))
	case int64:
		return flatInt(es, b, v)
	case int32:
		return flatInt(es, b, int64(v))
	case float32:
		return flatFloat32(es, b, unsafe.Pointer(&v))
	case float64:
		return flatFloat64(es, b, unsafe.Pointer(&v))
	case bool:
		return flatBool(es, b, unsafe.Pointer(&v))
	}
	if typ, ok := mathTypes[reflect.TypeOf(x)]; ok {
		return flatMathFuncs[typ](es, b, efaceData(&x)) // a math value is not pointer-shaped
	}
	return b, false
}

// flatMathFuncs is flatMath of each math type.
var flatMathFuncs = func() (fs [typeCount]flatFunc) {
	for _, typ := range mathTypes {
		fs[typ] = flatMath(typ)
	}
	return fs
}()

func flatBool(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
	v := uint32(0)
	if *(*bool)(p) {
		v = 1
	}
	return appendWord(b, uint32(es.e.tab.wire[TypeBool]), v), true
}

// flatInt writes an int as IntToken does: 32 bits when it fits.
func flatInt(es *encodeState, b []byte, v int64) ([]byte, bool) {
	tab := es.e.tab
	if v == int64(int32(v)) {
		return appendWord(b, uint32(tab.wire[TypeInt]), uint32(v)), true
	}
	if tab.flagBits[TypeInt]&flag64 == 0 {
		return b, false
	}
	return appendWord64(b, uint32(tab.wire[TypeInt])|flag64, uint64(v)), true
}

// flatFloat64 writes a float as FloatToken does: 32 bits when exact.
func flatFloat64(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
	v, tab := *(*float64)(p), es.e.tab
	if float64(float32(v)) == v {
		return appendWord(b, uint32(tab.wire[TypeFloat]), math.Float32bits(float32(v))), true
	}
	if tab.flagBits[TypeFloat]&flag64 == 0 {
		return b, false
	}
	return appendWord64(b, uint32(tab.wire[TypeFloat])|flag64, math.Float64bits(v)), true
}

func flatFloat32(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
	return appendWord(b, uint32(es.e.tab.wire[TypeFloat]), math.Float32bits(*(*float32)(p))), true
}

// tokenWay reports whether a string or byte array of n bytes goes the token
// way: one the Encoder hands to its writer as it is (writeData) rather than
// copy it (Marshal copies all), or one longer than Godot allows, which the
// token way refuses.
func (es *encodeState) tokenWay(n int) bool {
	return es.e.direct(n) || n > math.MaxInt32
}

// flatString writes a string that the Encoder would take in one piece.
func flatString(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
	s := *(*string)(p)
	if es.tokenWay(len(s)) {
		return b, false
	}
	return appendStringValue(b, stringType, stringBytes(s), 0), true
}

// flatBytes writes a []byte as a PackedByteArray that the Encoder would
// take in one piece.
func flatBytes(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
	s := *(*[]byte)(p)
	if es.tokenWay(len(s)) || !es.e.tab.has(TypePackedByteArray) {
		return b, false
	}
	return appendStringValue(b, uint32(es.e.tab.wire[TypePackedByteArray]), s, 0), true
}

// flatText writes a value of type t, an encoding.TextAppender, as the
// String that MarshalText gives (see textMarshalerEncoder), appending its
// text in place; an error is left to the token path to report.
func flatText(t reflect.Type) flatFunc {
	if t == reflect.TypeFor[time.Time]() { // the common one, without a call through an interface
		return func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
			start := len(b)
			b, err := appendTimeText(appendWord(b, stringType, 0), *(*time.Time)(p))
			return endText(es, b, start, err)
		}
	}
	return func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
		start := len(b)
		b, err := reflect.NewAt(t, p).Interface().(encoding.TextAppender).AppendText(appendWord(b, stringType, 0))
		return endText(es, b, start, err)
	}
}

// endText ends the String flatText began at b[start:], its length to be
// filled in, after its text was appended with error err.
func endText(es *encodeState, b []byte, start int, err error) ([]byte, bool) {
	n := len(b) - start - 8
	if err != nil || es.tokenWay(n) {
		return b, false
	}
	binary.LittleEndian.PutUint32(b[start+4:], uint32(n))
	return appendPad(b, padding(int64(n)), 0), true
}

// pointerShaped reports whether an interface holds a value of type t
// itself rather than a pointer to it, as Go's compiler decides.
func pointerShaped(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() == 1 && pointerShaped(t.Elem())
	case reflect.Struct:
		return t.NumField() == 1 && pointerShaped(t.Field(0).Type)
	}
	return false
}

// flatMath writes a math value as writeMath does.
func flatMath(typ Type) flatFunc {
	reals, n := typ.HasReals(), typ.Components() // known when the plan is made
	return func(es *encodeState, b []byte, p unsafe.Pointer) ([]byte, bool) {
		tab := es.e.tab
		if !tab.has(typ) {
			return b, false
		}
		if !reals {
			b = le32(b, uint32(tab.wire[typ]))
			return appendInt32s(b, unsafe.Slice((*int32)(p), n)), true
		}
		comps := unsafe.Slice((*float64)(p), n)
		wide := es.wide(typ, comps)
		var flags uint32
		if wide {
			flags = flag64
		}
		return appendReals(le32(b, uint32(tab.wire[typ])|flags), comps, wide), true
	}
}

// writeFlat writes the value at p, of a flat type, where a value goes;
// done is false when it must be written the token way.
func (es *encodeState) writeFlat(plan *flatPlan, p unsafe.Pointer) (done bool, err error) {
	if !plan.tryFlat() || plan.hasAny && es.hops >= maxHops {
		return false, nil
	}
	b, max, ok := es.e.rawValue(plan.depth)
	if !ok {
		return false, nil
	}
	es.flatMax = max
	if b, ok = plan.fn(es, b, p); !ok {
		plan.miss()
		return false, nil
	}
	return true, es.e.rawCommit(b)
}

// pointerTo returns the address of v's value, to be read in place: its
// own, or, for a value without one (held in an interface or a map), the
// one reflect holds it at, rather than a copy's. v's type is not
// pointer-shaped: a flat type, a math value, a float.
func pointerTo(v reflect.Value) unsafe.Pointer {
	if v.CanAddr() {
		return v.Addr().UnsafePointer()
	}
	if v.CanInterface() {
		// The interface holds a pointer to v's value, not a copy (reflect
		// copies only addressable values).
		x := v.Interface()
		return efaceData(&x)
	}
	return addressable(v).Addr().UnsafePointer()
}
