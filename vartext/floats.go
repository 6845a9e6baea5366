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
	case d == Godot4 && c.floats42:
		if older, ok := appendGodot42Float(b, v, false); ok {
			if start := len(b); !bytes.ContainsAny(older[start:], ".e") {
				older = append(older, ".0"...)
			}
			return older
		}
		return c.appendGodot4Float(b, v, true)
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
	case d == Godot4 && c.floats42:
		if older, ok := appendGodot42Float(b, v, !wide); ok {
			return older
		}
		fallthrough
	case d == Godot4:
		return bytes.TrimSuffix(c.appendGodot4Float(b, v, wide), []byte(".0"))
	}
	return strconv.AppendFloat(b, v, 'g', 6, 64)
}

// Godot 4.0 to 4.2 printed floats with C's %g, six significant digits (see
// WithGodot42Floats).

// mayPrintOtherIn42 reports whether v, finite and held in 32 bits where
// single is set, may have six digits that read back as it and that
// Godot 4.0 to 4.2 print otherwise than later versions: where it is
// subnormal, or from 1e6 to 1e15 (the bounds a little wide), and
// nowhere else (elsewhere such digits are the shortest, and print
// alike).
func mayPrintOtherIn42(v float64, single bool) bool {
	a := math.Abs(v)
	smallest := 0x1p-1022 // the smallest normal float
	if single {
		smallest = 0x1p-126
	}
	return a != 0 && a < smallest || a >= 999999 && a < 1e16
}

// appendGodot42Float appends v, finite and held in 32 bits where single
// is set, as Godot 4.0 to 4.2 printed it, where that may differ from
// later versions' digits and they read back as v; !ok, and b as it was,
// where not.
func appendGodot42Float(b []byte, v float64, single bool) ([]byte, bool) {
	if !mayPrintOtherIn42(v, single) {
		return b, false
	}
	start := len(b)
	b = strconv.AppendFloat(b, v, 'g', 6, 64)
	x := godotStrtod(string(b[start:]))
	if single {
		x = float64(float32(x))
	}
	if x != v {
		return b[:start], false
	}
	return b, true
}

// onlyGodot42Digits reports whether text, a float's digits, are those
// Godot 4.0 to 4.2 print for v, held in 32 bits where single is set,
// and no later version prints.
func onlyGodot42Digits(text string, v float64, single bool) bool {
	if single {
		v = float64(float32(v))
	}
	if math.IsInf(v, 0) || math.IsNaN(v) || !mayPrintOtherIn42(v, single) {
		return false
	}
	var older, later [32]byte
	o := strconv.AppendFloat(older[:0], v, 'g', 6, 64)
	if string(o) != text {
		return false
	}
	return !bytes.Equal(bytes.TrimSuffix(appendGodot4Float(later[:0], v), []byte(".0")), o)
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
