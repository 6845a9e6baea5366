package enet

import "time"

// RTTBounds are the upper bounds of an [RTTHistogram]'s buckets: ENet
// measures round trips in whole milliseconds, from a loopback's 1 ms to
// the 5 s past which a peer times out.
var RTTBounds = [...]time.Duration{
	time.Millisecond, 2 * time.Millisecond, 5 * time.Millisecond, 10 * time.Millisecond,
	25 * time.Millisecond, 50 * time.Millisecond, 100 * time.Millisecond, 250 * time.Millisecond,
	500 * time.Millisecond, time.Second, 2500 * time.Millisecond,
}

// RTTHistogram counts round trips: Buckets[i] those of at most
// RTTBounds[i] (and more than the bound before), the last those over
// every bound; Sum is their total.
type RTTHistogram struct {
	Buckets [len(RTTBounds) + 1]uint64
	Sum     time.Duration
}

// Count returns how many round trips h counts.
func (h *RTTHistogram) Count() uint64 {
	var n uint64
	for _, b := range h.Buckets {
		n += b
	}
	return n
}

// Add adds o's counts to h: those of several hosts, say.
func (h *RTTHistogram) Add(o RTTHistogram) {
	for i, b := range o.Buckets {
		h.Buckets[i] += b
	}
	h.Sum += o.Sum
}

// observe counts a round trip of ms milliseconds (the host's lock held).
func (h *RTTHistogram) observe(ms uint32) {
	d := time.Duration(ms) * time.Millisecond
	i := 0
	for i < len(RTTBounds) && d > RTTBounds[i] {
		i++
	}
	h.Buckets[i]++
	h.Sum += d
}
