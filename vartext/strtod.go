package vartext

// Godot reads numbers in the text form with its own strtod (an old one,
// from Tcl), which is not correctly rounded: it keeps at most 18 digits of
// the mantissa, dropping the rest, and scales by a power of ten built from
// a few rounded powers. str_to_var("3.402823466385289e+38") is therefore
// exactly the largest float32, where a correct parser gives the next
// double, and var_to_bytes writes it with 32 bits. To give the engine's
// bytes, the parser reads numbers the same way.

// powersOf10 are 10^(2^i).
var powersOf10 = [...]float64{10, 100, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256}

// maxExponent is where the engine clamps the decimal exponent.
const maxExponent = 511

// godotStrtod converts s (an optional sign, digits with at most one ".",
// and an optional exponent; the parser has checked the form) as Godot does.
func godotStrtod(s string) float64 {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	// The mantissa: its digits, and where the point is among them.
	mant, rest := s, ""
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 'e' || c == 'E' {
			mant, rest = s[:i], s[i+1:]
			break
		}
	}
	digits := make([]byte, 0, len(mant))
	point := -1
	for i := 0; i < len(mant); i++ {
		if mant[i] == '.' {
			point = len(digits)
			continue
		}
		digits = append(digits, mant[i])
	}
	if point < 0 {
		point = len(digits)
	}
	if len(digits) == 0 {
		return 0
	}
	n := len(digits)
	if n > 18 {
		n = 18 // further digits are dropped
	}
	fracExp := point - n
	var frac1, frac2 int64
	i := 0
	for ; i < n-9; i++ {
		frac1 = 10*frac1 + int64(digits[i]-'0')
	}
	for ; i < n; i++ {
		frac2 = 10*frac2 + int64(digits[i]-'0')
	}
	fraction := 1e9*float64(frac1) + float64(frac2)

	exp := 0
	if rest != "" {
		expNeg := false
		if rest[0] == '-' || rest[0] == '+' {
			expNeg = rest[0] == '-'
			rest = rest[1:]
		}
		for j := 0; j < len(rest) && exp < 1e9; j++ {
			exp = 10*exp + int(rest[j]-'0')
		}
		if expNeg {
			exp = -exp
		}
	}
	exp += fracExp
	expNeg := exp < 0
	if expNeg {
		exp = -exp
	}
	exp = min(exp, maxExponent)
	scale := 1.0
	for k := 0; exp != 0; exp, k = exp>>1, k+1 {
		if exp&1 != 0 {
			scale *= powersOf10[k]
		}
	}
	if expNeg {
		fraction /= scale
	} else {
		fraction *= scale
	}
	if neg {
		return -fraction
	}
	return fraction
}
