// Package numeric reads the numbers a decoded Variant holds.
package numeric

// Float returns an int (int64) or a float (float64), as the decoders give
// them, as a float64; ok is false for any other value.
func Float(v any) (f float64, ok bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}
