package vartext

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Godot 4 prints floats with Florian Loitsch's Grisu2, as the widely used
// dtoa of nlohmann/json implements it: the digits are short and read back
// exactly, but are not always the shortest such digits. Matching the engine
// byte for byte means the same algorithm, written here from the paper's
// description and checked against the engine's own output
// (testdata/text/godot4_floats.txt).

// diyFP is a floating-point number f × 2^e with a 64-bit significand.
type diyFP struct {
	f uint64
	e int
}

// mul returns x × y, rounded to 64 bits (ties up), as Grisu does.
func mul(x, y diyFP) diyFP {
	hi, lo := bits.Mul64(x.f, y.f)
	if lo&(1<<63) != 0 {
		hi++
	}
	return diyFP{hi, x.e + y.e + 64}
}

func normalize(x diyFP) diyFP {
	n := bits.LeadingZeros64(x.f)
	return diyFP{x.f << n, x.e - n}
}

// boundaries returns v and the midpoints to its neighbours, m- and m+, for a
// float of the given precision (24 or 53 bits of significand).
func boundaries(value float64, precision int) (w, minus, plus diyFP) {
	var fbits uint64
	var bias int
	if precision == 24 {
		fbits = uint64(math.Float32bits(float32(value)))
		bias = 127 + 23
	} else {
		fbits = math.Float64bits(value)
		bias = 1023 + 52
	}
	hidden := uint64(1) << (precision - 1)
	e := fbits >> (precision - 1)
	f := fbits & (hidden - 1)
	v := diyFP{f + hidden, int(e) - bias}
	if e == 0 { // subnormal
		v = diyFP{f, 1 - bias}
	}
	lowerCloser := f == 0 && e > 1
	mPlus := diyFP{2*v.f + 1, v.e - 1}
	mMinus := diyFP{2*v.f - 1, v.e - 1}
	if lowerCloser {
		mMinus = diyFP{4*v.f - 1, v.e - 2}
	}
	plus = normalize(mPlus)
	minus = diyFP{mMinus.f << (mMinus.e - plus.e), plus.e}
	return normalize(v), minus, plus
}

const (
	alpha = -60
	gamma = -32
)

// cachedPower is 10^k as a normalized diyFP.
type cachedPower struct {
	f uint64
	e int
	k int
}

// cachedPowers are 10^k for k = -300, -292, …, 324, rounded to 64 bits, as
// Grisu's table holds them.
var cachedPowers = func() [79]cachedPower {
	var out [79]cachedPower
	for i := range out {
		k := -300 + 8*i
		out[i] = powerOfTen(k)
	}
	return out
}()

