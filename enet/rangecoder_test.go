package enet

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rcGolden is a vector of ENet's range coder: an input and what
// enet_range_coder_compress made of it.
type rcGolden struct {
	name    string
	in, out []byte
}

// rcGoldens reads testdata/rangecoder, written by
// scripts/enet/gen-rangecoder.sh from ENet 1.3.18's sources: the files
// decode-*.hex when decoded is set (then out is nil where ENet's decoder
// failed), the others when not.
func rcGoldens(t testing.TB, decoded bool) []rcGolden {
	paths, err := filepath.Glob("testdata/rangecoder/*.hex")
	require.NoError(t, err)
	require.NotEmpty(t, paths, "no golden vectors: run scripts/enet/gen-rangecoder.sh")
	var gs []rcGolden
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".hex")
		if strings.HasPrefix(name, "decode-") != decoded {
			continue
		}
		text, err := os.ReadFile(p)
		require.NoError(t, err)
		lines := strings.Split(strings.TrimSpace(string(text)), "\n")
		require.Len(t, lines, 2, p)
		g := rcGolden{name: name}
		g.in, err = hex.DecodeString(lines[0])
		require.NoError(t, err, p)
		if lines[1] != "-" {
			g.out, err = hex.DecodeString(lines[1])
			require.NoError(t, err, p)
		}
		gs = append(gs, g)
	}
	return gs
}

// Our coder writes what ENet's writes, byte for byte, and reads it back.
func TestRangeCoderGolden(t *testing.T) {
	rc := new(rangeCoder)
	for _, g := range rcGoldens(t, false) {
		t.Run(g.name, func(t *testing.T) {
			got := rc.Compress(nil, g.in, len(g.out)+1)
			assert.Equal(t, hex.EncodeToString(g.out), hex.EncodeToString(got))
			back, err := rc.Decompress(nil, g.out, len(g.in))
			require.NoError(t, err)
			assert.Equal(t, g.in, back)
		})
	}
}

// Our decoder reads data ENet's did not write as ENet's does: garbage,
// truncated and corrupted streams decode to the same bytes, or fail where
// ENet's fails (overflowing 4096 bytes, or a code that names no symbol).
func TestRangeCoderGoldenGarbage(t *testing.T) {
	rc := new(rangeCoder)
	gs := rcGoldens(t, true)
	require.Len(t, gs, 26)
	failed := 0
	for _, g := range gs {
		got, err := rc.Decompress(nil, g.in, 4096)
		if g.out == nil {
			failed++
			assert.Error(t, err, g.name)
			continue
		}
		require.NoError(t, err, g.name)
		assert.Equal(t, hex.EncodeToString(g.out), hex.EncodeToString(got), g.name)
	}
	assert.Positive(t, failed, "some vectors fail in ENet")
	assert.Less(t, failed, len(gs), "some vectors decode in ENet")
}

// compress keeps what dst holds and fails, leaving dst alone, exactly when
// the output would not be shorter than limit.
func TestRangeCoderLimit(t *testing.T) {
	rc := new(rangeCoder)
	prefix := []byte("head")
	for _, g := range rcGoldens(t, false) {
		n := len(g.out)
		for _, limit := range []int{0, 1, n / 2, n, n + 1, n + 100} {
			got := rc.Compress(bytes.Clone(prefix), g.in, limit)
			if limit <= n {
				assert.Nil(t, got, "%s: %d bytes, limit %d", g.name, n, limit)
				continue
			}
			assert.Equal(t, append(bytes.Clone(prefix), g.out...), got, "%s, limit %d", g.name, limit)
		}
		if len(g.in) > 1 {
			_, err := rc.Decompress(nil, g.out, len(g.in)-1)
			assert.ErrorIs(t, err, ErrOverLimit, g.name)
		}
	}
	assert.Nil(t, rc.Compress(nil, nil, 100), "empty input")
}

// The coder restarts its model when the symbol table fills, on long or
// varied input; many such inputs round trip.
func TestRangeCoderRoundTrip(t *testing.T) {
	rc := new(rangeCoder)
	for _, in := range testInputs() {
		out := rc.Compress(nil, in, 2*len(in)+16)
		require.NotNil(t, out, "%d bytes", len(in))
		back, err := rc.Decompress([]byte("x"), out, len(in))
		require.NoError(t, err, "%d bytes", len(in))
		assert.Equal(t, append([]byte("x"), in...), back)
	}
}
