package gdvar

import (
	"bytes"
	"unsafe"
)

// The generic form: what Unmarshal puts in an interface{} (see Unmarshal).
// Marshal writes a generic value back as Godot writes it; a value the input
// wrote differently (a 64-bit int that fits in 32 bits, a bool word of 2,
// non-zero padding, ignored header bits, …) is kept as a RawValue instead,
// so that input of any form is written back byte for byte. Where the odd
// part shows only after the value's first token (padding at its end, one
// odd element), the RawValue is rebuilt from what was decoded so far and the
// tokens that follow. The Semantic option turns all of this off.

// anySize is the size of an interface value, an Array's element.
const anySize = unsafe.Sizeof(any(nil))

// entrySize is the size of a Dictionary's entry.
const entrySize = unsafe.Sizeof(entry{})

// anyValue decodes the value t starts; base is the Decoder's depth before t.
func (ds *decodeState) anyValue(t Token, base int) (any, error) {
	raw := !ds.d.cfg.semantic
	if raw && !t.IsCanonical() {
		return ds.capture(t, base, nil)
	}
	switch t.Kind() {
	case KindNil:
		return nil, nil
	case KindBool:
		return t.Bool(), nil
	case KindInt32, KindInt64:
		return t.Int(), nil
	case KindFloat32, KindFloat64:
		return t.Float(), nil
	case KindString, KindStringName:
		return ds.stringAny(t, base, raw)
	case KindNodePath:
		if !raw {
			return t.NodePath(), nil
		}
		return nodePathValue(t), nil
	case KindRID:
		return RID(t.ID()), nil
	case KindObjectID:
		return ObjectID(t.ID()), nil
	case KindCallable:
		return Callable{}, nil
	case KindSignal:
		return Signal{Name: t.Name(), Object: ObjectID(t.ID())}, nil
	case KindColor:
		return MathOf[Color](t), nil
	case KindArrayStart:
		return ds.arrayAny(t, base)
	case KindDictStart:
		return ds.dictAny(t, base)
	case KindObjectStart:
		return ds.objectAny(t, base, raw)
	case KindPackedStart:
		return ds.packedAny(t, base, raw)
	case KindImageStart:
		return ds.imageAny(t, base, raw)
	case KindInputEvent:
		return t.InputEvent(), nil
	}
	return mathAny(t), nil
}

// mathAny returns a math token's value.
func mathAny(t Token) any {
	switch t.Kind() {
	case KindVector2:
		return MathOf[Vector2](t)
	case KindVector2i:
		return MathOf[Vector2i](t)
	case KindRect2:
		return MathOf[Rect2](t)
	case KindRect2i:
		return MathOf[Rect2i](t)
	case KindVector3:
		return MathOf[Vector3](t)
	case KindVector3i:
		return MathOf[Vector3i](t)
	case KindTransform2D:
		return MathOf[Transform2D](t)
	case KindVector4:
		return MathOf[Vector4](t)
	case KindVector4i:
		return MathOf[Vector4i](t)
	case KindPlane:
		return MathOf[Plane](t)
	case KindQuaternion:
		return MathOf[Quaternion](t)
	case KindAABB:
		return MathOf[AABB](t)
	case KindBasis:
		return MathOf[Basis](t)
	case KindTransform3D:
		return MathOf[Transform3D](t)
	case KindProjection:
		return MathOf[Projection](t)
	}
	return nil
}

// capture returns the value t starts as a RawValue: prefix (or t) written
// again, then the value's remaining tokens copied.
func (ds *decodeState) capture(t Token, base int, prefix func(*encodeState) error) (RawValue, error) {
	return encodeToBytes(engineConfigs[ds.d.cfg.engine], func(es *encodeState) error {
		var err error
		if prefix != nil {
			err = prefix(es)
		} else {
			err = es.e.WriteToken(t)
		}
		for err == nil && ds.d.Depth() > base {
			var tok Token
			if tok, err = ds.next(); err == nil {
				err = es.e.WriteToken(tok)
			}
		}
		return err
	})
}

// engineConfigs select each engine version, without allocating.
var engineConfigs = [...]*config{Godot4: &MustCodec(WithEngine(Godot4)).cfg, Godot3: &MustCodec(WithEngine(Godot3)).cfg, Godot2: &MustCodec(WithEngine(Godot2)).cfg}

// stringAny decodes a String or StringName. Here and below, raw says odd
// encodings become RawValues (not with the Semantic option).
func (ds *decodeState) stringAny(t Token, base int, raw bool) (any, error) {
	first := t
	s, pad := t.Bytes(), t.pad()
	if !t.IsLast() || t.Offset() != 0 {
		var err error
		if s, err = ds.collect(t); err != nil {
			return nil, err
		}
		pad = ds.lastPad
	}
	if raw && pad != 0 {
		return ds.capture(wireStringToken(first, s, pad), base, nil)
	}
	if first.Kind() == KindStringName {
		return StringName(s), nil
	}
	return ds.boxString(s, len(ds.d.buffered())), nil
}

