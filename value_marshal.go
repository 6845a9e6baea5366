package gdvar

import (
	"cmp"
	"encoding"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"sync"
	"unsafe"
)

// Marshal returns the Godot encoding of v, as var_to_bytes would write it:
//
//   - nil, a nil pointer or interface: Nil
//   - bool: bool; Go integers: int (32-bit when the value fits, as Godot
//     writes it); float64: float (32-bit iff that loses nothing); float32:
//     32-bit float
//   - string: String; StringName: StringName; encoding.TextMarshaler: String
//     (written with its AppendText when it is an encoding.TextAppender too,
//     which should give the same text)
//   - []byte, []int32, []int64, []float32, []float64, []string, []Vector2,
//     []Vector3, []Vector4, []Color: the Packed*Array of that element
//   - other slices and Go arrays: Array; Array: a typed Array
//   - maps: Dictionary, keys sorted (Go maps have no order); *Dictionary: a
//     Dictionary in its own order
//   - structs: Dictionary with String keys in field order; the key is the
//     field's gdvar tag name, else its snake_case name. Tag options:
//     "omitempty" leaves out empty values, "array" writes a slice as an Array
//     instead of a packed array, and a tag of "-" leaves the field out
//   - a struct with a blank field tagged ",array" (_ struct{} `gdvar:",array"`):
//     an untyped Array of its fields in order, as CBOR's toarray writes it;
//     "-" leaves a field out, omitempty is ignored (positions do not move)
//   - the math types, Color, NodePath, RID, ObjectID, *Object, Callable,
//     Signal, Image, InputEvent: those Godot types
//   - RawValue: written as it is; Marshaler: what its MarshalGodot writes
//
// Real-valued math types use 32-bit reals unless that would lose precision
// (see [WithMathPrecision]). It writes Godot 4's encoding; a Codec's Marshal
// writes another engine version's, or with other settings.
func Marshal(v any) ([]byte, error) {
	return marshalWith(&defaultConfig, true, v)
}

// marshalWith is Marshal with the configuration cfg, which sets nothing
// if plain.
func marshalWith(cfg *config, plain bool, v any) ([]byte, error) {
	tt := topTypeOf(reflect.TypeOf(v))
	b, err := appendMarshal(tt, make([]byte, 0, tt.capacity()), v, cfg, plain)
	if err != nil {
		return nil, err
	}
	tt.noteSize(len(b))
	return b, nil
}

// encodeToBytes runs write on a pooled Encoder and returns a copy of what it
// wrote.
func encodeToBytes(cfg *config, write func(es *encodeState) error) ([]byte, error) {
	e := getEncoder(cfg)
	defer encoderPool.Put(e)
	if err := write(e.state()); err != nil {
		return nil, err
	}
	return e.output(), nil
}

// encoderPool keeps the Encoders Marshal and AppendMarshal use.
var encoderPool = sync.Pool{New: func() any { return new(Encoder) }}

func getEncoder(cfg *config) *Encoder {
	e := encoderPool.Get().(*Encoder)
	e.reset(nil, cfg)
	return e
}

// AppendMarshal appends the Godot encoding of v to dst, as [Marshal] writes
// it, and returns the extended slice: a caller with its own buffer (a frame
// being built, say) avoids a copy.
func AppendMarshal(dst []byte, v any) ([]byte, error) {
	return appendMarshal(topTypeOf(reflect.TypeOf(v)), dst, v, &defaultConfig, true)
}

// appendMarshal is AppendMarshal of a value of type tt with the
// configuration cfg, which sets nothing if plain.
func appendMarshal(tt *topType, dst []byte, v any, cfg *config, plain bool) ([]byte, error) {
	if plain {
		if b, ok := appendFlat(tt, flatDefault, dst, v); ok {
			return b, nil
		}
	}
	e := getEncoder(cfg)
	defer func() {
		e.detach()
		encoderPool.Put(e)
	}()
	if !plain && tt.flat != nil {
		es := e.state()
		es.flatMax = math.MaxInt // the plan reads the options here
		if b, ok := appendFlat(tt, es, dst, v); ok {
			return b, nil
		}
	}
	e.appendTo(dst)
	if err := e.Encode(v); err != nil {
		return dst, err
	}
	return e.detach(), nil
}

