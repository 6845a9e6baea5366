package vartext

import (
	"math"
	"strconv"
)

// appendExactFloat appends a finite, non-zero float in digits godotStrtod
// reads back as v (as a 64-bit float when wide is set, else as a 32-bit
// one): Godot 4's own digits when they do, else the shortest correctly
// rounded digits that do, in Godot's layout or with an exponent, else
// 16 to 18 digits within 3 of v's own, with an exponent. A float the
// search finds no digits for gets Godot 4's own. See WithExactFloats.
func appendExactFloat(b []byte, v float64, wide bool) []byte {
	start := len(b)
	b = appendGodot4Float(b, v)
	if readsAs(b[start:], v, wide) {
		return b
	}
	var digitBuf [24]byte
	var text [40]byte
	neg := v < 0
	for n := 1; n <= 17; n++ {
		digits, exp := decimalDigits(digitBuf[:0], v, n)
		for _, sci := range [2]bool{false, true} {
			if s := appendDecimal(text[:0], neg, digits, exp, sci); readsAs(s, v, wide) {
				return append(b[:start], s...)
			}
		}
	}
	// Near v, rounding differs with the number of digits and with a
	// trailing zero (another power of ten scales the digits).
	for _, n := range [...]int{17, 18, 16} {
		digits, exp := decimalDigits(digitBuf[:0], v, n)
		m, _ := strconv.ParseUint(string(digits), 10, 64)
		for k := uint64(1); k <= 3; k++ {
			for _, near := range [2]uint64{m + k, m - k} {
				d := strconv.AppendUint(digitBuf[:0], near, 10)
				if len(d) != n {
					continue
				}
				for z := 0; z <= 1 && n+z <= 18; z++ {
					if s := appendDecimal(text[:0], neg, d, exp-z, true); readsAs(s, v, wide) {
						return append(b[:start], s...)
					}
					d = append(d, '0')
				}
			}
		}
	}
	return b
}

// decimalDigits appends the n significant digits of |v|, correctly rounded,
// and returns them with the power of ten of the last one.
func decimalDigits(b []byte, v float64, n int) ([]byte, int) {
	s := strconv.AppendFloat(b, math.Abs(v), 'e', n-1, 64)
	e := len(s) - 1
	for s[e] != 'e' {
		e--
	}
	x, _ := strconv.Atoi(string(s[e+1:]))
	digits := s[:e]
	if n > 1 { // drop the point
		digits = append(s[:1], s[2:e]...)
	}
	return digits, x - (n - 1)
}

// appendDecimal appends digits × 10^exp with its sign, in Godot 4's layout
// or (sci) always with an exponent.
func appendDecimal(b []byte, neg bool, digits []byte, exp int, sci bool) []byte {
	if neg {
		b = append(b, '-')
	}
	if sci {
		return appendScientific(b, digits, exp)
	}
	return appendDigits(b, digits, exp)
}

// readsAs reports whether Godot reads s as v.
func readsAs(s []byte, v float64, wide bool) bool {
	f := godotStrtod(string(s))
	if wide {
		return f == v
	}
	return float32(f) == float32(v)
}
