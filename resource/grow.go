package resource

// reserve returns s with room for n more elements, at least doubling its
// capacity when it grows: append grows a large slice by a quarter, which
// allocates five times its final size on the way, where doubling
// allocates twice.
func reserve[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	grown := make([]T, len(s), max(2*cap(s), len(s)+n))
	copy(grown, s)
	return grown
}