// Encode writes v as one Godot value, as [Marshal] does. Inside an open
// container it writes the next element.
func (e *Encoder) Encode(v any) error {
	if err := e.final(); err != nil {
		return err
	}
	es := e.state()
	if es.hops == 0 { // not inside a MarshalGodot, whose path counts
		if tt := topTypeOf(reflect.TypeOf(v)); tt.flat != nil {
			if p := efaceData(&v); p != nil { // as in appendFlat
				if done, err := es.writeFlat(tt.flat, p); done || err != nil {
					return err
				}
			}
		}
	}
	k, hops := len(es.refs), es.hops // Encode may run inside a MarshalGodot
	err := es.any(v)
	if err != nil {
		err = es.cycle(err)
	}
	es.refs, es.hops = es.refs[:k], hops
	return err
}

// encodeState is one Encode call's state.
type encodeState struct {
	e       *Encoder
	scratch [136]byte // a math payload, built without allocating
	flatMax int       // the buffer length a flat write may reach (see writeFlat)
	chunk   []byte    // a packed vector chunk being built
	refs    []ref     // the references being followed (see value_marshal_nesting.go)
	hops    int       // the pointers, interfaces and Marshalers on the path
	keys    []string  // the sorted keys of the map[string]any being written and those it is inside
}

type encoderFunc func(es *encodeState, v reflect.Value) error

var encoders = typeCache[encoderFunc]{standIn: waitFor[*encodeState, encoderFunc]}

// encoderFor returns the encoder of type t, cached.
func encoderFor(t reflect.Type) encoderFunc {
	return encoders.get(t, func(t reflect.Type) encoderFunc { return newEncoderFunc(t, false) })
}

func (es *encodeState) value(v reflect.Value) error {
	if !v.IsValid() {
		return es.e.WriteToken(NilToken)
	}
	return encoderFor(v.Type())(es, v)
}

func (es *encodeState) unsupported(t reflect.Type, why string) error {
	return &EncodeError{Path: es.e.path(), Detail: fmt.Sprintf("cannot marshal Go value of type %s%s", t, why), Err: ErrUnsupportedType}
}

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	textAppenderType  = reflect.TypeFor[encoding.TextAppender]()
)

// newEncoderFunc builds the encoder of type t; asArray writes slices as
// Arrays.
func newEncoderFunc(t reflect.Type, asArray bool) encoderFunc {
	if t.Implements(marshalerType) {
		return marshalerEncoder
	}
	if reflect.PointerTo(t).Implements(marshalerType) {
		// A method with a pointer receiver: call it on the value's address,
		// or on a copy's when the value has none.
		return func(es *encodeState, v reflect.Value) error {
			return marshalerEncoder(es, addressable(v).Addr())
		}
	}
	if f := godotTypeEncoder(t); f != nil {
		return f
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEncoder
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(BoolToken(v.Bool())) }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(IntToken(v.Int())) }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintEncoder
	case reflect.Float32:
		return func(es *encodeState, v reflect.Value) error {
			// The bits as they are: a float64 round trip would quieten a
			// signalling NaN.
			return es.e.WriteToken(Float32Token(math.Float32frombits(*(*uint32)(pointerTo(v)))))
		}
	case reflect.Float64:
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(FloatToken(v.Float())) }
	case reflect.String:
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(StringToken(v.String())) }
	case reflect.Interface:
		return func(es *encodeState, v reflect.Value) error {
			if err := es.hop(); err != nil {
				return err
			}
			var err error
			if v.CanInterface() {
				err = es.any(v.Interface())
			} else {
				err = es.value(v.Elem())
			}
			es.unhop()
			return err
		}
	case reflect.Pointer:
		elem := t.Elem()
		return func(es *encodeState, v reflect.Value) error {
			if v.IsNil() {
				return es.e.WriteToken(NilToken)
			}
			if err := es.hop(); err != nil {
				return err
			}
			k := es.follow(valueRef(v))
			err := es.leave(k, encoderFor(elem)(es, v.Elem()))
			es.unhop()
			return err
		}
	case reflect.Slice, reflect.Array:
		if !asArray {
			if f := packedEncoder(t); f != nil {
				return f
			}
		}
		return arrayEncoder(t)
	case reflect.Map:
		return mapEncoder(t)
	case reflect.Struct:
		if arrayStruct(t) {
			return arrayStructEncoder(t)
		}
		return structEncoder(t)
	}
	return func(es *encodeState, v reflect.Value) error { return es.unsupported(t, "") }
}

