package varjson

import (
	"math"
	"strconv"
)

// Most reals in game data are whole or end in a half, a quarter, an
// eighth or a sixteenth (100.0, 0.5, -0.25): appendDyadic writes those
// from their integer and sixteenths, as strconv's shortest form writes
// them, in a fraction of its time (a fifth of gdvar json's time on the
// game state went to strconv).
//
// Such a number x, below 10^6 in magnitude, with k digits after the point
// in decimal (the last a 5, k at most 4), is its own shortest form when
// no decimal of fewer digits reads back as x: those are 5·10^-k or more
// away, so the float's spacing (ulp) around x must be below 10^-(k-1).
// For 64 bits it is below 10^6 (2^-33); for 32, dyadicLimit32 holds the
// magnitude under which it is, for each k. Below 10^6 and from 0.0625,
// the 'g' form is the plain one, not an exponent.

// dyadicLimit32 is, for k fraction digits, the magnitude below which a
// float32's ulp is under 10^-(k-1): 2^23 (ulp 0.5) capped at 10^6, then
// 2^19 (ulp 2^-4), 2^16 (2^-7) and 2^13 (2^-10).
var dyadicLimit32 = [5]float64{1e6, 1e6, 1 << 19, 1 << 16, 1 << 13}

// sixteenths is the decimal fraction of i/16, without "0.".
var sixteenths = [16]string{
	"0", "0625", "125", "1875", "25", "3125", "375", "4375",
	"5", "5625", "625", "6875", "75", "8125", "875", "9375",
}

// appendDyadic appends f's shortest form, with ".0" when whole, if f is
// a whole number of sixteenths within the limits above; !ok otherwise,
// with b as it was.
func appendDyadic(b []byte, f float64, size int) ([]byte, bool) {
	a := math.Abs(f)
	m := a * 16
	if !(a < 1e6) || m != math.Trunc(m) { // also NaN
		return b, false
	}
	whole, sixteenth := uint64(m)>>4, uint64(m)&15
	if size == 32 && a >= dyadicLimit32[fractionDigits(sixteenth)] {
		return b, false
	}
	if math.Signbit(f) {
		b = append(b, '-')
	}
	b = strconv.AppendUint(b, whole, 10)
	b = append(b, '.')
	return append(b, sixteenths[sixteenth]...), true
}

// A whole x from 10^6, below 2^24 (32 bits) or 2^53 (64 bits), has an
// ulp of at most 1: a decimal of fewer significant digits than x's own,
// trailing zeros dropped, is a multiple of a power of ten other than x,
// 1 or more away, so those digits are the shortest form; the 'g' form
// writes them with an exponent (1.234567e+06, 1e+07).

// wholeLimit is, for 32 and 64 bits, the magnitude below which every
// whole float's ulp is at most 1.
func wholeLimit(size int) float64 {
	if size == 32 {
		return 1 << 24
	}
	return 1 << 53
}

// appendLargeWhole appends f's shortest form if f is whole, from 10^6 and
// below wholeLimit; !ok otherwise, with b as it was.
func appendLargeWhole(b []byte, f float64, size int) ([]byte, bool) {
	a := math.Abs(f)
	if !(a >= 1e6 && a < wholeLimit(size)) {
		return b, false
	}
	n := uint64(a)
	if float64(n) != a { // not whole: below 2^53, n is exact
		return b, false
	}
	var buf [16]byte // 2^53 has 16 digits
	d := strconv.AppendUint(buf[:0], n, 10)
	exp := len(d) - 1 // 6 to 15: two digits
	for d[len(d)-1] == '0' {
		d = d[:len(d)-1]
	}
	if math.Signbit(f) {
		b = append(b, '-')
	}
	b = append(b, d[0])
	if len(d) > 1 {
		b = append(append(b, '.'), d[1:]...)
	}
	return append(b, 'e', '+', byte('0'+exp/10), byte('0'+exp%10)), true
}

// fractionDigits is how many decimal digits i/16 has after the point.
func fractionDigits(i uint64) int {
	switch {
	case i == 0:
		return 0
	case i%8 == 0:
		return 1
	case i%4 == 0:
		return 2
	case i%2 == 0:
		return 3
	}
	return 4
}
