package gdvar

import (
	"encoding/binary"
	"unsafe"
)

// Number lists the element types of packed arrays, as ChunkToken and
// ChunkOf see them.
type Number interface {
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
func view[T Number](raw []byte) []T {
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
func wireBytes[T Number](s []T) []byte {
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

// ChunkOf returns the elements of a packed chunk as a []T, or nil when the
// chunk does not hold Ts: int32 for a PackedInt32Array, int64 for a
// PackedInt64Array, float32 for a PackedFloat32Array, a PackedColorArray or
// a 32-bit PackedVector2/3/4Array (vector components in order), float64 for
// a PackedFloat64Array or a 64-bit PackedVector2/3/4Array. The slice
// aliases the token's bytes where the machine allows (little-endian,
// aligned), so it is valid as long as the token is and must not be modified.
func ChunkOf[T Number](t Token) []T {
	typ := t.Type()
	if t.Kind() != KindPackedChunk {
		return nil
	}
	var holds bool
	switch any((*T)(nil)).(type) {
	case *int32:
		holds = typ == TypePackedInt32Array
	case *int64:
		holds = typ == TypePackedInt64Array
	case *float32:
		holds = !t.Is64() && (typ == TypePackedFloat32Array || typ == TypePackedColorArray || typ.HasReals())
	case *float64:
		holds = typ == TypePackedFloat64Array || t.Is64() && typ.HasReals()
	}
	if !holds {
		return nil
	}
	return view[T](t.Bytes())
}