func marshalerEncoder(es *encodeState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return es.e.WriteToken(NilToken)
	}
	if err := es.hop(); err != nil {
		return err
	}
	depth := es.e.Depth()
	err := v.Interface().(Marshaler).MarshalGodot(es.e)
	es.unhop()
	if err != nil {
		return err
	}
	if es.e.Depth() != depth {
		return es.unsupported(v.Type(), ": its MarshalGodot left a value unfinished")
	}
	return nil
}

func textMarshalerEncoder(es *encodeState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return es.e.WriteToken(NilToken)
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return err
	}
	return es.e.WriteToken(StringChunkToken(len(b), b))
}

func uintEncoder(es *encodeState, v reflect.Value) error {
	u := v.Uint()
	if u > math.MaxInt64 {
		return es.unsupported(v.Type(), fmt.Sprintf(": %d does not fit in Godot's int", u))
	}
	return es.e.WriteToken(IntToken(int64(u)))
}

// godotTypeEncoder returns the encoder of one of gdvar's Godot types.
func godotTypeEncoder(t reflect.Type) encoderFunc {
	if typ, ok := mathTypes[t]; ok {
		return func(es *encodeState, v reflect.Value) error { return es.writeMath(typ, v) }
	}
	switch t {
	case reflect.TypeFor[RawValue]():
		return func(es *encodeState, v reflect.Value) error { return es.writeRaw(v.Bytes()) }
	case reflect.TypeFor[StringName]():
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(StringNameToken(v.String())) }
	case reflect.TypeFor[RID]():
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(RIDToken(RID(v.Uint()))) }
	case reflect.TypeFor[ObjectID]():
		return func(es *encodeState, v reflect.Value) error {
			return es.e.WriteToken(ObjectIDToken(ObjectID(v.Uint())))
		}
	case reflect.TypeFor[Callable]():
		return func(es *encodeState, v reflect.Value) error { return es.e.WriteToken(CallableToken) }
	case reflect.TypeFor[Color]():
		return func(es *encodeState, v reflect.Value) error {
			// The components' bits as they are: a float64 round trip
			// would quieten a signalling NaN.
			fs := unsafe.Slice((*float32)(addressable(v).Addr().UnsafePointer()), 4)
			return es.e.WriteToken(payloadToken(TypeColor, appendFloat32s(es.scratch[:0], fs...), false))
		}
	case reflect.TypeFor[Signal]():
		return func(es *encodeState, v reflect.Value) error {
			return es.e.WriteToken(SignalToken(v.Field(0).String(), v.Field(1).Uint()))
		}
	case reflect.TypeFor[NodePath]():
		return func(es *encodeState, v reflect.Value) error {
			return es.e.WriteToken(nodePathToken(v.Interface().(NodePath)))
		}
	case reflect.TypeFor[InputEvent]():
		return func(es *encodeState, v reflect.Value) error {
			return es.e.WriteToken(InputEventToken(v.Interface().(InputEvent)))
		}
	case reflect.TypeFor[Image]():
		return func(es *encodeState, v reflect.Value) error {
			img := v.Interface().(Image)
			return es.payload(ImageStartToken(img.ImageHeader, len(img.Data)), img.Data, PackedEndToken)
		}
	case reflect.TypeFor[Object]():
		return func(es *encodeState, v reflect.Value) error {
			o := v.Interface().(Object)
			return es.writeObject(&o)
		}
	case reflect.TypeFor[*Object]():
		return func(es *encodeState, v reflect.Value) error {
			if v.IsNil() {
				return es.e.WriteToken(NilToken)
			}
			return es.writeObject(v.Interface().(*Object))
		}
	case reflect.TypeFor[Dictionary]():
		return func(es *encodeState, v reflect.Value) error {
			d := v.Interface().(Dictionary)
			return es.writeDictionary(&d)
		}
	case reflect.TypeFor[*Dictionary]():
		return func(es *encodeState, v reflect.Value) error {
			if v.IsNil() {
				return es.e.WriteToken(NilToken)
			}
			return es.writeDictionary(v.Interface().(*Dictionary))
		}
	case reflect.TypeFor[Array]():
		return func(es *encodeState, v reflect.Value) error {
			a := v.Interface().(Array)
			if err := es.e.WriteToken(arrayStart(len(a.Values), a.Type, a.Shared)); err != nil {
				return err
			}
			k := es.follow(sliceRef(a.Values, v.Type()))
			for _, x := range a.Values {
				if err := es.any(x); err != nil {
					return err
				}
			}
			return es.leave(k, es.e.WriteToken(ArrayEndToken))
		}
	}
	return nil
}

