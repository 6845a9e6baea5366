package enet

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The range coder's decoder takes any input without a panic, giving up to
// the limit of non-empty output or an error, the same each time (nothing
// carries over between calls); and any input, compressed, decodes back.
func FuzzRangeCoderDecompress(f *testing.F) {
	for _, g := range rcGoldens(f, false) {
		if len(g.in) <= 1200 {
			f.Add(g.out)
			f.Add(g.in)
		}
	}
	rc := new(rangeCoder)
	f.Fuzz(func(t *testing.T, data []byte) {
		first, err := rc.Decompress(nil, data, datagramLimit)
		if err == nil {
			assert.NotEmpty(t, first)
			assert.LessOrEqual(t, len(first), datagramLimit)
		}
		again, err2 := rc.Decompress([]byte("x"), data, datagramLimit)
		require.Equal(t, err, err2)
		if err == nil {
			assert.Equal(t, append([]byte("x"), first...), again)
		}

		out := rc.Compress([]byte("y"), data, 2*len(data)+16)
		if len(data) == 0 {
			assert.Nil(t, out)
			return
		}
		require.NotNil(t, out)
		back, err := rc.Decompress(nil, out[1:], len(data))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(data, back))
	})
}
