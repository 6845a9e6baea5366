package loadtest

import (
	"math"
	"math/bits"
	"time"
)

// The histogram's layout: latencies in µs, exact below 2^subBits, then
// 2^subBits buckets an octave up to 2^topBit µs (71 minutes); a latency
// past that (or a negative one, a clock stepped back) counts in the last
// (first) bucket.
const (
	subBits     = 6
	subBuckets  = 1 << subBits
	topBit      = 32
	histBuckets = subBuckets + (topBit-subBits)*subBuckets
)

// A histogram counts latencies in buckets of fixed size: exact to the µs
// under 64 µs, and past that each within 1/128 (0.8%) of the value it
// counts, whatever the number of latencies, from 0 to 71 minutes. Two
// runs' histograms merge by adding their counts, so that the percentiles
// of segments run apart are those of all their latencies, not an average
// of theirs. Its zero value is empty; it takes 13.5 KiB.
type histogram struct {
	counts [histBuckets]uint64
	total  uint64
}

// bucketOf is the bucket of a latency of us µs.
func bucketOf(us int64) int {
	switch {
	case us < 0:
		return 0
	case us < subBuckets:
		return int(us)
	case us >= 1<<topBit:
		return histBuckets - 1
	}
	octave := bits.Len64(uint64(us)) - 1 - subBits // from 0
	return subBuckets + octave*subBuckets + int(uint64(us)>>octave)&(subBuckets-1)
}

// bucketLow is the least µs bucket i counts, and width how many µs it
// counts.
func bucketLow(i int) (low, width int64) {
	if i < subBuckets {
		return int64(i), 1
	}
	octave := (i - subBuckets) / subBuckets
	sub := int64((i-subBuckets)%subBuckets) | subBuckets
	return sub << octave, 1 << octave
}

// bucketValue is the latency a bucket stands for: its middle, within
// 1/128 of any latency it counts.
func bucketValue(i int) time.Duration {
	low, width := bucketLow(i)
	if width == 1 {
		return time.Duration(low) * time.Microsecond
	}
	return time.Duration(low+width/2) * time.Microsecond
}

// record counts a latency.
func (h *histogram) record(d time.Duration) {
	h.add(bucketOf(d.Microseconds()), 1)
}

// add counts n in bucket i; counts stop at the largest uint64 rather than
// wrap.
func (h *histogram) add(i int, n uint64) {
	h.counts[i] = addSat(h.counts[i], n)
	h.total = addSat(h.total, n)
}

func addSat(a, b uint64) uint64 {
	if s, carry := bits.Add64(a, b, 0); carry == 0 {
		return s
	}
	return math.MaxUint64
}

// merge adds o's counts to h's.
func (h *histogram) merge(o *histogram) {
	for i, n := range o.counts {
		if n != 0 {
			h.add(i, n)
		}
	}
}

// count is how many latencies h counts.
func (h *histogram) count() uint64 { return h.total }

// quantile returns the latency under which a fraction q (from 0 to 1) of
// those counted are, within 0.8% (0 if none are counted): the latency
// ranked q·count, from 0, as in a sorted list of them.
func (h *histogram) quantile(q float64) time.Duration {
	return quantileOf(h.total, q, func(yield func(int, uint64) bool) {
		for i, n := range h.counts {
			if n != 0 && !yield(i, n) {
				return
			}
		}
	})
}

// quantileOf is the latency ranked q·total, from 0, among the buckets
// buckets yields in order: the same for a histogram and for the sparse
// one a results file holds.
func quantileOf(total uint64, q float64, buckets func(yield func(int, uint64) bool)) time.Duration {
	if total == 0 {
		return 0
	}
	rank := uint64(min(max(q, 0), 1) * float64(total))
	rank = min(rank, total-1)
	var seen uint64
	var at time.Duration
	buckets(func(i int, n uint64) bool {
		seen = addSat(seen, n)
		at = bucketValue(i)
		return seen <= rank
	})
	return at
}