// writeMath writes a math value held in v, reading its components in place.
func (es *encodeState) writeMath(typ Type, v reflect.Value) error {
	ptr := pointerTo(v)
	if !typ.HasReals() {
		n := typ.mathSize(false) / 4
		return es.e.WriteToken(payloadToken(typ, appendInt32s(es.scratch[:0], unsafe.Slice((*int32)(ptr), n)), false))
	}
	comps := unsafe.Slice((*float64)(ptr), typ.reals())
	wide := es.wide(typ, comps)
	return es.e.WriteToken(payloadToken(typ, appendReals(es.scratch[:0], comps, wide), wide))
}

// addressable returns v, or a copy of it that has an address.
func addressable(v reflect.Value) reflect.Value {
	if v.CanAddr() {
		return v
	}
	p := reflect.New(v.Type())
	p.Elem().Set(v)
	return p.Elem()
}

// wide decides whether reals are written with 64 bits: as the precision
// option says, else when 32 bits would change a component, where the engine
// version has 64-bit reals for typ.
func (es *encodeState) wide(typ Type, comps []float64) bool {
	if es.e.tab.flagBits[typ]&flag64 == 0 {
		return false
	}
	if p := es.e.cfg.precision; p != 0 {
		return Precision(p-1) == Double
	}
	return anyWide(comps)
}

func appendFloat32s(b []byte, fs ...float32) []byte {
	for _, f := range fs {
		b = le32(b, math.Float32bits(f))
	}
	return b
}

// arrayStart is an Array's start token, with the shared flag.
func arrayStart(n int, typ ContainerType, shared bool) Token {
	t := ArrayStartToken(n, typ)
	if shared {
		t = sharedToken(t)
	}
	return t
}

func (es *encodeState) writeObject(o *Object) error {
	if err := es.e.WriteToken(ObjectStartToken(o.Class, len(o.Properties))); err != nil {
		return err
	}
	k := es.follow(sliceRef(o.Properties, reflect.TypeFor[Object]()))
	for _, p := range o.Properties {
		if err := es.e.WriteToken(ObjectPropertyToken(p.Name)); err != nil {
			return err
		}
		if err := es.any(p.Value); err != nil {
			return err
		}
	}
	return es.leave(k, es.e.WriteToken(ObjectEndToken))
}

