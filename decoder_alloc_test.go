package gdvar_test

import (
	"testing"

	. "github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
)

// A small value costs one small allocation with a new Decoder (the Decoder
// itself: the rarer parts are made on first use) and none with a reused
// one, with options or without.
func TestSmallValueAllocs(t *testing.T) {
	for _, v := range smallValues() {
		t.Run(v.name, func(t *testing.T) {
			assert.Equal(t, 1.0, testing.AllocsPerRun(100, func() { drain(t, NewDecoderBytes(v.data)) }), "NewDecoderBytes")
			assert.LessOrEqual(t, hostile.Allocated(func() {
				for range 100 {
					drain(t, NewDecoderBytes(v.data))
				}
			})/100, uint64(416), "bytes per NewDecoderBytes")
			dec := NewDecoderBytes(nil)
			assert.Zero(t, testing.AllocsPerRun(100, func() { dec.ResetBytes(v.data); drain(t, dec) }), "ResetBytes")
			codec := MustCodec(AllowObjects(true), WithLimits(Limits{MaxDepth: 8}))
			assert.Zero(t, testing.AllocsPerRun(100, func() { codec.ResetDecoderBytes(dec, v.data); drain(t, dec) }), "a Codec's ResetDecoderBytes")
		})
	}
}
