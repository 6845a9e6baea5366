package gdvar

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// The leaf wire format, written in one place for the token path
// (reader.go, writer.go), the token fast tiers
// (reader_fast.go, writer_fast.go) and the value layer's flat
// tiers (value_marshal_flat.go, value_struct_*.go, value_unmarshal_flat*.go):
// a value is a 32-bit header (its type number and flags), then its payload
// in little-endian 32-bit words; a string or name is its length, its bytes
// and zero padding to a multiple of 4. Both layers share these helpers
// (see docs/internals.md).

func le32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }
func le64(b []byte, v uint64) []byte { return binary.LittleEndian.AppendUint64(b, v) }

// appendWord appends a value of one 32-bit payload word: a bool, a 32-bit
// int or float, a container's count after its header.
func appendWord(b []byte, hdr, w uint32) []byte { return le32(le32(b, hdr), w) }

// appendWord64 appends a value of one 64-bit payload: an int or float with
// FLAG_64 in hdr.
func appendWord64(b []byte, hdr uint32, v uint64) []byte { return le64(le32(b, hdr), v) }

// appendMath appends a math value (Vector2 … Projection): its payload is
// its components' words as they were read, or as appendReals makes them.
func appendMath(b []byte, hdr uint32, payload []byte) []byte { return append(le32(b, hdr), payload...) }

// appendStringValue appends a value whose payload is a length and bytes,
// padded: a String, or a PackedByteArray. pad holds the padding bytes (kept
// from a decoded token), or 0.
func appendStringValue(b []byte, hdr uint32, s []byte, pad uint32) []byte {
	return appendName(le32(b, hdr), s, pad)
}

// appendName appends a name: its length, bytes and padding.
func appendName(b, name []byte, pad uint32) []byte {
	b = append(le32(b, uint32(len(name))), name...)
	return appendPad(b, padding(int64(len(name))), pad)
}

// appendPad appends n padding bytes: those in pad (kept from a decoded token)
// or zeros.
func appendPad(b []byte, n int, pad uint32) []byte {
	for i := range n {
		b = append(b, byte(pad>>(8*i)))
	}
	return b
}

// padding is the number of zero bytes that round n up to a multiple of 4.
func padding(n int64) int { return int(-n & 3) }

// lenWord is a length or count as the engines read one: a signed 32-bit
// word (a negative one is invalid).
func lenWord(w uint32) int64 { return int64(int32(w)) }

// stringBytes views s's bytes without copying; the Encoder only reads them.
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// readReals fills dst from wire reals, 64-bit when wide is set. raw holds at
// least len(dst) reals.
func readReals(dst []float64, raw []byte, wide bool) {
	if wide {
		for i := range dst {
			dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[i*8:]))
		}
		return
	}
	for i := range dst {
		dst[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(raw[i*4:])))
	}
}

// appendReals appends src as wire reals, 64-bit when wide is set.
func appendReals(b []byte, src []float64, wide bool) []byte {
	for _, f := range src {
		if wide {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(f))
		} else {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(f)))
		}
	}
	return b
}

// readInt32s fills dst from wire int32 words.
func readInt32s(dst []int32, raw []byte) {
	for i := range dst {
		dst[i] = int32(binary.LittleEndian.Uint32(raw[i*4:]))
	}
}

// appendInt32s appends src as wire int32 words.
func appendInt32s(b []byte, src []int32) []byte {
	for _, v := range src {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	return b
}

// stringType is the String type's number on the wire, in every engine
// version.
const stringType = 4

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

// Header flag bits.
const (
	flag64            = 1 << 16 // FLAG_64: 64-bit payload
	flagObjectAsID    = 1 << 16 // Object: the payload is an instance id
	arrayKindShift    = 16      // Array: element type kind in bits 16..17
	dictKeyShift      = 16      // Dictionary: key type kind in bits 16..17
	dictValueShift    = 18      // Dictionary: value type kind in bits 18..19
	countSharedBit    = 1 << 31 // Array/Dictionary count: the old shared flag
	containerKindMask = 3
)

// reals is the number of reals in t's payload (or element): its components
// if they are reals, else 0.
func (t Type) reals() int { return int(realCount[t]) }

// realCount and fixedSize are mathShapes as the readers' inner loops use
// it (TestMathShapes checks that they agree): the number of reals of a
// type whose components are reals, and the payload size of one of fixed
// 32-bit components (integer vectors, Color). They are literals: tables
// built when the package starts cost the token readers 15% (the Go
// compiler lays them out elsewhere).
var realCount = [typeCount]uint8{
	TypeVector2: 2, TypeRect2: 4, TypeVector3: 3, TypeTransform2D: 6,
	TypeVector4: 4, TypePlane: 4, TypeQuaternion: 4, TypeAABB: 6,
	TypeBasis: 9, TypeTransform3D: 12, TypeProjection: 16,
	TypePackedVector2Array: 2, TypePackedVector3Array: 3, TypePackedVector4Array: 4,
}

var fixedSize = [typeCount]uint8{
	TypeVector2i: 8, TypeRect2i: 16, TypeVector3i: 12, TypeVector4i: 16,
	TypeColor: 16,
}

// mathSize is the payload size of a math type, with 64-bit reals when wide
// is set. It is 0 for other types.
func (t Type) mathSize(wide bool) int {
	if t >= typeCount || t.IsPacked() {
		return 0
	}
	if n := int(realCount[t]); n != 0 {
		if wide {
			return n * 8
		}
		return n * 4
	}
	return int(fixedSize[t])
}

// packedElemSize is the size in bytes of one element of a packed array type
// other than PackedStringArray, with 64-bit reals when wide is set for the
// vector arrays.
func (t Type) packedElemSize(wide bool) int {
	switch t {
	case TypePackedByteArray, TypeImage:
		return 1
	case TypePackedInt32Array, TypePackedFloat32Array:
		return 4
	case TypePackedInt64Array, TypePackedFloat64Array:
		return 8
	case TypePackedColorArray:
		return 16
	case TypePackedVector2Array, TypePackedVector3Array, TypePackedVector4Array:
		n := int(realCount[t])
		if wide {
			return n * 8
		}
		return n * 4
	}
	return 0
}

// nodePathWire is a NodePath as on the wire.
type nodePathWire struct {
	words [3]uint32 // name count | 0x80000000, subname count, flags
	names []string  // names then subnames, in wire order
	pads  []uint32  // padding after each name
}

// nodePath flag bits.
const (
	nodePathAbsolute = 1 << 0
	nodePathProperty = 1 << 1 // obsolete: one more subname follows
	nodePathNewForm  = 1 << 31
)

// anyWide is Marshal's default width rule for reals: 64 bits when a
// component is not exactly a 32-bit float.
func anyWide(comps []float64) bool {
	for _, c := range comps {
		if math.Float64bits(float64(float32(c))) != math.Float64bits(c) {
			return true
		}
	}
	return false
}
