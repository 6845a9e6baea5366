package enet

// ENet's clock is milliseconds in a uint32 that wraps; two times compare as
// ENet's ENET_TIME_LESS does: a difference of a day or more means the
// subtraction wrapped.
const timeOverflow = 86400000

func timeLess(a, b uint32) bool { return a-b >= timeOverflow }

func timeGreaterEqual(a, b uint32) bool { return !timeLess(a, b) }

// timeDiff is the distance between two times, whichever is later.
func timeDiff(a, b uint32) uint32 {
	if a-b >= timeOverflow {
		return b - a
	}
	return a - b
}
