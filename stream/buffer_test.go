package stream

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A frame's buffer is reused by the next frame of the same length, whatever
// the length: a frame's last buffer is cut to its length, so it is pooled
// in the class below the one that length asks first.
func TestFrameBufReused(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector makes sync.Pool drop items at random")
	}
	for _, n := range []int{minFrameBuf, 3*minFrameBuf + 5, 16_500_000} {
		var f frameBuf
		read := func() {
			for have := 0; have < n; {
				have += len(f.room(have, n))
			}
			if len(f.bytes(n)) != n {
				t.Fatalf("a frame of %d bytes: %d held", n, len(f.bytes(n)))
			}
			f.release()
		}
		read() // fills the pools
		assert.Zero(t, testing.AllocsPerRun(5, read), "a frame of %d bytes", n)
	}
}
