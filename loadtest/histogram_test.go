package loadtest

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every latency is counted in a bucket that stands for it within 1/128,
// or exactly under 64 µs; the buckets run in order, each starting where
// the last ended.
func TestHistogramBuckets(t *testing.T) {
	next := int64(0)
	for i := range histBuckets {
		low, width := bucketLow(i)
		require.Equal(t, next, low, "bucket %d starts where %d ended", i, i-1)
		next = low + width
		for _, us := range []int64{low, low + width/2, low + width - 1} {
			require.Equal(t, i, bucketOf(us), "%d µs", us)
			v := bucketValue(i).Microseconds()
			if us < subBuckets {
				require.Equal(t, us, v)
			} else {
				require.LessOrEqual(t, math.Abs(float64(v-us)), float64(us)/128, "%d µs as %d", us, v)
			}
		}
	}
	assert.Equal(t, int64(1)<<topBit, next, "the last bucket ends at 2^32 µs")
	assert.Equal(t, 0, bucketOf(-5), "a clock stepped back")
	assert.Equal(t, histBuckets-1, bucketOf(math.MaxInt64))
}

// Percentiles of known latencies: 1 to 10 000 µs, each once, shuffled.
func TestHistogramQuantiles(t *testing.T) {
	var h histogram
	lat := make([]time.Duration, 10000)
	for i := range lat {
		lat[i] = time.Duration(i+1) * time.Microsecond
	}
	rand.Shuffle(len(lat), func(i, j int) { lat[i], lat[j] = lat[j], lat[i] })
	for _, d := range lat {
		h.record(d)
	}
	assert.Equal(t, uint64(10000), h.count())
	slices.Sort(lat)
	for _, q := range []float64{0, 0.5, 0.9, 0.99, 0.999, 1} {
		want := lat[min(int(q*float64(len(lat))), len(lat)-1)]
		assert.InEpsilon(t, float64(want), float64(h.quantile(q)), 1.0/128, "q %g", q)
	}
	assert.Equal(t, time.Duration(0), new(histogram).quantile(0.99), "none")
}

// Histograms merged give the percentiles of all their latencies, not an
// average of each one's: one of 900 fast answers and one of 100 slow
// ones have a merged p50 of the fast and a p99 of the slow, where the
// average of their p99s is neither.
func TestHistogramMerge(t *testing.T) {
	var fast, slow, both histogram
	for range 900 {
		fast.record(2 * time.Millisecond)
	}
	for range 100 {
		slow.record(300 * time.Millisecond)
	}
	both.merge(&fast)
	both.merge(&slow)
	assert.Equal(t, uint64(1000), both.count())
	assert.InEpsilon(t, float64(2*time.Millisecond), float64(both.quantile(0.5)), 1.0/128)
	assert.InEpsilon(t, float64(2*time.Millisecond), float64(both.quantile(0.899)), 1.0/128)
	assert.InEpsilon(t, float64(300*time.Millisecond), float64(both.quantile(0.9)), 1.0/128)
	assert.InEpsilon(t, float64(300*time.Millisecond), float64(both.quantile(0.99)), 1.0/128)
}

// Counts stop at the largest uint64 rather than wrap to a small one.
func TestHistogramSaturates(t *testing.T) {
	var h histogram
	h.add(3, math.MaxUint64-1)
	h.add(3, 5)
	assert.Equal(t, uint64(math.MaxUint64), h.counts[3])
	assert.Equal(t, uint64(math.MaxUint64), h.count())
	assert.Equal(t, 3*time.Microsecond, h.quantile(1))
}

// A second of 100 000 answers, the last 1 000 of them slow: every answer
// is counted, in a histogram of fixed size. The tally kept the first
// 65 536 a second, dropping the rest, so that a server answering a flood
// of fast answers hid its slow ones: the p99 was 1 ms, where it is
// 500 ms, and the tally allocated 2.5 MB for the second.
func TestLatenciesPastTheOldCap(t *testing.T) {
	var h *histogram
	alloc := hostile.AllocatedLeast(3, func() {
		var tl tally
		for range 99000 {
			tl.answered(time.Millisecond)
		}
		for range 1000 {
			tl.answered(500 * time.Millisecond)
		}
		h = tl.takeLatencies()
	})
	assert.Equal(t, uint64(100000), h.count())
	assert.InEpsilon(t, float64(500*time.Millisecond), float64(h.quantile(0.99)), 1.0/128)
	assert.InEpsilon(t, float64(time.Millisecond), float64(h.quantile(0.98)), 1.0/128)
	if !raceDetector { // which allocates
		assert.Less(t, alloc, uint64(16<<10), "one histogram of 13.5 KiB")
	}
	t.Logf("p99 %v, allocated %d bytes", h.quantile(0.99), alloc)
}
