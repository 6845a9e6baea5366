package vartext

import (
	"math"
	"strconv"
	"strings"
)

// float formats a float Variant as the dialect prints it.
func (d Dialect) float(v float64) string {
	if d != Godot4 {
		v = float64(float32(v)) // Godot 3 prints through a 32-bit float
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 1):
		return d.special(v)
	case math.IsInf(v, -1):
		if d == Godot32 || d == Godot2 {
			return "-inf.0" // Godot 3.2's ".0", added to "-inf" as to any whole number
		}
		return "inf_neg"
	case v == 0:
		return "0.0"
	case d == Godot4:
		return godot4Float(v)
	}
	s := strconv.FormatFloat(v, 'g', 6, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// real formats a math type's component, a Color's channel or a packed
// array's element. Godot's standard builds hold math components as 32-bit
// floats; wide marks the elements of a PackedFloat64Array, printed from 64
// bits.
func (d Dialect) real(v float64, wide bool) string {
	if !wide {
		v = float64(float32(v))
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return d.special(v)
	case v == 0:
		return "0"
	case d == Godot4:
		return strings.TrimSuffix(godot4Float(v), ".0")
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}

// special names NaN and the infinities.
func (d Dialect) special(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case d == Godot4 || d == Godot3:
		return "inf_neg"
	}
	return "-inf"
}
