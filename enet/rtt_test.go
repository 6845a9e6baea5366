package enet

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each acknowledgement's round trip lands in the bucket of its bound.
func TestRTTHistogramObserve(t *testing.T) {
	var h RTTHistogram
	for _, ms := range []uint32{1, 2, 3, 5, 6, 2500, 2501, 60000} {
		h.observe(ms)
	}
	want := [len(RTTBounds) + 1]uint64{1, 1, 2, 1}
	want[len(RTTBounds)-1] = 1 // 2500 ms: the last bound
	want[len(RTTBounds)] = 2   // over every bound
	assert.Equal(t, want, h.Buckets)
	assert.EqualValues(t, 8, h.Count())
	assert.Equal(t, 65018*time.Millisecond, h.Sum)
	var sum RTTHistogram
	sum.Add(h)
	sum.Add(h)
	assert.EqualValues(t, 16, sum.Count())
}

// A host counts the round trips of the reliable packets its peer
// acknowledged: on a loopback, within a few milliseconds.
func TestStatsCountRoundTrips(t *testing.T) {
	_, client, _, cp := pair(t, 1)
	for range 20 {
		require.NoError(t, cp.Send(0, []byte("ping"), Reliable))
	}
	require.Eventually(t, func() bool { s := client.Stats(); return s.RTT.Count() >= 20 }, 10*time.Second, 5*time.Millisecond)
	s := client.Stats()
	assert.Positive(t, s.RTT.Sum)
	assert.Zero(t, s.RTT.Buckets[len(RTTBounds)], "no loopback round trip over 2.5 s")
}
