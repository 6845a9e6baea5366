package multiplayer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A packet within the packet limit is never too large for an empty send
// queue, whatever the two limits: it is queued, and the queue is full
// until it is written.
func TestLargestPacketFitsTheQueue(t *testing.T) {
	for _, c := range []struct {
		name      string
		maxPacket int64
		opts      []Option
	}{
		{"the smallest send queue", DefaultMaxPacket, []Option{WithSendQueue(DefaultMaxPacket)}},
		{"packets larger than the send queue", 2 << 20, []Option{WithMaxPacketSize(2 << 20)}},
	} {
		m := MustNew(c.opts...)
		peer := fakeConn(m)
		data := make([]byte, c.maxPacket-1) // and the command byte
		assert.NoError(t, m.SendBytes(peer.id, data), c.name)
		assert.ErrorIs(t, m.SendBytes(peer.id, []byte{1}), ErrQueueFull, "%s: full until written", c.name)
		l := fakeLink(peer)
		l.mu.Lock()
		assert.Equal(t, queueCost(make([]byte, c.maxPacket)), l.queued, c.name)
		l.mu.Unlock()
	}
}

// The send queue counts each packet at what its buffer holds, not its
// length: a call's packet, made in a pooled buffer of 64 or 256 bytes,
// holds the whole buffer until it is written. A queue that takes calls
// until it is full holds no more than the limit.
func TestQueueCountsBuffers(t *testing.T) {
	m := MustNew(WithSendQueue(DefaultMaxPacket))
	main := m.Node("/root/Main", echoMethods...)
	peer := fakeConn(m)
	calls := 0
	for main.Call(peer.id, "echo", calls, "a name of some length") == nil {
		calls++
	}
	l := fakeLink(peer)
	l.mu.Lock()
	defer l.mu.Unlock()
	var held, length int64
	for b := l.queue.head; b != nil; b = b.next {
		for _, pkt := range b.pkts[:b.n] {
			held += int64(cap(pkt)) + packetOverhead
			length += int64(len(pkt)) + packetOverhead
		}
	}
	assert.Greater(t, held, length, "the buffers hold more than the packets' bytes")
	assert.Equal(t, held, l.queued)
	assert.LessOrEqual(t, l.queued, int64(DefaultMaxPacket))
	assert.Greater(t, calls, 100)
}
