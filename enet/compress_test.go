package enet

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

// testInputs are inputs of many sizes, skewed towards small byte values as
// command streams are, up to more than a datagram's largest.
func testInputs() [][]byte {
	r := rand.New(rand.NewPCG(25, 2))
	var ins [][]byte
	for _, n := range []int{1, 2, 7, 15, 16, 100, 1200, 4096, 10000} {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(1 + i%256))
		}
		ins = append(ins, b)
	}
	return ins
}

func TestCompressionString(t *testing.T) {
	for c, want := range []string{"NONE", "RANGE_CODER", "FASTLZ", "ZLIB", "ZSTD", "Compression(5)"} {
		assert.Equal(t, want, Compression(c).String())
	}
}
