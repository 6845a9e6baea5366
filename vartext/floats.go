package vartext

import (
	"bytes"
	"math"
	"strconv"
)

// appendFloat appends a float Variant as the dialect prints it.
func (c *config) appendFloat(b []byte, v float64) []byte {
	d := c.dialect
	if d != Godot4 {
		v = float64(float32(v)) // Godot 3 prints through a 32-bit float
	}
	switch {
	case d.signedNaN(v) || math.IsInf(v, -1) && d.old():
		// Godot 3.2 adds ".0" to "-inf" and "-nan" as to any whole number
		// (but not to "inf" and "nan").
		return append(d.appendSpecial(b, v), ".0"...)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return d.appendSpecial(b, v)
	case v == 0:
		return append(b, "0.0"...)
	case d == Godot4:
		return c.appendGodot4Float(b, v, true)
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
func (c *config) appendReal(b []byte, v float64, wide bool) []byte {
	d := c.dialect
	if !wide {
		v = float64(float32(v))
	}
	switch {
	case math.IsNaN(v) || math.IsInf(v, 0):
		return d.appendSpecial(b, v)
	case v == 0:
		return append(b, '0')
	case d == Godot4:
		return bytes.TrimSuffix(c.appendGodot4Float(b, v, wide), []byte(".0"))
	}
	return strconv.AppendFloat(b, v, 'g', 6, 64)
}

// appendGodot4Float appends a finite, non-zero float as Godot 4 prints it,
// or, with WithExactFloats, in digits Godot reads back as v: as a 64-bit
// float when wide is set, else as a 32-bit one.
func (c *config) appendGodot4Float(b []byte, v float64, wide bool) []byte {
	if c.exactFloats {
		return appendExactFloat(b, v, wide)
	}
	return appendGodot4Float(b, v)
}

// appendSpecial names NaN and the infinities.
func (d Dialect) appendSpecial(b []byte, v float64) []byte {
	switch {
	case d.signedNaN(v):
		return append(b, "-nan"...)
	case math.IsNaN(v):
		return append(b, "nan"...)
	case math.IsInf(v, 1):
		return append(b, "inf"...)
	case !d.old():
		return append(b, "inf_neg"...)
	}
	return append(b, "-inf"...)
}

// old reports whether d prints floats as Godot 3.2 and older do: with C's
// printf, so that -inf is "-inf" and a NaN with its sign bit set "-nan".
func (d Dialect) old() bool { return d == Godot32 || d == Godot2 }

// signedNaN reports whether v is a NaN that d prints as "-nan".
func (d Dialect) signedNaN(v float64) bool { return d.old() && math.IsNaN(v) && math.Signbit(v) }
