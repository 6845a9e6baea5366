package main

import "math/bits"

// latencies is a histogram of latencies in µs, to 1.6% (64 buckets a
// power of two): a client adds one for each sync it receives, in a few
// nanoseconds and no memory, and the run merges every client's.
type latencies struct {
	counts [64 * 28]uint64
	n      uint64
}

func bucket(us uint32) int {
	if us < 128 {
		return int(us)
	}
	e := bits.Len32(us) - 7
	return 64*e + int(us>>e)
}

// lower is the least latency of bucket i.
func lower(i int) uint32 {
	if i < 128 {
		return uint32(i)
	}
	e := i/64 - 1
	return uint32(i-64*e) << e
}

func (h *latencies) add(us int64) {
	us = max(us, 0)
	h.counts[bucket(uint32(min(us, 1<<31)))]++
	h.n++
}

func (h *latencies) merge(o *latencies) {
	for i, c := range o.counts {
		h.counts[i] += c
	}
	h.n += o.n
}

// quantile returns the least latency (µs) of the bucket holding quantile q
// of the latencies, 0 if there are none.
func (h *latencies) quantile(q float64) uint32 {
	rank := uint64(q * float64(h.n))
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if c > 0 && seen > rank {
			return lower(i)
		}
	}
	return 0
}