// writeObjectStart writes a full object's start and its first properties,
// for capture.
func (es *encodeState) writeObjectStart(start Token, props []Property) error {
	if err := es.e.WriteToken(start); err != nil {
		return err
	}
	for _, p := range props {
		if err := es.e.WriteToken(ObjectPropertyToken(p.Name)); err != nil {
			return err
		}
		if err := es.any(p.Value); err != nil {
			return err
		}
	}
	return nil
}

func (es *encodeState) writeDictionary(d *Dictionary) error {
	start := DictStartToken(d.Len(), d.KeyType, d.ValueType)
	if d.Shared {
		start = sharedToken(start)
	}
	if err := es.e.WriteToken(start); err != nil {
		return err
	}
	entries := d.entries()
	k := es.follow(sliceRef(entries, reflect.TypeFor[Dictionary]()))
	for _, e := range entries {
		if err := es.e.WriteToken(DictKeyToken); err != nil {
			return err
		}
		if err := es.any(e.key); err != nil {
			return err
		}
		if err := es.any(e.value); err != nil {
			return err
		}
	}
	return es.leave(k, es.e.WriteToken(DictEndToken))
}

// rawCodecs read a RawValue's bytes: each engine version's, full objects
// allowed.
var rawCodecs = func() (c [Godot2 + 1]*Codec) {
	for e := range c {
		c[e] = MustCodec(WithEngine(Engine(e)), AllowObjects(true))
	}
	return c
}()

// writeRaw writes an encoded value, checking that it is exactly one valid
// value of the Encoder's engine version.
func (es *encodeState) writeRaw(raw []byte) error {
	dec := rawCodecs[es.e.cfg.engine].NewDecoderBytes(raw)
	if err := CopyValue(es.e, dec); err != nil {
		return fmt.Errorf("gdvar: RawValue: %w", interruptCause(err))
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return fmt.Errorf("gdvar: RawValue holds more than one value")
	}
	return nil
}

// packedEncoder returns the encoder of a slice type written as a packed
// array, or nil.
func packedEncoder(t reflect.Type) encoderFunc {
	if t.Kind() == reflect.Array && t.Elem().Kind() != reflect.Uint8 {
		return nil
	}
	elem := t.Elem()
	whole := func(typ Type, size int) encoderFunc {
		return func(es *encodeState, v reflect.Value) error {
			n := v.Len()
			var data []byte
			if n > 0 {
				first := v.Index(0) // a slice's elements have an address; a Go array's may not
				if !first.CanAddr() {
					first = addressable(v).Index(0)
				}
				data = unsafe.Slice((*byte)(first.Addr().UnsafePointer()), n*size)
			}
			return es.packed(typ, n, false, data)
		}
	}
	switch elem {
	case reflect.TypeFor[byte]():
		return whole(TypePackedByteArray, 1)
	case reflect.TypeFor[int32]():
		return whole(TypePackedInt32Array, 4)
	case reflect.TypeFor[int64]():
		return whole(TypePackedInt64Array, 8)
	case reflect.TypeFor[float32]():
		return whole(TypePackedFloat32Array, 4)
	case reflect.TypeFor[float64]():
		return whole(TypePackedFloat64Array, 8)
	case reflect.TypeFor[Color]():
		return whole(TypePackedColorArray, 16)
	case reflect.TypeFor[string]():
		return func(es *encodeState, v reflect.Value) error {
			if err := es.e.WriteToken(PackedStartToken(TypePackedStringArray, v.Len(), Single)); err != nil {
				return err
			}
			for i := range v.Len() {
				if err := es.e.WriteToken(StringToken(v.Index(i).String())); err != nil {
					return err
				}
			}
			return es.e.WriteToken(PackedEndToken)
		}
	case reflect.TypeFor[Vector2]():
		return vectorsEncoder(TypePackedVector2Array)
	case reflect.TypeFor[Vector3]():
		return vectorsEncoder(TypePackedVector3Array)
	case reflect.TypeFor[Vector4]():
		return vectorsEncoder(TypePackedVector4Array)
	}
	return nil
}