// boxTable holds short strings already put in interfaces, so that the keys
// and tags that repeat through a large value take no memory again. It
// lives for one Decode call, and starts after boxAfter strings: with boxes
// cut from blocks, a value of a few hundred strings is not worth a table
// (its map and its growth). Like the Decoder's interner, it is bounded, so
// that hostile input cannot grow it: it keeps strings of up to boxMaxName
// bytes, boxMaxBytes in all.
type boxTable struct {
	m     map[string]any
	bytes int
	seen  int // strings boxed so far
}

const (
	boxAfter    = 256
	boxMaxName  = 128
	boxMaxBytes = 1 << 16
)

// boxString returns s, kept in the arena (see keep), in an interface: from
// the table when seen before. rest is the input left after s.
func (ds *decodeState) boxString(s []byte, rest int) any {
	b := &ds.boxes
	b.seen++
	if len(s) > boxMaxName || b.seen <= boxAfter {
		return ds.newString(s, rest)
	}
	if v, ok := b.m[string(s)]; ok {
		return v
	}
	v := ds.newString(s, rest)
	if b.bytes+len(s) <= boxMaxBytes {
		if b.m == nil {
			b.m = make(map[string]any)
		}
		b.m[v.(string)] = v
		b.bytes += len(s)
	}
	return v
}

// newString returns s, kept in the arena, in an interface{} whose string
// header is in a block (see value_unmarshal_blocks.go).
func (ds *decodeState) newString(s []byte, rest int) any {
	h := &cut(&ds.blocks.strs, &ds.blocks.nStrs, 1, rest, 8)[0]
	*h = ds.keep(s, rest)
	return boxAt(stringWord, unsafe.Pointer(h))
}

// arrayAny decodes an Array: a []any, or an Array when typed or shared.
func (ds *decodeState) arrayAny(t Token, base int) (any, error) {
	typ, shared, n := t.ElemType(), t.Shared(), t.Len()
	values := make([]any, 0, ds.hint(n, anySize))
	for range n {
		x, err := ds.nextAny()
		if err != nil {
			return nil, err
		}
		values = append(grow(values, 1), x)
	}
	if _, err := ds.next(); err != nil { // ArrayEnd
		return nil, err
	}
	if typ.Kind == Untyped && !shared {
		return values, nil
	}
	return Array{Type: typ, Shared: shared, Values: values}, nil
}

// nextAny reads the next value in the generic form.
func (ds *decodeState) nextAny() (any, error) {
	if x, ok := ds.nextFlatAny(true); ok {
		return x, nil
	}
	return ds.tokenAny()
}

// tokenAny reads the next value in the generic form token by token.
func (ds *decodeState) tokenAny() (any, error) {
	base := ds.d.Depth()
	t, err := ds.next()
	if err != nil {
		return nil, err
	}
	return ds.anyValue(t, base)
}

// dictAny decodes a Dictionary into a *Dictionary, every entry kept in
// order, duplicate keys included.
func (ds *decodeState) dictAny(t Token, base int) (any, error) {
	n := t.Len()
	var d *Dictionary
	if n > 0 {
		d = newDictTable(ds.hint(n, entrySize))
	} else {
		d = new(Dictionary)
	}
	d.KeyType, d.ValueType, d.Shared = t.KeyType(), t.ValueType(), t.Shared()
	for range n {
		if _, err := ds.next(); err != nil { // DictKey
			return nil, err
		}
		k, err := ds.tokenAny() // a key read flat would be missing from the paths of errors
		if err != nil {
			return nil, err
		}
		v, err := ds.nextAny()
		if err != nil {
			return nil, err
		}
		d.Append(k, v)
	}
	if _, err := ds.next(); err != nil { // DictEnd
		return nil, err
	}
	return d, nil
}

// objectAny decodes a full object into an *Object.
func (ds *decodeState) objectAny(t Token, base int, raw bool) (any, error) {
	o := &Object{Class: t.Name(), Properties: make([]Property, 0, ds.hint(t.Len(), unsafe.Sizeof(Property{})))}
	for range t.Len() {
		p, err := ds.next() // ObjectProperty
		if err != nil {
			return nil, err
		}
		if raw && !p.IsCanonical() {
			done := *o
			return ds.capture(p, base, func(es *encodeState) error {
				if err := es.writeObjectStart(t, done.Properties); err != nil {
					return err
				}
				return es.e.WriteToken(p)
			})
		}
		name := p.Name()
		v, err := ds.nextAny()
		if err != nil {
			return nil, err
		}
		o.Properties = append(grow(o.Properties, 1), Property{Name: name, Value: v})
	}
	if _, err := ds.next(); err != nil { // ObjectEnd
		return nil, err
	}
	return o, nil
}

