package gdvar

import (
	"encoding/binary"
	"math"
	"unicode/utf8"
	"unsafe"
)

// Decode into an interface{} reads a value straight from the Decoder's
// buffer too (see value_unmarshal_flat.go) when it is there whole and every part of it
// is written as Godot writes it, so that the generic form holds no
// RawValue: Nil, bool, int, float, String, the math types other than
// Color, untyped Arrays and Dictionaries of those. Anything else makes the
// reader give up, and the token path reads the value from its start. The
// token path tries the reader again at the values inside (so a large Array
// of small Dictionaries is read flat but for its start), but only past the
// byte where it gave up, so that no part of the input is read flat twice:
// a value that reads flat but for its last byte costs twice the time, no
// more.

// flatAnyMax is the most elements (twice the entries) of an Array or
// Dictionary read flat, a block's worth: the token path reads a larger
// one, and its values flat, so that giving up wastes no large slice.
const flatAnyMax = blockBytes / 4 / int(anySize)

// readFlatAny reads a value in the generic form into v where a value goes;
// false when the token path must read it.
func (ds *decodeState) readFlatAny(v *any) bool {
	x, ok := ds.nextFlatAny(false)
	if ok {
		*v = x
	}
	return ok
}

// nextFlatAny reads a value in the generic form where a value goes; false
// when the token path must read it. With containers, only an Array or a
// Dictionary: inside a container the token path reads, the Decoder's own
// fast path reads a lone scalar faster than starting the flat reader.
func (ds *decodeState) nextFlatAny(containers bool) (any, bool) {
	d := ds.d
	if d.InputOffset() < ds.flatFrom || containers && !atContainer(d.tab, d.buffered()) {
		return nil, false
	}
	r := ds.startFlat()
	if r == nil {
		return nil, false
	}
	from := r.pos
	x, ok := r.anyValue()
	if !ok {
		ds.flatFrom = d.InputOffset() + int64(r.pos-from) + 1
		return nil, false
	}
	ds.endFlat(r)
	return x, true
}

// atContainer reports whether b, the input buffered, starts with the
// header of an Array or a Dictionary.
func atContainer(tab *engineTable, b []byte) bool {
	if len(b) < 4 {
		return false
	}
	typ, ok := tab.wireType(binary.LittleEndian.Uint32(b))
	return ok && (typ == TypeArray || typ == TypeDictionary)
}

// anyValue reads one value in the generic form.
func (r *flatReader) anyValue() (any, bool) {
	h, ok := r.word()
	if !ok {
		return nil, false
	}
	tab := r.d.tab
	typ, ok := tab.wireType(h)
	if !ok {
		return nil, false
	}
	wide := false
	if want := uint32(tab.wire[typ]); h != want {
		if h != want|flag64 || tab.flagBits[typ]&flag64 == 0 || typ != TypeInt && typ != TypeFloat && !typ.HasReals() {
			return nil, false // typed containers (their bits include FLAG_64's), bits the engine ignores
		}
		wide = true
	}
	switch typ {
	case TypeNil:
		return nil, true
	case TypeBool:
		w, ok := r.word()
		return w == 1, ok && w <= 1
	case TypeInt:
		if !wide {
			w, ok := r.word()
			return r.ds.boxInt(int64(int32(w)), r.rest()), ok
		}
		b, ok := r.bytes(8)
		if !ok {
			return nil, false
		}
		n := int64(binary.LittleEndian.Uint64(b))
		return r.ds.boxInt(n, r.rest()), n != int64(int32(n)) // else Godot writes 32 bits
	case TypeFloat:
		if !wide {
			w, ok := r.word()
			f := float64(math.Float32frombits(w))
			if !ok || math.IsNaN(f) { // Godot writes NaN with 64 bits
				return nil, false
			}
			return r.ds.boxFloat(f, r.rest()), true
		}
		b, ok := r.bytes(8)
		if !ok {
			return nil, false
		}
		f := math.Float64frombits(binary.LittleEndian.Uint64(b))
		if float64(float32(f)) == f { // else Godot writes 32 bits
			return nil, false
		}
		return r.ds.boxFloat(f, r.rest()), true
	case TypeString:
		s, ok := r.paddedStr()
		if !ok {
			return nil, false
		}
		return r.ds.boxString(s, r.rest()), true
	case TypeArray:
		return r.arrayAny()
	case TypeDictionary:
		return r.dictAny()
	}
	return r.mathAny(typ, wide)
}

// rest is the input left.
func (r *flatReader) rest() int { return len(r.b) - r.pos }

// paddedStr reads a String's bytes, its padding zero as Godot writes it.
func (r *flatReader) paddedStr() ([]byte, bool) {
	n, ok := r.word()
	if !ok || !r.d.cfg.limits.allows(limitString, int64(n)) {
		return nil, false
	}
	s, ok := r.bytes(int(n))
	if !ok || !isShortASCII(s) && !utf8.Valid(s) {
		return nil, false
	}
	pad, ok := r.bytes(padding(int64(n)))
	for _, c := range pad {
		ok = ok && c == 0
	}
	return s, ok
}