// packed writes a packed array of n elements whose payload is data.
func (es *encodeState) packed(typ Type, n int, wide bool, data []byte) error {
	p := Single
	if wide {
		p = Double
	}
	return es.payload(PackedStartToken(typ, n, p), data, PackedEndToken)
}

// payload writes a start token, data as one chunk, and the end.
func (es *encodeState) payload(start Token, data []byte, end Token) error {
	if err := es.e.WriteToken(start); err != nil {
		return err
	}
	if len(data) > 0 {
		if err := es.e.WriteToken(PackedChunkToken(data)); err != nil {
			return err
		}
	}
	return es.e.WriteToken(end)
}

// vectorsEncoder writes a slice of vectors as a packed vector array, with
// 64-bit reals when any component needs them (see wide).
func vectorsEncoder(typ Type) encoderFunc {
	per := typ.reals()
	return func(es *encodeState, v reflect.Value) error {
		n := v.Len()
		var comps []float64
		if n > 0 {
			comps = unsafe.Slice((*float64)(v.Index(0).Addr().UnsafePointer()), n*per)
		}
		wide := es.wide(typ, comps)
		p := Single
		if wide {
			p = Double
		}
		if err := es.e.WriteToken(PackedStartToken(typ, n, p)); err != nil {
			return err
		}
		const chunkReals = 2048
		for len(comps) > 0 {
			k := min(len(comps), chunkReals/per*per)
			es.chunk = appendReals(es.chunk[:0], comps[:k], wide)
			if err := es.e.WriteToken(PackedChunkToken(es.chunk)); err != nil {
				return err
			}
			comps = comps[k:]
		}
		return es.e.WriteToken(PackedEndToken)
	}
}

// arrayEncoder writes a slice or Go array as an untyped Array.
func arrayEncoder(t reflect.Type) encoderFunc {
	return func(es *encodeState, v reflect.Value) error {
		elem := encoderFor(t.Elem())
		n := v.Len()
		if err := es.e.WriteToken(ArrayStartToken(n, UntypedContainer)); err != nil {
			return err
		}
		k := len(es.refs)
		if v.Kind() == reflect.Slice {
			k = es.follow(ref{v.Pointer(), n, t})
		}
		for i := range n {
			if err := elem(es, v.Index(i)); err != nil {
				return err
			}
		}
		return es.leave(k, es.e.WriteToken(ArrayEndToken))
	}
}

// mapEncoder writes a map as a Dictionary, keys sorted so that the output
// does not depend on Go's map order.
func mapEncoder(t reflect.Type) encoderFunc {
	return func(es *encodeState, v reflect.Value) error {
		if t == stringAnyMapType && v.CanInterface() && !v.IsNil() {
			return es.stringAnyMap(v)
		}
		if v.IsNil() {
			return es.e.WriteToken(NilToken)
		}
		// Entries, not keys looked up again: a NaN key finds nothing.
		entries := make([][2]reflect.Value, 0, v.Len())
		var it reflect.MapIter // not MapRange's, which allocates
		for it.Reset(v); it.Next(); {
			entries = append(entries, [2]reflect.Value{it.Key(), it.Value()})
		}
		slices.SortFunc(entries, func(a, b [2]reflect.Value) int { return compareKeys(a[0], b[0]) })
		key, elem := encoderFor(t.Key()), encoderFor(t.Elem())
		if err := es.e.WriteToken(DictStartToken(len(entries), UntypedContainer, UntypedContainer)); err != nil {
			return err
		}
		at := es.follow(valueRef(v))
		for _, kv := range entries {
			if err := es.e.WriteToken(DictKeyToken); err != nil {
				return err
			}
			if err := key(es, kv[0]); err != nil {
				return err
			}
			if err := elem(es, kv[1]); err != nil {
				return err
			}
		}
		return es.leave(at, es.e.WriteToken(DictEndToken))
	}
}

var stringAnyMapType = reflect.TypeFor[map[string]any]()

