package varjson

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// floatCases are numbers around the edges parseFloat draws: the subnormal
// ranges of both widths, the smallest normals, halfway points between
// subnormals written out in full, and numbers of many digits.
func floatCases() []string {
	cases := []string{
		"0.5", "1e-320", "-1e-320", "4.9406564584124654e-324", "4.9e-324", "2.4703282292062327e-324",
		"2.4703282292062328e-324", "2.470328229206232e-324", "1e-324", "3e-324", "-2e-324", "1e-325", "9.99e-325",
		"2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.225073858507201e-308",
		"1e-308", "2e-308", "9.9999999999999999e-308", "1e-307", "4.4501477170144023e-308", "4.45014771701440e-308",
		"1e-40", "1e-45", "1.4e-45", "7e-46", "7.006492321624085e-46", "7.006492321624086e-46", "1e-46",
		"1.1754942e-38", "1.1754943508222875e-38", "1.17549435e-38", "1e-38", "9.9999e-38", "2.3509885e-38",
		"0e-400", "-0.0", "0.000", "0", "-0", "0.0000000000000000000000000000001e-300", "1000000e-330",
		"100000000000000000000000000000000000000000000000000000000000e-380", "1E-320", "1e+0", "1.0e-00320",
		"1e-99999999999999999999999", "1e99999999999999999999", "-1e-4000000000", "123456789012345678901234567890e-340",
		"1e308", "1.7976931348623157e308", "1.7976931348623159e308", "3.4028235e38", "3.4028236e38",
	}
	// Halfway between two subnormals, exactly and by a hair either side,
	// with hundreds of digits (past maxExactDigits, too).
	for _, k := range []int64{1, 2, 3, 1 << 20, 1<<52 - 1} {
		for _, unit := range []int{1074, 149} {
			exact := halfway(k, unit)
			cases = append(cases, exact, exact+"1", lessOne(exact), exact+strings.Repeat("0", 900)+"1")
		}
	}
	return cases
}

// halfway returns (k + 1/2) × 2^-unit written out exactly.
func halfway(k int64, unit int) string {
	// (2k+1) × 5^(unit+1) × 10^-(unit+1)
	n := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(unit+1)), nil)
	n.Mul(n, big.NewInt(2*k+1))
	s := n.String()
	return "0." + strings.Repeat("0", unit+1-len(s)) + s
}

// lessOne returns the decimal just below s (its last digit decremented).
func lessOne(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '.' {
			continue
		}
		if b[i] > '0' {
			b[i]--
			return string(b)
		}
		b[i] = '9'
	}
	return s
}

// parseFloat gives strconv.ParseFloat's results bit for bit, and its
// range errors.
func TestParseFloatAsStrconv(t *testing.T) {
	check := func(s string) {
		for _, size := range []int{64, 32} {
			want, wantErr := strconv.ParseFloat(s, size)
			got, err := parseFloat(s, size)
			require.Equal(t, wantErr != nil, err != nil, "%s (%d bits): %v", s, size, err)
			require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%s (%d bits): want %g, got %g", s, size, want, got)
		}
	}
	for _, s := range floatCases() {
		check(s)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		// Random digits and exponents around the subnormal ranges and
		// the smallest normals of both widths, in every JSON spelling.
		digits := make([]byte, 1+rng.IntN(25))
		for i := range digits {
			digits[i] = byte('0' + rng.IntN(10))
		}
		if rng.IntN(4) == 0 {
			digits = append(digits, strings.Repeat("9", rng.IntN(30))...)
		}
		exp := -330 + rng.IntN(30)
		if rng.IntN(2) == 0 {
			exp = -50 + rng.IntN(15)
		}
		var s string
		switch rng.IntN(3) {
		case 0:
			s = fmt.Sprintf("%se%d", strings.TrimLeft(string(digits), "0")+"1", exp)
		case 1:
			p := 1 + rng.IntN(len(digits))
			s = fmt.Sprintf("%s.%sE%+d", strings.TrimLeft(string(digits[:p]), "0")+"0", string(digits[p:])+"5", exp)
		default:
			s = "0." + strings.Repeat("0", -exp-1) + string(digits) + "7"
		}
		if rng.IntN(2) == 0 {
			s = "-" + s
		}
		check(s)
		// Random float64 and float32 subnormals, shortest and long.
		bits := rng.Uint64N(1 << 53)
		f := math.Float64frombits(bits)
		check(strconv.FormatFloat(f, 'g', -1, 64))
		check(strconv.FormatFloat(f, 'e', 20+rng.IntN(30), 64))
		f32 := math.Float32frombits(uint32(rng.Uint64N(1 << 24)))
		check(strconv.FormatFloat(float64(f32), 'g', -1, 32))
		check(strconv.FormatFloat(float64(f32), 'e', 10+rng.IntN(20), 64))
	}
}

// Numbers in the subnormal ranges take the exact path, not strconv's slow
// one (what BenchmarkDecodeHostileNumbers measures), unless they have so
// many digits that the bracket leaves them open.
func TestParseFloatSubnormalsExact(t *testing.T) {
	for _, s := range []string{"1e-320", "4.9406564584124654e-324", "2e-308", "1.5e-308", "2.2250738585072011e-308", halfway(7, 1074)} {
		n, ok := splitNumber(s)
		require.True(t, ok, s)
		_, ok = float64Format.tiny(n)
		assert.True(t, ok, s)
	}
	for _, s := range []string{"1e-40", "1.4e-45", "1.17549421e-38", halfway(7, 149)} {
		n, ok := splitNumber(s)
		require.True(t, ok, s)
		_, ok = float32Format.tiny(n)
		assert.True(t, ok, s)
	}
}

// parseFloat agrees with strconv.ParseFloat on any string, valid JSON
// number or not (underscores, hex, signs, missing digits), in both widths:
// the same bits and an error exactly when strconv gives one.
func FuzzParseFloat(f *testing.F) {
	for _, s := range floatCases() {
		if len(s) < 200 {
			f.Add(s)
		}
	}
	for _, s := range []string{"1_0e-320", "0x1p-1074", "+1e-320", ".5e-320", "1.e-320", "1e", "1e+", "-", "", "inf", "-Inf", "NaN",
		"01e-320", "1e-3_20", "1.5e-320x", "1E-0000000000000000000000320", "0.0e-320", "-0e-99999", "1__2e-330"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, size := range []int{64, 32} {
			want, wantErr := strconv.ParseFloat(s, size)
			got, err := parseFloat(s, size)
			require.Equal(t, wantErr != nil, err != nil, "%q (%d bits): %v", s, size, err)
			require.Equal(t, math.Float64bits(want), math.Float64bits(got), "%q (%d bits): want %g, got %g", s, size, want, got)
		}
	})
}
