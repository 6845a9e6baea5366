package gdvar

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A small value costs one small allocation with a new Decoder (the Decoder
// itself: the rarer parts are made on first use) and none with a reused
// one, with options or without.
func TestSmallValueAllocs(t *testing.T) {
	for _, v := range smallValues() {
		t.Run(v.name, func(t *testing.T) {
			assert.Equal(t, 1.0, testing.AllocsPerRun(100, func() { walk(t, NewDecoderBytes(v.data)) }), "NewDecoderBytes")
			assert.LessOrEqual(t, allocatedPerRun(100, func() { walk(t, NewDecoderBytes(v.data)) }), uint64(416), "bytes per NewDecoderBytes")
			dec := NewDecoderBytes(nil)
			assert.Zero(t, testing.AllocsPerRun(100, func() { dec.ResetBytes(v.data); walk(t, dec) }), "ResetBytes")
			opts := []Option{AllowObjects(true), WithLimits(Limits{MaxDepth: 8})}
			assert.Zero(t, testing.AllocsPerRun(100, func() { dec.ResetBytes(v.data, opts...); walk(t, dec) }), "ResetBytes with options")
		})
	}
}

// allocatedPerRun returns the bytes f allocates per call, averaged over
// runs calls.
func allocatedPerRun(runs int, f func()) uint64 {
	f()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}