// stringAnyMap writes a map[string]any, the generic form's map, as
// mapEncoder does, without reflect's copy of each key and value: the keys
// are sorted in es.keys, on top of those of the maps it is inside.
func (es *encodeState) stringAnyMap(v reflect.Value) error {
	m := v.Interface().(map[string]any)
	base := len(es.keys)
	for k := range m {
		es.keys = append(es.keys, k)
	}
	slices.Sort(es.keys[base:])
	err := es.stringAnyEntries(v, m, base)
	es.keys = es.keys[:base]
	if base == 0 && cap(es.keys) > 1024 {
		es.keys = nil // a pooled Encoder keeps no large map's keys
	}
	return err
}

// stringAnyEntries writes m, held in v, whose keys are es.keys[base:].
func (es *encodeState) stringAnyEntries(v reflect.Value, m map[string]any, base int) error {
	n := len(es.keys) - base
	if err := es.e.WriteToken(DictStartToken(n, UntypedContainer, UntypedContainer)); err != nil {
		return err
	}
	at := es.follow(valueRef(v))
	for i := range n {
		k := es.keys[base+i] // (es.keys may move as the maps inside add theirs)
		if err := es.e.writeKey(k, nil); err != nil {
			return err
		}
		if err := es.hop(); err != nil { // as the interface's encoder counts it
			return err
		}
		err := es.any(m[k])
		es.unhop()
		if err != nil {
			return err
		}
	}
	return es.leave(at, es.e.WriteToken(DictEndToken))
}

// compareKeys orders map keys: numbers by value, strings by bytes, other
// keys by their printed form.
func compareKeys(a, b reflect.Value) int {
	switch a.Kind() {
	case reflect.String:
		return cmp.Compare(a.String(), b.String())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp.Compare(a.Int(), b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp.Compare(a.Uint(), b.Uint())
	case reflect.Float32, reflect.Float64:
		return cmp.Compare(a.Float(), b.Float())
	}
	return cmp.Compare(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
}

// structEncoder writes a struct as a Dictionary of its fields in order.
func structEncoder(t reflect.Type) encoderFunc {
	si := structFields(t)
	encs := make([]encoderFunc, len(si.fields))
	counted := true // every field is always written: the count is known
	for i, f := range si.fields {
		if f.asArray && (f.typ.Kind() == reflect.Slice || f.typ.Kind() == reflect.Array) {
			encs[i] = arrayEncoder(f.typ)
		} else {
			encs[i] = encoderFor(f.typ) // a recursive type gets typeCache's stand-in
		}
		counted = counted && !f.omitEmpty && len(f.index) == 1
	}
	plan, _ := newFlatPlan(t, false, map[reflect.Type]bool{}) // nil for a type that is not flat
	return func(es *encodeState, v reflect.Value) error {
		if plan != nil {
			if done, err := es.writeFlat(plan, pointerTo(v)); done || err != nil {
				return err
			}
		}
		n := len(si.fields)
		if !counted {
			n = 0
			for _, f := range si.fields {
				if fv, ok := fieldValue(v, f.index); ok && !(f.omitEmpty && isEmpty(fv)) {
					n++
				}
			}
		}
		if err := es.e.WriteToken(DictStartToken(n, UntypedContainer, UntypedContainer)); err != nil {
			return err
		}
		for i, f := range si.fields {
			fv, ok := fieldValue(v, f.index)
			if !ok || f.omitEmpty && isEmpty(fv) {
				continue
			}
			if err := es.e.writeKey(f.name, f.key); err != nil {
				return err
			}
			if err := encs[i](es, fv); err != nil {
				return err
			}
		}
		return es.e.WriteToken(DictEndToken)
	}
}

// fieldValue follows a field index through embedded structs; a nil embedded
// pointer has no fields.
func fieldValue(v reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v, true
}

// isEmpty is what omitempty leaves out: false, 0, "", a nil pointer or
// interface, and an empty slice, map or Go array.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.Array, reflect.String:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	case reflect.Struct:
		return false
	}
	return v.IsZero()
}
