package multiplayer

import (
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
)

// A packet within the packet limit is never too large for an empty send
// queue, whatever the two limits: it is queued, and the queue is full
// until it is written.
func TestLargestPacketFitsTheQueue(t *testing.T) {
	for _, c := range []struct {
		name      string
		maxPacket int64
		opts      []gdvar.Option
	}{
		{"the smallest send queue", DefaultMaxPacket, []gdvar.Option{WithSendQueue(DefaultMaxPacket)}},
		{"packets larger than the send queue", 2 << 20, []gdvar.Option{WithMaxPacketSize(2 << 20)}},
	} {
		m := New(c.opts...)
		peer := fakeConn(m)
		data := make([]byte, c.maxPacket-1) // and the command byte
		assert.NoError(t, m.SendBytes(peer.id, data), c.name)
		assert.ErrorIs(t, m.SendBytes(peer.id, []byte{1}), ErrQueueFull, "%s: full until written", c.name)
		peer.mu.Lock()
		assert.Equal(t, queueCost(make([]byte, c.maxPacket)), peer.queued, c.name)
		peer.mu.Unlock()
	}
}
