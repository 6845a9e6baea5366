package vartext

import (
	"bytes"
	"math"
	"strconv"
)

// appendFloat appends a float Variant as the dialect prints it.
func (d Dialect) appendFloat(b []byte, v float64) []byte {
	if d != Godot4 {
		v = float64(float32(v)) // Godot 3 prints through a 32-bit float
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 1):
		return d.appendSpecial(b, v)
	case math.IsInf(v, -1):
		if d == Godot32 || d == Godot2 {
			return append(b, "-inf.0"...) // Godot 3.2's ".0", added to "-inf" as to any whole number
		}
		return append(b, "inf_neg"...)
	case v == 0:
		return append(b, "0.0"...)
	case d == Godot4:
		return appendGodot4Float(b, v)
	}
	start := len(b)
	b = strconv.AppendFloat(b, v, 'g', 6, 64)
	if !bytes.ContainsAny(b[start:], ".e") {
		b = append(b, ".0"...)
	}
	return b
}

// appendReal appends a math type's component, a Color's channel or a
// packed array's element. Godot's standard builds hold math components as
// 32-bit floats; wide marks the elements of a PackedFloat64Array, printed
// from 64 bits.
func (d Dialect) appendReal(b []byte, v float64, wide bool) []byte {
	if !wide {
		v = float64(float32(v))
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return d.appendSpecial(b, v)
	case v == 0:
		return append(b, '0')
	case d == Godot4:
		return bytes.TrimSuffix(appendGodot4Float(b, v), []byte(".0"))
	}
	return strconv.AppendFloat(b, v, 'g', 6, 64)
}

// appendSpecial names NaN and the infinities.
func (d Dialect) appendSpecial(b []byte, v float64) []byte {
	switch {
	case math.IsNaN(v):
		return append(b, "nan"...)
	case math.IsInf(v, 1):
		return append(b, "inf"...)
	case d == Godot4 || d == Godot3:
		return append(b, "inf_neg"...)
	}
	return append(b, "-inf"...)
}
