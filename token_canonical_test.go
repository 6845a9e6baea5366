package gdvar

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each case is one Godot 4 value in hex; want says whether every token of
// it is canonical.
func TestIsCanonical(t *testing.T) {
	for _, tc := range []struct {
		name, hex string
		want      bool
	}{
		{"bool 1", "0100000001000000", true},
		{"bool word 2", "0100000002000000", false},
		{"ignored header bits", "0100010001000000", false},
		{"int32", "0200000005000000", true},
		{"int64 that fits 32 bits", "020001000500000000000000", false},
		{"int64", "020001000000000001000000", true},
		{"float64 exact in 32 bits", "030001000000000000000040", false},
		{"float64", "030001009a9999999999b93f", true},
		{"float32 NaN", "030000000000c07f", false},
		{"string", "040000000100000061000000", true},
		{"string with padding bytes", "040000000100000061ff0000", false},
		{"array", "1c0000000100000002000000" + "05000000", true},
		{"array with the shared bit", "1c00000000000080", true},
		{"packed bytes padded", "1d0000000100000007000000", true},
		{"packed bytes odd padding", "1d0000000100000007010000", false},
		{"Vector2 32-bit", "050000000000803f00000040", true},
		{"Vector2 64-bit that fits 32", "05000100000000000000f03f0000000000000040", false},
		{"Vector2 64-bit", "050001009a9999999999b93f0000000000000040", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := hex.DecodeString(tc.hex)
			require.NoError(t, err)
			dec := NewDecoderBytes(b)
			all := true
			for {
				tok, err := dec.ReadToken()
				if err != nil {
					break
				}
				all = all && tok.IsCanonical()
			}
			assert.Equal(t, tc.want, all)
		})
	}
}

// Unmarshal's realsCanonical gives what IsCanonical's writing the reals
// again gives, on random words, NaNs of every kind, and reals exact in 32
// bits or not, both widths.
func TestRealsCanonical(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	word32 := []func() uint32{
		r.Uint32,
		func() uint32 { return 0x7f800000 | r.Uint32()&0x807fffff }, // NaN or inf
		func() uint32 { return math.Float32bits(float32(r.NormFloat64())) },
	}
	word64 := []func() uint64{
		r.Uint64,
		func() uint64 { return 0x7ff0000000000000 | r.Uint64()&0x800fffffffffffff },
		func() uint64 { return math.Float64bits(float64(float32(r.NormFloat64()))) },
		func() uint64 {
			return math.Float64bits(float64(math.Float32frombits(0x7f800000 | r.Uint32()&0x807fffff)))
		},
	}
	agreed := map[bool]int{}
	for range 200000 {
		n := 2 + r.IntN(15)
		raw := make([]byte, 0, 8*n)
		wide := r.IntN(2) == 0
		for range n {
			if wide {
				raw = binary.LittleEndian.AppendUint64(raw, word64[r.IntN(len(word64))]())
			} else {
				raw = binary.LittleEndian.AppendUint32(raw, word32[r.IntN(len(word32))]())
			}
		}
		comps := make([]float64, n)
		readReals(comps, raw, wide)
		want := bytes.Equal(appendReals(nil, comps, anyWide(comps)), raw)
		require.Equal(t, want, realsCanonical(comps, raw, wide), "%x, wide %v", raw, wide)
		agreed[want]++
	}
	assert.Greater(t, agreed[true], 10000)
	assert.Greater(t, agreed[false], 10000)
}
