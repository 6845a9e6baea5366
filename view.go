package gdvar

import (
	"encoding/binary"
	"unsafe"
)

// number lists the element types of packed arrays that have typed views.
type number interface {
	int32 | int64 | float32 | float64
}

// littleEndian reports whether this machine stores numbers as the wire does,
// so that packed payloads can be viewed in place.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// view returns the little-endian elements in raw as a []T. It aliases raw
// when the machine is little-endian and raw is aligned for T; otherwise it
// decodes into a new slice.
func view[T number](raw []byte) []T {
	var zero T
	size := int(unsafe.Sizeof(zero))
	n := len(raw) / size
	if n == 0 {
		return nil
	}
	p := unsafe.Pointer(unsafe.SliceData(raw))
	if littleEndian && uintptr(p)%uintptr(size) == 0 {
		return unsafe.Slice((*T)(p), n)
	}
	out := make([]T, n)
	for i := range out {
		switch size {
		case 4:
			bits := binary.LittleEndian.Uint32(raw[i*4:])
			*(*uint32)(unsafe.Pointer(&out[i])) = bits
		case 8:
			bits := binary.LittleEndian.Uint64(raw[i*8:])
			*(*uint64)(unsafe.Pointer(&out[i])) = bits
		}
	}
	return out
}

// wireBytes returns s as little-endian bytes: s's own memory on a
// little-endian machine, else an encoded copy.
func wireBytes[T number](s []T) []byte {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if littleEndian {
		return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*size)
	}
	out := make([]byte, 0, len(s)*size)
	for i := range s {
		switch size {
		case 4:
			out = binary.LittleEndian.AppendUint32(out, *(*uint32)(unsafe.Pointer(&s[i])))
		case 8:
			out = binary.LittleEndian.AppendUint64(out, *(*uint64)(unsafe.Pointer(&s[i])))
		}
	}
	return out
}

// Int32s returns a PackedInt32Array chunk's elements. The slice aliases the
// token's bytes where the machine allows (little-endian, aligned), so it is
// valid as long as the token is and must not be modified.
func (t Token) Int32s() []int32 { return view[int32](t.packedData(TypePackedInt32Array)) }

// Int64s returns a PackedInt64Array chunk's elements, like Int32s.
func (t Token) Int64s() []int64 { return view[int64](t.packedData(TypePackedInt64Array)) }

// Float32s returns the 32-bit reals of a chunk of a PackedFloat32Array,
// PackedColorArray or 32-bit PackedVector2/3/4Array (vector components in
// order), like Int32s.
func (t Token) Float32s() []float32 {
	typ := t.Type()
	if t.Kind() != KindPackedChunk || t.Is64() || typ != TypePackedFloat32Array && typ != TypePackedColorArray && !typ.hasReals() {
		return nil
	}
	return view[float32](t.Bytes())
}

// Float64s returns the 64-bit reals of a chunk of a PackedFloat64Array or a
// 64-bit PackedVector2/3/4Array, like Int32s.
func (t Token) Float64s() []float64 {
	typ := t.Type()
	if t.Kind() != KindPackedChunk || (typ != TypePackedFloat64Array && !(t.Is64() && typ.hasReals())) {
		return nil
	}
	return view[float64](t.Bytes())
}

func (t Token) packedData(typ Type) []byte {
	if t.Kind() != KindPackedChunk || t.Type() != typ {
		return nil
	}
	return t.Bytes()
}
