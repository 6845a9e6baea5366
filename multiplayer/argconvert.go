package multiplayer

import (
	"math"

	"github.com/gdvar/gdvar"
)

// convertsFrom holds, for each built-in type, the types of the arguments
// Godot 4.6 converts to it for a parameter of that type
// (Variant::can_convert_strict, then Variant::construct), as
// testdata/param_types.txt records the engine's verdicts
// (TestConvertibleAsTheEngine).
var convertsFrom = func() [gdvar.TypePackedVector4Array + 1]uint64 {
	var m [gdvar.TypePackedVector4Array + 1]uint64
	add := func(to gdvar.Type, from ...gdvar.Type) {
		for _, f := range from {
			m[to] |= 1 << f
		}
	}
	add(gdvar.TypeBool, gdvar.TypeInt, gdvar.TypeFloat)
	add(gdvar.TypeInt, gdvar.TypeBool, gdvar.TypeFloat)
	add(gdvar.TypeFloat, gdvar.TypeBool, gdvar.TypeInt)
	add(gdvar.TypeString, gdvar.TypeStringName, gdvar.TypeNodePath)
	add(gdvar.TypeStringName, gdvar.TypeString)
	add(gdvar.TypeNodePath, gdvar.TypeString)
	for _, pair := range [][2]gdvar.Type{{gdvar.TypeVector2, gdvar.TypeVector2i}, {gdvar.TypeRect2, gdvar.TypeRect2i},
		{gdvar.TypeVector3, gdvar.TypeVector3i}, {gdvar.TypeVector4, gdvar.TypeVector4i}, {gdvar.TypeQuaternion, gdvar.TypeBasis}} {
		add(pair[0], pair[1])
		add(pair[1], pair[0])
	}
	add(gdvar.TypeTransform2D, gdvar.TypeTransform3D)
	add(gdvar.TypeTransform3D, gdvar.TypeTransform2D, gdvar.TypeQuaternion, gdvar.TypeBasis, gdvar.TypeProjection)
	add(gdvar.TypeProjection, gdvar.TypeTransform3D)
	add(gdvar.TypeColor, gdvar.TypeInt, gdvar.TypeString)
	add(gdvar.TypeRID, gdvar.TypeObject)
	for t := gdvar.TypePackedByteArray; t <= gdvar.TypePackedVector4Array; t++ {
		add(gdvar.TypeArray, t)
		add(t, gdvar.TypeArray)
	}
	return m
}()

// convertible says an argument of type from fits a parameter of the
// built-in type to, converted.
func convertible(from, to gdvar.Type) bool {
	return from == to || int(to) < len(convertsFrom) && from < 64 && convertsFrom[to]&(1<<from) != 0
}

// convertArg returns an argument converted to the parameter's type to, as the engine converts it (Variant::construct), written after
// the decoder's arguments; or the argument as it came where the
// conversion is not one made here (Transform3D of a Basis, Color of an
// int or a String, RID of an object, Arrays and packed arrays of each
// other): the handler's decoding has it as the peer sent it. The numbers,
// strings and vectors a handler's Go types take are converted.
func (d *argDecoder) convertArg(arg []byte, to gdvar.Type, codec *gdvar.Codec) []byte {
	var v any
	if err := d.decode(arg, &v, codec); err != nil {
		return arg
	}
	out, ok := converted(v, to)
	if !ok {
		return arg
	}
	start := len(d.buf)
	buf, err := codec.AppendMarshal(d.buf, out)
	if err != nil {
		return arg
	}
	d.buf = buf
	return buf[start:len(buf):len(buf)]
}

// converted is v, a decoded argument, as the type to holds it, where
// convertArg converts it.
func converted(v any, to gdvar.Type) (any, bool) {
	switch to {
	case gdvar.TypeBool:
		switch x := v.(type) {
		case int64:
			return x != 0, true
		case float64:
			return x != 0, true
		}
	case gdvar.TypeInt:
		switch x := v.(type) {
		case bool:
			return boolInt(x), true
		case float64:
			return truncInt(x, math.MinInt64, math.MaxInt64), true
		}
	case gdvar.TypeFloat:
		switch x := v.(type) {
		case bool:
			return float64(boolInt(x)), true
		case int64:
			return float64(x), true
		}
	case gdvar.TypeString:
		switch x := v.(type) {
		case gdvar.StringName:
			return string(x), true
		case gdvar.NodePath:
			return x.String(), true
		}
	case gdvar.TypeStringName:
		if s, ok := v.(string); ok {
			return gdvar.StringName(s), true
		}
	case gdvar.TypeNodePath:
		if s, ok := v.(string); ok {
			return gdvar.ParseNodePath(s), true
		}
	}
	return convertedVector(v, to)
}

// convertedVector is converted for the vectors and rects of floats and of
// ints, each component converted as C++ converts it.
func convertedVector(v any, to gdvar.Type) (any, bool) {
	switch x := v.(type) {
	case gdvar.Vector2i:
		if to == gdvar.TypeVector2 {
			return gdvar.Vector2{X: float64(x.X), Y: float64(x.Y)}, true
		}
	case gdvar.Vector2:
		if to == gdvar.TypeVector2i {
			return vec2i(x), true
		}
	case gdvar.Rect2i:
		if to == gdvar.TypeRect2 {
			return gdvar.Rect2{Position: gdvar.Vector2{X: float64(x.Position.X), Y: float64(x.Position.Y)},
				Size: gdvar.Vector2{X: float64(x.Size.X), Y: float64(x.Size.Y)}}, true
		}
	case gdvar.Rect2:
		if to == gdvar.TypeRect2i {
			return gdvar.Rect2i{Position: vec2i(x.Position), Size: vec2i(x.Size)}, true
		}
	case gdvar.Vector3i:
		if to == gdvar.TypeVector3 {
			return gdvar.Vector3{X: float64(x.X), Y: float64(x.Y), Z: float64(x.Z)}, true
		}
	case gdvar.Vector3:
		if to == gdvar.TypeVector3i {
			return gdvar.Vector3i{X: int32c(x.X), Y: int32c(x.Y), Z: int32c(x.Z)}, true
		}
	case gdvar.Vector4i:
		if to == gdvar.TypeVector4 {
			return gdvar.Vector4{X: float64(x.X), Y: float64(x.Y), Z: float64(x.Z), W: float64(x.W)}, true
		}
	case gdvar.Vector4:
		if to == gdvar.TypeVector4i {
			return gdvar.Vector4i{X: int32c(x.X), Y: int32c(x.Y), Z: int32c(x.Z), W: int32c(x.W)}, true
		}
	}
	return nil, false
}

func vec2i(v gdvar.Vector2) gdvar.Vector2i { return gdvar.Vector2i{X: int32c(v.X), Y: int32c(v.Y)} }

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// int32c is a float converted to a 32-bit int as C++ converts it on the
// machines Godot runs on: toward zero, the smallest int where it does not
// fit.
func int32c(f float64) int32 { return int32(truncInt(f, math.MinInt32, math.MaxInt32)) }

// truncInt is f toward zero, or lo where it is not a number within
// [lo, hi], as x86's and ARM's conversions give the engine (ARM's
// saturate; the engine's releases are built for both, and x86's answer
// is taken).
func truncInt(f float64, lo, hi int64) int64 {
	if math.IsNaN(f) || f < float64(lo) || f >= float64(hi)+1 {
		return lo
	}
	return int64(f)
}
