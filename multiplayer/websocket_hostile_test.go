package multiplayer

import (
	"regexp"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Clients that declare a message of the packet limit (1 MiB here), send
// 10 bytes of it and stall hold what came, not what they declared: the
// buffer grows as the bytes arrive. 50 of them hold under 16 KiB of heap
// each, their connections included (over 1 MiB each when the buffer was
// made to the declared length).
func TestStalledFramesHoldWhatCame(t *testing.T) {
	const peers, limit = 50, 1 << 20
	port := serve(t, newEchoServer(WithMaxPacketSize(limit), WithReadTimeout(time.Minute)))
	hostile.Collect()
	before := hostile.HeapInUse()
	for range peers {
		nc := upgraded(t, port)
		_, err := nc.Write(append(declaring(0x82, limit), make([]byte, 10)...))
		require.NoError(t, err)
	}
	inPayload := regexp.MustCompile(`wsframe\.\(\*Reader\)\.payload\(`)
	waitFor(t, "every server reader waiting inside its frame", func() bool {
		return len(inPayload.FindAllString(allStacks(), -1)) == peers
	})
	perPeer := (int64(hostile.HeapInUse()) - int64(before)) / peers
	t.Logf("%d stalled peers: %.1f KiB of heap each", peers, float64(perPeer)/1024)
	assert.Less(t, perPeer, int64(16<<10))
}