// powerOfTen computes 10^k as a 64-bit significand and exponent, rounded to
// nearest.
func powerOfTen(k int) cachedPower {
	x := new(big.Float).SetPrec(2000).SetInt64(1)
	ten := new(big.Float).SetPrec(2000).SetInt64(10)
	for range abs(k) {
		if k > 0 {
			x.Mul(x, ten)
		} else {
			x.Quo(x, ten)
		}
	}
	mant := new(big.Float).SetPrec(2000)
	exp := x.MantExp(mant) // x = mant × 2^exp, 0.5 <= mant < 1
	mant.SetMantExp(mant, 64)
	i, _ := mant.Int(nil)
	rest := new(big.Float).SetPrec(2000).Sub(mant, new(big.Float).SetPrec(2000).SetInt(i))
	if rest.Cmp(big.NewFloat(0.5)) >= 0 {
		i.Add(i, big.NewInt(1))
	}
	if i.BitLen() > 64 {
		i.Rsh(i, 1)
		exp++
	}
	return cachedPower{f: i.Uint64(), e: exp - 64, k: k}
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

// cachedPowerFor returns the power of ten c with alpha <= e + c.e + 64 <=
// gamma.
func cachedPowerFor(e int) cachedPower {
	f := alpha - e - 1
	k := f * 78913 / (1 << 18)
	if f > 0 {
		k++
	}
	return cachedPowers[(300+k+7)/8]
}

// grisu2 appends the digits of value to buf and returns them with the
// decimal exponent of their last digit, for a float of the given precision
// (24 or 53 bits).
func grisu2(buf []byte, value float64, precision int) ([]byte, int) {
	v, mMinus, mPlus := boundaries(value, precision)
	c := cachedPowerFor(mPlus.e)
	cMinusK := diyFP{c.f, c.e}
	w := mul(v, cMinusK)
	wMinus := mul(mMinus, cMinusK)
	wPlus := mul(mPlus, cMinusK)
	lower := diyFP{wMinus.f + 1, wMinus.e}
	upper := diyFP{wPlus.f - 1, wPlus.e}
	return digitGen(buf, lower, w, upper, -c.k)
}

func digitGen(buf []byte, mMinus, w, mPlus diyFP, decimalExponent int) ([]byte, int) {
	delta := mPlus.f - mMinus.f
	dist := mPlus.f - w.f
	oneE := uint(-mPlus.e)
	oneF := uint64(1) << oneE
	p1 := uint32(mPlus.f >> oneE)
	p2 := mPlus.f & (oneF - 1)
	pow10, n := largestPow10(p1)
	for n > 0 {
		d := p1 / pow10
		p1 %= pow10
		buf = append(buf, byte('0'+d))
		n--
		rest := uint64(p1)<<oneE + p2
		if rest <= delta {
			decimalExponent += n
			round(buf, dist, delta, rest, uint64(pow10)<<oneE)
			return buf, decimalExponent
		}
		pow10 /= 10
	}
	m := 0
	for {
		p2 *= 10
		d := p2 >> oneE
		p2 &= oneF - 1
		buf = append(buf, byte('0'+d))
		m++
		delta *= 10
		dist *= 10
		if p2 <= delta {
			break
		}
	}
	round(buf, dist, delta, p2, oneF)
	return buf, decimalExponent - m
}

// largestPow10 returns the largest power of ten <= p (p > 0) and its number
// of digits.
func largestPow10(p uint32) (uint32, int) {
	pow, n := uint32(1), 1
	for pow <= p/10 {
		pow *= 10
		n++
	}
	return pow, n
}

// round moves the last digit down while that brings the digits closer to w
// and keeps them inside the boundaries.
func round(buf []byte, dist, delta, rest, tenK uint64) {
	for rest < dist && delta-rest >= tenK && (rest+tenK < dist || dist-rest > rest+tenK-dist) {
		buf[len(buf)-1]--
		rest += tenK
	}
}

// appendDigits lays out digits × 10^exp as nlohmann's dtoa does: plain
// between 1e-5 and 1e15 (a whole number ending in ".0"), otherwise with an
// exponent of at least two digits.
func appendDigits(b, digits []byte, exp int) []byte {
	const minExp, maxExp = -4, 15
	k := len(digits)
	n := k + exp
	switch {
	case k <= n && n <= maxExp:
		b = append(b, digits...)
		b = appendZeros(b, n-k)
		return append(b, ".0"...)
	case 0 < n && n <= maxExp:
		b = append(b, digits[:n]...)
		b = append(b, '.')
		return append(b, digits[n:]...)
	case minExp < n && n <= 0:
		b = append(b, "0."...)
		b = appendZeros(b, -n)
		return append(b, digits...)
	}
	return appendScientific(b, digits, exp)
}

// appendScientific lays out digits × 10^exp with one digit before the
// point and an exponent of at least two digits.
func appendScientific(b, digits []byte, exp int) []byte {
	k := len(digits)
	n := k + exp
	b = append(b, digits[0])
	if k > 1 {
		b = append(b, '.')
		b = append(b, digits[1:]...)
	}
	e := n - 1
	b = append(b, 'e')
	if e < 0 {
		b = append(b, '-')
		e = -e
	} else {
		b = append(b, '+')
	}
	if e < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, int64(e), 10)
}

func appendZeros(b []byte, n int) []byte {
	for range n {
		b = append(b, '0')
	}
	return b
}

// appendGodot4Float formats a finite, non-zero float as Godot 4 does: as a
// 32-bit float when it is exactly one, else as a 64-bit one.
func appendGodot4Float(b []byte, v float64) []byte {
	if v < 0 {
		b = append(b, '-')
		v = -v
	}
	if v < 1<<24 && v == math.Trunc(v) { // Grisu's digits are the number's own
		return append(strconv.AppendInt(b, int64(v), 10), ".0"...)
	}
	precision := 53
	if float64(float32(v)) == v {
		precision = 24
	}
	var buf [24]byte
	digits, exp := grisu2(buf[:0], v, precision)
	return appendDigits(b, digits, exp)
}
