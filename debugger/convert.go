package debugger

import (
	"errors"
	"fmt"
	"math"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/numeric"
)

// ErrWrongType is a value Set refused: it is not of the property's type,
// nor of a shape that converts to it. The type wanted follows it.
var ErrWrongType = errors.New("debugger: a value of the wrong type")

// propertyType returns the gdvar.Type of a property the game's inspector
// lists, whose Type is the engine's wire number.
func propertyType(e gdvar.Engine, wire int64) (gdvar.Type, bool) {
	for t := gdvar.TypeNil; t <= gdvar.TypePackedVector4Array; t++ {
		if n, ok := e.WireType(t); ok && int64(n) == wire {
			return t, true
		}
	}
	return 0, false
}

// toType returns v as a value of type t, as the editor's inspector would
// hold it, converting the shapes a caller sends from JSON or plain text:
// numbers for an int (whole ones) or a float; a String for a StringName
// or a NodePath; an Array of 2, 3 or 4 numbers, or a Dictionary of x, y
// (z, w) or r, g, b (a), for a vector or a Color; an Array of fitting
// elements for a packed array. TypeNil (a Variant) and Object take any
// value, Object as the editor does (a String is a resource path). Any
// other value is ErrWrongType, naming the type wanted.
func toType(v any, t gdvar.Type) (any, error) {
	if got, ok := gdvar.TypeOf(v); ok && got == t || t == gdvar.TypeNil || t == gdvar.TypeObject {
		return v, nil
	}
	c, ok := convert(v, t)
	if !ok {
		return nil, fmt.Errorf("%w: want %s, not %s", ErrWrongType, t, shown(v))
	}
	return c, nil
}

// convert converts v to type t, if it has a shape that converts.
func convert(v any, t gdvar.Type) (any, bool) {
	switch t {
	case gdvar.TypeInt:
		return wholeNumber(v)
	case gdvar.TypeFloat:
		return numeric.Float(v)
	case gdvar.TypeString:
		s, ok := v.(gdvar.StringName)
		return string(s), ok
	case gdvar.TypeStringName:
		s, ok := v.(string)
		return gdvar.StringName(s), ok
	case gdvar.TypeNodePath:
		s, ok := asString(v)
		return gdvar.ParseNodePath(s), ok
	case gdvar.TypeColor:
		c, ok := components(v, 3, 4, "r", "g", "b", "a")
		if !ok {
			return nil, false
		}
		a := 1.0
		if len(c) == 4 {
			a = c[3]
		}
		return gdvar.Color{R: float32(c[0]), G: float32(c[1]), B: float32(c[2]), A: float32(a)}, true
	case gdvar.TypePackedByteArray:
		return packed(v, func(e any) (byte, bool) { n, ok := wholeNumber(e); return byte(n), ok && n >= 0 && n <= math.MaxUint8 })
	case gdvar.TypePackedInt32Array:
		return packed(v, func(e any) (int32, bool) { n, ok := wholeNumber(e); return int32(n), ok && n == int64(int32(n)) })
	case gdvar.TypePackedInt64Array:
		return packed(v, wholeNumber)
	case gdvar.TypePackedFloat32Array:
		return packed(v, func(e any) (float32, bool) { f, ok := numeric.Float(e); return float32(f), ok })
	case gdvar.TypePackedFloat64Array:
		return packed(v, numeric.Float)
	case gdvar.TypePackedStringArray:
		return packed(v, asString)
	case gdvar.TypePackedVector2Array:
		return packed(v, func(e any) (gdvar.Vector2, bool) {
			c, ok := convert(e, gdvar.TypeVector2)
			x, _ := c.(gdvar.Vector2)
			return x, ok
		})
	case gdvar.TypePackedVector3Array:
		return packed(v, func(e any) (gdvar.Vector3, bool) {
			c, ok := convert(e, gdvar.TypeVector3)
			x, _ := c.(gdvar.Vector3)
			return x, ok
		})
	case gdvar.TypePackedColorArray:
		return packed(v, func(e any) (gdvar.Color, bool) {
			c, ok := convert(e, gdvar.TypeColor)
			x, _ := c.(gdvar.Color)
			return x, ok
		})
	}
	return vector(v, t)
}

// vector converts v to a vector type: Vector2, 3 and 4, whole or not.
func vector(v any, t gdvar.Type) (any, bool) {
	n := map[gdvar.Type]int{gdvar.TypeVector2: 2, gdvar.TypeVector2i: 2, gdvar.TypeVector3: 3, gdvar.TypeVector3i: 3, gdvar.TypeVector4: 4, gdvar.TypeVector4i: 4}[t]
	if n == 0 {
		return nil, false
	}
	c, ok := components(v, n, n, "x", "y", "z", "w")
	if !ok {
		return nil, false
	}
	switch t {
	case gdvar.TypeVector2:
		return gdvar.Vector2{X: c[0], Y: c[1]}, true
	case gdvar.TypeVector3:
		return gdvar.Vector3{X: c[0], Y: c[1], Z: c[2]}, true
	case gdvar.TypeVector4:
		return gdvar.Vector4{X: c[0], Y: c[1], Z: c[2], W: c[3]}, true
	}
	var w [4]int32
	for i, f := range c {
		if f != math.Trunc(f) || f != float64(int32(f)) {
			return nil, false
		}
		w[i] = int32(f)
	}
	switch t {
	case gdvar.TypeVector2i:
		return gdvar.Vector2i{X: w[0], Y: w[1]}, true
	case gdvar.TypeVector3i:
		return gdvar.Vector3i{X: w[0], Y: w[1], Z: w[2]}, true
	}
	return gdvar.Vector4i{X: w[0], Y: w[1], Z: w[2], W: w[3]}, true
}

// components reads from min to max numbers from an Array, or from a
// Dictionary whose String keys are the first min to max of names, each
// once.
func components(v any, min, max int, names ...string) ([]float64, bool) {
	var c []float64
	switch x := v.(type) {
	case []any:
		if len(x) < min || len(x) > max {
			return nil, false
		}
		for _, e := range x {
			f, ok := numeric.Float(e)
			if !ok {
				return nil, false
			}
			c = append(c, f)
		}
	case *gdvar.Dictionary:
		if x.Len() < min || x.Len() > max {
			return nil, false
		}
		for _, name := range names[:x.Len()] {
			e, ok := x.Get(name)
			if !ok {
				return nil, false
			}
			f, ok := numeric.Float(e)
			if !ok {
				return nil, false
			}
			c = append(c, f)
		}
	default:
		return nil, false
	}
	return c, true
}

// packed converts an Array to a packed array of elements each converted
// by elem.
func packed[E any](v any, elem func(any) (E, bool)) (any, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]E, len(a))
	for i, e := range a {
		if out[i], ok = elem(e); !ok {
			return nil, false
		}
	}
	return out, true
}

// wholeNumber reads an int, or a float with no fraction in an int64's
// range, as an int64.
func wholeNumber(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case float64:
		if x == math.Trunc(x) && x >= math.MinInt64 && x < math.MaxInt64 {
			return int64(x), true
		}
	}
	return 0, false
}
