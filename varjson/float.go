package varjson

import (
	"math"
	"math/big"
	"strconv"
	"sync"
	"unsafe"
)

// strconv.ParseFloat is fast on numbers of normal size but falls back to
// arbitrary-precision decimal shifting (tens of µs a number) for results
// in the subnormal range, such as 1e-320, or a float32 parse of 1e-40: a
// JSON array of them cost 100-280× the time per byte of ordinary numbers.
// Below the normal range a result is a whole number of its smallest unit
// (2^-1074 for 64 bits, 2^-149 for 32), so parseFloat finds it there with
// one division of integers, exactly rounded, and gives every other number
// to strconv. Results are bit for bit strconv's.

// floatFormat is what parseFloat needs of a binary format.
type floatFormat struct {
	unit    int // the smallest subnormal is 2^-unit
	bits    int // mantissa bits with the implicit one: results of fewer units are below 2^(bits - unit)
	normal  int // decimal exponents from this up go to strconv (10^normal is past 2^(bits-unit))
	zero    int // numbers below 10^zero round to zero (10^zero is below half the smallest subnormal)
	bitSize int
}

var (
	float64Format = floatFormat{unit: 1074, bits: 53, normal: -307, zero: -324, bitSize: 64}
	float32Format = floatFormat{unit: 149, bits: 24, normal: -37, zero: -46, bitSize: 32}
)

// maxExactDigits is the most significant digits parseFloat reads exactly;
// past them it brackets the number between two of that many digits, and
// gives strconv (whose cost then is small per byte) the rare number that
// the bracket does not settle.
const maxExactDigits = 800

// parseFloat is strconv.ParseFloat(s, bitSize) for a JSON number s, which
// the JSON reader has checked: -?digits[.digits][(e|E)[+-]digits].
func parseFloat(s string, bitSize int) (float64, error) {
	f := float64Format
	if bitSize == 32 {
		f = float32Format
	}
	n, ok := splitNumber(s)
	if !ok || n.int == "" && n.frac == "" || n.exp10 >= f.normal {
		return strconv.ParseFloat(s, bitSize)
	}
	sign := 0.0
	if n.neg {
		sign = -1
	}
	if n.exp10 < f.zero {
		return math.Copysign(0, sign), nil
	}
	units, ok := f.tiny(n)
	if !ok {
		return strconv.ParseFloat(s, bitSize)
	}
	if bitSize == 32 {
		return math.Copysign(float64(math.Float32frombits(uint32(units))), sign), nil
	}
	return math.Copysign(math.Float64frombits(units), sign), nil
}

// decimal is a number's significant digits, int+frac without leading
// zeros, the first of them worth 10^exp10.
type decimal struct {
	neg       bool
	int, frac string // "" and "" for zero
	exp10     int    // saturated far beyond any float
}

// splitNumber reads a JSON number's parts; !ok for what it does not
// expect (strconv then judges it).
func splitNumber(s string) (decimal, bool) {
	var d decimal
	if s != "" && s[0] == '-' {
		d.neg, s = true, s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	d.int, s = s[:i], s[i:]
	if s != "" && s[0] == '.' {
		j := 1
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		d.frac, s = s[1:j], s[j:]
	}
	exp := 0
	if s != "" && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		neg := s != "" && s[0] == '-'
		if s != "" && (s[0] == '-' || s[0] == '+') {
			s = s[1:]
		}
		if s == "" {
			return d, false
		}
		for ; s != "" && s[0] >= '0' && s[0] <= '9'; s = s[1:] {
			if exp < 1e9 { // saturate: 1e9 is far past any float
				exp = 10*exp + int(s[0]-'0')
			}
		}
		if neg {
			exp = -exp
		}
	}
	if s != "" || d.int == "" {
		return d, false
	}
	lead := 0
	for lead < len(d.int) && d.int[lead] == '0' {
		lead++
	}
	d.int = d.int[lead:]
	if d.int != "" {
		d.exp10 = exp + len(d.int) - 1
		return d, true
	}
	lead = 0
	for lead < len(d.frac) && d.frac[lead] == '0' {
		lead++
	}
	d.exp10 = exp - lead - 1
	d.frac = d.frac[lead:]
	return d, true
}

// tiny returns the bits of the number d's magnitude rounds to, in units of
// f's smallest subnormal, or !ok when the number is a normal one or its
// digits past maxExactDigits leave its rounding open.
func (f floatFormat) tiny(d decimal) (uint64, bool) {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	digits := append(append(sc.buf[:0], d.int...), d.frac...)
	sc.buf = digits
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	cut := len(digits) > maxExactDigits
	if cut {
		digits = digits[:maxExactDigits] // the rest is not all zeros: trailing zeros were dropped
	}
	// value = D × 10^-b, b > 0 here; in units: D × 2^(unit-b) / 5^b.
	b := len(digits) - 1 - d.exp10
	if _, ok := sc.d.SetString(unsafe.String(unsafe.SliceData(digits), len(digits)), 10); !ok {
		return 0, false
	}
	units, ok := f.round(sc, b)
	if ok && cut { // the value lies strictly between D and D+1: settled if both round alike
		sc.d.Add(&sc.d, bigOne)
		var up uint64
		up, ok = f.round(sc, b)
		ok = ok && up == units
	}
	return units, ok
}

var bigOne = big.NewInt(1)

// round rounds sc.d × 10^-b to units of 2^-f.unit, to nearest, ties to
// even; !ok when that reaches the normal numbers of larger units.
func (f floatFormat) round(sc *scratch, b int) (uint64, bool) {
	num, den := &sc.num, &sc.den
	pow5(den, b)
	if shift := f.unit - b; shift >= 0 {
		num.Lsh(&sc.d, uint(shift))
	} else {
		num.Set(&sc.d)
		den.Lsh(den, uint(-shift))
	}
	q, r := &sc.q, &sc.r
	q.QuoRem(num, den, r)
	r.Lsh(r, 1)
	if c := r.Cmp(den); c > 0 || c == 0 && q.Bit(0) == 1 {
		q.Add(q, bigOne)
	}
	if q.BitLen() > f.bits {
		return 0, false
	}
	return q.Uint64(), true
}

// scratch holds round's integers, reused between numbers.
type scratch struct {
	buf               []byte
	d, num, den, q, r big.Int
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// pow5Step is the largest k with 5^k in a uint64; pow5 builds 5^b from a
// table of 5^(pow5Step×i) and one small factor.
const pow5Step = 27

// pow5Table holds 5^(pow5Step×i) up to past the largest b round meets:
// maxExactDigits digits below the smallest subnormal's exponent.
var pow5Table = sync.OnceValue(func() []big.Int {
	t := make([]big.Int, (maxExactDigits+-float64Format.zero+1)/pow5Step+2)
	step := new(big.Int).Exp(big.NewInt(5), big.NewInt(pow5Step), nil)
	t[0].SetInt64(1)
	for i := 1; i < len(t); i++ {
		t[i].Mul(&t[i-1], step)
	}
	return t
})

// pow5 sets z to 5^b.
func pow5(z *big.Int, b int) {
	t := pow5Table()
	small := uint64(1)
	for range b % pow5Step {
		small *= 5
	}
	z.SetUint64(small)
	z.Mul(z, &t[b/pow5Step])
}
