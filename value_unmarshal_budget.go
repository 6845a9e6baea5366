package gdvar

import "slices"

// Size hints. The value layer pre-allocates slices and maps for the counts
// the input declares, but only from one budget per Decoder, shared by every
// container of every value it decodes: hintFactor bytes of Go memory per
// byte of input (for a Decoder on a byte slice, the whole slice; on a
// reader, the bytes received so far plus hintFloor). Beyond the budget,
// slices grow by the elements actually decoded, doubling, so that what
// they allocate stays within twice what they hold. So a count the input
// declares, however large and at whatever depth, costs at most a few times
// the input, and elements are paid for only when they arrive.

const (
	// hintFactor is the Go bytes hints may take per byte of input: enough
	// for an Array of ints, 16 bytes each in Go for 8 on the wire.
	hintFactor = 2
	// hintFloor is what hints may take before a reader delivers anything.
	hintFloor = 16 << 10
)

// hint returns how many of count elements of size bytes to pre-allocate,
// and takes them from the budget.
func (ds *decodeState) hint(count int, size uintptr) int {
	size = max(size, 1)
	n := min(int64(count), ds.hintRoom()/int64(size))
	if n <= 0 {
		return 0
	}
	ds.hinted += n * int64(size)
	return int(n)
}

// hintRoom is what is left of the budget, in bytes.
func (ds *decodeState) hintRoom() int64 {
	read, whole := ds.d.inputRead()
	if whole {
		return hintFactor*read - ds.hinted
	}
	return hintFloor + hintFactor*read - ds.hinted
}

// grow makes room in s for n more elements, at least doubling it when it
// is full.
func grow[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	return slices.Grow(s, max(n, cap(s), 4))
}
