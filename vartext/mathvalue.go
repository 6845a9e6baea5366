package vartext

import (
	"unsafe"

	"github.com/gdvar/gdvar"
)

// mathValue returns the math value of type t whose numbers, in wire order,
// are n (as many as mathNumbers(t)). gdvar's math types are structs of
// float64 components, or of int32 ones, laid out in wire order.
func mathValue(t gdvar.Type, n []float64) any {
	switch t {
	case gdvar.TypeVector2:
		return reals[gdvar.Vector2](n)
	case gdvar.TypeVector2i:
		return int32s[gdvar.Vector2i](n)
	case gdvar.TypeRect2:
		return reals[gdvar.Rect2](n)
	case gdvar.TypeRect2i:
		return int32s[gdvar.Rect2i](n)
	case gdvar.TypeVector3:
		return reals[gdvar.Vector3](n)
	case gdvar.TypeVector3i:
		return int32s[gdvar.Vector3i](n)
	case gdvar.TypeTransform2D:
		return reals[gdvar.Transform2D](n)
	case gdvar.TypeVector4:
		return reals[gdvar.Vector4](n)
	case gdvar.TypeVector4i:
		return int32s[gdvar.Vector4i](n)
	case gdvar.TypePlane:
		return reals[gdvar.Plane](n)
	case gdvar.TypeQuaternion:
		return reals[gdvar.Quaternion](n)
	case gdvar.TypeAABB:
		return reals[gdvar.AABB](n)
	case gdvar.TypeBasis:
		return reals[gdvar.Basis](n)
	case gdvar.TypeTransform3D:
		return reals[gdvar.Transform3D](n)
	case gdvar.TypeProjection:
		return reals[gdvar.Projection](n)
	}
	return gdvar.Color{R: float32(n[0]), G: float32(n[1]), B: float32(n[2]), A: float32(n[3])}
}

// mathNumbers is how many numbers make a math value of type t.
func mathNumbers(t gdvar.Type) int {
	size := int(t.GoType().Size())
	if t == gdvar.TypeColor || isIntMath(t) {
		return size / 4
	}
	return size / 8
}

func reals[T any](n []float64) T {
	var v T
	copy(unsafe.Slice((*float64)(unsafe.Pointer(&v)), unsafe.Sizeof(v)/8), n)
	return v
}

func int32s[T any](n []float64) T {
	var v T
	s := unsafe.Slice((*int32)(unsafe.Pointer(&v)), unsafe.Sizeof(v)/4)
	for i := range s {
		s[i] = int32(n[i])
	}
	return v
}