// packedAny decodes a packed array into the Go slice of its element type.
func (ds *decodeState) packedAny(t Token, base int, raw bool) (any, error) {
	if t.Type() == TypePackedStringArray {
		return ds.stringsAny(t, base, raw)
	}
	data, end, err := ds.packedBytes(t)
	if err != nil {
		return nil, err
	}
	x := packedSlice(t.Type(), t.Is64(), data)
	if raw && (!end.IsCanonical() || !packedCanonical(t, data)) {
		return ds.capture(t, base, func(es *encodeState) error {
			return es.payload(t, data, end)
		})
	}
	return x, nil
}

// packedCanonical reports whether Marshal writes the slice back as data:
// vectors with the width its rule picks and the same bits.
func packedCanonical(t Token, data []byte) bool {
	typ := t.Type()
	if !typ.HasReals() {
		return true
	}
	comps := make([]float64, len(data)/typ.packedElemSize(t.Is64())*typ.reals())
	readReals(comps, data, t.Is64())
	wide := anyWide(comps)
	return wide == t.Is64() && bytes.Equal(appendReals(nil, comps, wide), data) // the width matters even when empty
}

// packedBytes reads a packed array's chunks into one slice, allocated as
// the input delivers them, and returns it with the end token.
func (ds *decodeState) packedBytes(start Token) ([]byte, Token, error) {
	size := start.Type().packedElemSize(start.Is64())
	data := make([]byte, 0, ds.hint(start.Len(), uintptr(size))*size)
	for {
		t, err := ds.next()
		if err != nil {
			return nil, t, err
		}
		if t.Kind() != KindPackedChunk {
			return data, t, nil
		}
		data = append(grow(data, len(t.Bytes())), t.Bytes()...)
	}
}

// packedSlice turns a packed payload into the Go slice of its element type;
// numbers alias data on little-endian machines.
func packedSlice(typ Type, wide bool, data []byte) any {
	switch typ {
	case TypePackedByteArray, TypeImage:
		return data
	case TypePackedInt32Array:
		return view[int32](data)
	case TypePackedInt64Array:
		return view[int64](data)
	case TypePackedFloat32Array:
		return view[float32](data)
	case TypePackedFloat64Array:
		return view[float64](data)
	case TypePackedColorArray:
		fs := view[float32](data)
		return unsafe.Slice((*Color)(unsafe.Pointer(unsafe.SliceData(fs))), len(fs)/4)
	case TypePackedVector2Array:
		return vectors[Vector2](data, wide)
	case TypePackedVector3Array:
		return vectors[Vector3](data, wide)
	}
	return vectors[Vector4](data, wide)
}

// vectors decodes packed vector elements.
func vectors[T Vector2 | Vector3 | Vector4](data []byte, wide bool) []T {
	var zero T
	per := int(unsafe.Sizeof(zero) / 8)
	size := per * 4
	if wide {
		size = per * 8
	}
	out := make([]T, len(data)/size)
	for i := range out {
		readReals(unsafe.Slice((*float64)(unsafe.Pointer(&out[i])), per), data[i*size:], wide)
	}
	return out
}

// stringsAny decodes a PackedStringArray into a []string, dropping each
// element's NUL; an element without one, or with odd padding, makes the
// array a RawValue.
func (ds *decodeState) stringsAny(t Token, base int, raw bool) (any, error) {
	out := make([]string, 0, ds.hint(t.Len(), unsafe.Sizeof("")))
	for range t.Len() {
		e, err := ds.next()
		if err != nil {
			return nil, err
		}
		s, pad := e.Bytes(), e.pad()
		if !e.IsLast() || e.Offset() != 0 {
			if s, err = ds.collect(e); err != nil {
				return nil, err
			}
			pad = ds.lastPad
		}
		if raw && (pad != 0 || len(s) == 0 || s[len(s)-1] != 0) {
			done := out
			elem := wireStringToken(StringToken(""), append([]byte(nil), s...), pad)
			return ds.capture(t, base, func(es *encodeState) error {
				if err := es.e.WriteToken(t); err != nil {
					return err
				}
				for _, s := range done {
					if err := es.e.WriteToken(StringToken(s)); err != nil {
						return err
					}
				}
				return es.e.WriteToken(elem)
			})
		}
		out = append(grow(out, 1), string(trimNUL(s)))
	}
	if _, err := ds.next(); err != nil { // PackedEnd
		return nil, err
	}
	return out, nil
}

// imageAny decodes a Godot 2 Image.
func (ds *decodeState) imageAny(t Token, base int, raw bool) (any, error) {
	start := t.Clone() // its header is in the Decoder's memory
	data, end, err := ds.packedBytes(start)
	if err != nil {
		return nil, err
	}
	if raw && end.pad() != 0 {
		return ds.capture(start, base, func(es *encodeState) error {
			return es.payload(start, data, end)
		})
	}
	return Image{ImageHeader: start.Image(), Data: data}, nil
}
