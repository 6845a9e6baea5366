package varjson

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viaStrconv is number's form by strconv alone, which appendDyadic must
// give wherever it writes.
func viaStrconv(f float64, size int) string {
	s := strconv.AppendFloat(nil, f, 'g', -1, size)
	if !strings.ContainsAny(string(s), ".e") {
		s = append(s, ".0"...)
	}
	return string(s)
}

// againstStrconv returns a check that write, given a float of a size,
// writes what strconv does or leaves b as it was, and the count of those
// it wrote.
func againstStrconv(t *testing.T, write func([]byte, float64, int) ([]byte, bool)) (func(float64, int), *int) {
	written := new(int)
	return func(f float64, size int) {
		got, ok := write([]byte("x"), f, size)
		if !ok {
			require.Equal(t, "x", string(got))
			return
		}
		*written++
		if want := viaStrconv(f, size); string(got[1:]) != want {
			require.Equal(t, want, string(got[1:]), "%v, %d bits", f, size)
		}
	}, written
}

// TestAppendDyadic checks appendDyadic against strconv on sixteenths of
// both sizes: every one around each limit, a stride elsewhere, both
// signs, and reals that are not sixteenths.
func TestAppendDyadic(t *testing.T) {
	check, written := againstStrconv(t, appendDyadic)
	var ms []uint64
	for _, limit := range []float64{1e6, 1 << 19, 1 << 16, 1 << 13} {
		for m := uint64(limit*16) - 1<<12; m <= uint64(limit*16)+1<<12; m++ {
			ms = append(ms, m)
		}
	}
	for m := uint64(0); m < 1<<25; m += 97 {
		ms = append(ms, m)
	}
	for _, m := range ms {
		for _, sign := range []float64{1, -1} {
			check(sign*float64(float32(m)/16), 32)
			check(sign*float64(m)/16, 64)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 200000 {
		check(float64(math.Float32frombits(r.Uint32())), 32)
		check(math.Float64frombits(r.Uint64()), 64)
		check(float64(float32(r.Float64()*1e6)), 32)
		check(r.NormFloat64()*1e3, 64)
	}
	for _, f := range []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), 1e6, 1e6 - 0.5, 0.0625, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		check(f, 32)
		check(f, 64)
	}
	t.Logf("%d written here", *written)
	for _, f := range []float64{0, math.Copysign(0, -1), 100, 0.5, -0.25, 99.5, 1.0625, 999999} {
		_, ok := appendDyadic(nil, f, 32)
		assert.True(t, ok, "%v", f)
	}
}

// TestAppendLargeWhole checks appendLargeWhole against strconv on whole
// floats from 10^6: float32 ones to 2^24 and past it at a stride (every
// one was checked once: 31.9 M), float64 ones around each power of ten and
// 2^53, at random between, both signs.
func TestAppendLargeWhole(t *testing.T) {
	check, written := againstStrconv(t, appendLargeWhole)
	for n := uint64(1e6) - 10; n < 1<<24+100; n += 61 {
		for _, sign := range []float64{1, -1} {
			check(sign*float64(float32(n)), 32)
		}
	}
	for p := uint64(1e6); p <= 1e16; p *= 10 {
		for _, base := range []uint64{p, 1 << 53} {
			for n := base - 1000; n < base+1000; n++ {
				check(float64(n), 64)
				check(-float64(n), 64)
			}
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 200000 {
		check(float64(r.Uint64N(1<<54)), 64)
		check(math.Trunc(r.NormFloat64()*1e9), 64)
		check(float64(math.Float32frombits(r.Uint32())), 32)
	}
	for _, f := range []float64{1e6, 1e7, 1e15, 1<<53 - 1, 1 << 53, 1 << 24, 1<<24 - 1, 999999, 1e6 + 0.5, math.Inf(1), math.NaN()} {
		check(f, 32)
		check(f, 64)
	}
	t.Logf("%d written here", *written)
	for _, f := range []float64{1e6, -1234567, 1<<24 - 1, 1e7} {
		_, ok := appendLargeWhole(nil, f, 32)
		assert.True(t, ok, "%v", f)
	}
}