// arrayAny reads an untyped Array into a []any, sized from the size-hint
// budget as the token path's is.
func (r *flatReader) arrayAny() (any, bool) {
	n, ok := r.count()
	if !ok || n > flatAnyMax || n > r.rest()/4 || int64(n)*int64(anySize) > r.ds.hintRoom() {
		return nil, false // each element takes 4 bytes at least; past the budget, the token path grows the slice
	}
	r.ds.hint(n, anySize)
	values := cut(&r.ds.blocks.anys, &r.ds.blocks.nAnys, n, r.rest(), 4)
	for i := range values {
		if values[i], ok = r.anyValue(); !ok {
			return nil, false
		}
	}
	r.depth--
	h := &cut(&r.ds.blocks.lists, &r.ds.blocks.nLists, 1, r.rest(), 8)[0]
	*h = values
	return boxAt(listWord, unsafe.Pointer(h)), true
}

// dictAny reads an untyped Dictionary into a *Dictionary: an empty one
// alone, another with its table, its entries in one allocation.
func (r *flatReader) dictAny() (any, bool) {
	n, ok := r.count()
	if !ok || 2*n > flatAnyMax || n > r.rest()/8 || int64(n)*int64(entrySize) > r.ds.hintRoom() {
		return nil, false // each entry takes 8 bytes at least
	}
	r.ds.hint(n, entrySize)
	if n == 0 {
		r.depth--
		return &cut(&r.ds.blocks.dicts, &r.ds.blocks.nDicts, 1, r.rest(), 8)[0], true
	}
	entries := cut(&r.ds.blocks.entries, &r.ds.blocks.nEntries, n, r.rest(), 8)
	for i := range entries {
		e := &entries[i]
		if e.key, ok = r.anyValue(); !ok {
			return nil, false
		}
		if e.value, ok = r.anyValue(); !ok {
			return nil, false
		}
	}
	r.depth--
	dt := &cut(&r.ds.blocks.dictTables, &r.ds.blocks.nDictTables, 1, r.rest(), 16)[0]
	dt.t.entries = entries
	dt.d.t = &dt.t
	return &dt.d, true
}

// mathAny reads a math value other than Color, its width the one
// Marshal's rule picks.
func (r *flatReader) mathAny(typ Type, wide bool) (any, bool) {
	size := typ.mathSize(wide)
	if size == 0 || typ == TypeColor {
		return nil, false
	}
	raw, ok := r.bytes(size)
	if !ok {
		return nil, false
	}
	switch typ {
	case TypeVector2:
		return mathValue[Vector2](r, typ, raw, wide)
	case TypeVector2i:
		return mathValue[Vector2i](r, typ, raw, wide)
	case TypeRect2:
		return mathValue[Rect2](r, typ, raw, wide)
	case TypeRect2i:
		return mathValue[Rect2i](r, typ, raw, wide)
	case TypeVector3:
		return mathValue[Vector3](r, typ, raw, wide)
	case TypeVector3i:
		return mathValue[Vector3i](r, typ, raw, wide)
	case TypeTransform2D:
		return mathValue[Transform2D](r, typ, raw, wide)
	case TypeVector4:
		return mathValue[Vector4](r, typ, raw, wide)
	case TypeVector4i:
		return mathValue[Vector4i](r, typ, raw, wide)
	case TypePlane:
		return mathValue[Plane](r, typ, raw, wide)
	case TypeQuaternion:
		return mathValue[Quaternion](r, typ, raw, wide)
	case TypeAABB:
		return mathValue[AABB](r, typ, raw, wide)
	case TypeBasis:
		return mathValue[Basis](r, typ, raw, wide)
	case TypeTransform3D:
		return mathValue[Transform3D](r, typ, raw, wide)
	case TypeProjection:
		return mathValue[Projection](r, typ, raw, wide)
	}
	return nil, false
}

// mathValue decodes a math value of Go type T (its components all
// float64, or all int32) in an interface{}, and reports whether raw is as
// Marshal writes it (see Token.IsCanonical).
func mathValue[T any](r *flatReader, typ Type, raw []byte, wide bool) (any, bool) {
	var v T
	p := unsafe.Pointer(&v)
	if !typ.HasReals() {
		readInt32s(unsafe.Slice((*int32)(p), len(raw)/4), raw)
	} else {
		comps := unsafe.Slice((*float64)(p), typ.reals())
		readReals(comps, raw, wide)
		if !realsCanonical(comps, raw, wide) {
			return nil, false
		}
	}
	return r.ds.boxWords(mathWords[typ], p, unsafe.Sizeof(v), r.rest()), true
}

// realsCanonical reports whether raw, the wire form of comps, has the
// width Marshal's rule picks for them and writes them back bit for bit.
func realsCanonical(comps []float64, raw []byte, wide bool) bool {
	if wide {
		return anyWide(comps)
	}
	for i, c := range comps {
		if math.Float32bits(float32(c)) != binary.LittleEndian.Uint32(raw[4*i:]) || anyWide(comps[i:i+1]) {
			return false
		}
	}
	return true
}
