package vartext

import (
	"unsafe"

	"github.com/gdvar/gdvar"
)

// mathForm builds a math value of one type from its numbers in wire order
// (as many as Type.Components says): as a Go value, or straight as a token
// (without boxing the value in an interface). gdvar's math types are
// structs of float64 components, or of int32 ones (float32 for Color),
// laid out in wire order.
type mathForm struct {
	value func(n []float64) any
	token func(n []float64, p gdvar.Precision) gdvar.Token
}

// mathForms are the math types' forms, by type.
var mathForms = map[gdvar.Type]mathForm{
	gdvar.TypeVector2: realForm[gdvar.Vector2](), gdvar.TypeVector2i: intForm[gdvar.Vector2i](),
	gdvar.TypeRect2: realForm[gdvar.Rect2](), gdvar.TypeRect2i: intForm[gdvar.Rect2i](),
	gdvar.TypeVector3: realForm[gdvar.Vector3](), gdvar.TypeVector3i: intForm[gdvar.Vector3i](),
	gdvar.TypeTransform2D: realForm[gdvar.Transform2D](), gdvar.TypeVector4: realForm[gdvar.Vector4](),
	gdvar.TypeVector4i: intForm[gdvar.Vector4i](), gdvar.TypePlane: realForm[gdvar.Plane](),
	gdvar.TypeQuaternion: realForm[gdvar.Quaternion](), gdvar.TypeAABB: realForm[gdvar.AABB](),
	gdvar.TypeBasis: realForm[gdvar.Basis](), gdvar.TypeTransform3D: realForm[gdvar.Transform3D](),
	gdvar.TypeProjection: realForm[gdvar.Projection](),
	gdvar.TypeColor: {
		value: func(n []float64) any { return color(n) },
		token: func(n []float64, _ gdvar.Precision) gdvar.Token { return gdvar.MathToken(color(n), gdvar.Single) },
	},
}

func realForm[T gdvar.Math]() mathForm {
	return mathForm{
		value: func(n []float64) any { return reals[T](n) },
		token: func(n []float64, p gdvar.Precision) gdvar.Token { return gdvar.MathToken(reals[T](n), p) },
	}
}

// intForm is the form of an integer vector, whose width p does not change.
func intForm[T gdvar.Math]() mathForm {
	return mathForm{
		value: func(n []float64) any { return int32s[T](n) },
		token: func(n []float64, _ gdvar.Precision) gdvar.Token { return gdvar.MathToken(int32s[T](n), gdvar.Single) },
	}
}

// mathValue returns the math value of type t whose numbers are n.
func mathValue(t gdvar.Type, n []float64) any { return mathForms[t].value(n) }

func color(n []float64) gdvar.Color {
	return gdvar.Color{R: float32(n[0]), G: float32(n[1]), B: float32(n[2]), A: float32(n[3])}
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
