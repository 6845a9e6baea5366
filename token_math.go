package gdvar

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// Math lists the math types a [Token] holds whole. A Token of one of them is
// made with [MathToken] and read with [MathOf].
type Math interface {
	Vector2 | Vector2i | Rect2 | Rect2i | Vector3 | Vector3i | Transform2D |
		Vector4 | Vector4i | Plane | Quaternion | AABB | Basis | Transform3D |
		Projection | Color
}

// mathTypeOf returns the wire type of the math type T. It switches on a nil
// pointer, which costs no allocation.
func mathTypeOf[T Math]() Type {
	switch any((*T)(nil)).(type) {
	case *Vector2:
		return TypeVector2
	case *Vector2i:
		return TypeVector2i
	case *Rect2:
		return TypeRect2
	case *Rect2i:
		return TypeRect2i
	case *Vector3:
		return TypeVector3
	case *Vector3i:
		return TypeVector3i
	case *Transform2D:
		return TypeTransform2D
	case *Vector4:
		return TypeVector4
	case *Vector4i:
		return TypeVector4i
	case *Plane:
		return TypePlane
	case *Quaternion:
		return TypeQuaternion
	case *AABB:
		return TypeAABB
	case *Basis:
		return TypeBasis
	case *Transform3D:
		return TypeTransform3D
	case *Projection:
		return TypeProjection
	default:
		return TypeColor
	}
}

// MathToken returns a token holding v. Its reals are 32-bit (Single, as the
// default engine build writes them) or 64-bit (Double); p does not apply to
// the integer vectors and Color, which have no choice of width.
func MathToken[T Math](v T, p Precision) Token {
	typ := mathTypeOf[T]()
	ptr, size := unsafe.Pointer(&v), unsafe.Sizeof(v)
	var b []byte
	var flags uint8
	switch {
	case typ == TypeColor:
		b = make([]byte, 0, 16)
		for _, f := range unsafe.Slice((*float32)(ptr), 4) {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
		}
	case typ.IsIntegerMath():
		b = appendInt32s(make([]byte, 0, size), unsafe.Slice((*int32)(ptr), size/4))
	default:
		wide := p == Double
		if wide {
			flags = flagWide
		}
		b = appendReals(make([]byte, 0, typ.mathSize(wide)), unsafe.Slice((*float64)(ptr), size/8), wide)
	}
	t := newToken(mathKinds[typ], typ, flags)
	t.setData(b)
	return t
}

// MathOf returns the value of a token holding a T, whatever the width of its
// reals. For a token of any other kind it returns the zero T: check
// t.Kind() (or t.Type()) first where that can happen.
func MathOf[T Math](t Token) T {
	var v T
	typ := mathTypeOf[T]()
	if t.Kind() != mathKinds[typ] {
		return v
	}
	ptr, size := unsafe.Pointer(&v), unsafe.Sizeof(v)
	switch b := t.Bytes(); {
	case typ == TypeColor:
		c := unsafe.Slice((*float32)(ptr), 4)
		for i := range c {
			c[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[i*4:]))
		}
	case typ.IsIntegerMath():
		readInt32s(unsafe.Slice((*int32)(ptr), size/4), b)
	default:
		readReals(unsafe.Slice((*float64)(ptr), size/8), b, t.Is64())
	}
	return v
}
