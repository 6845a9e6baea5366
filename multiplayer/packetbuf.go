package multiplayer

import "sync"

// The packets this side makes for one peer (a remote call, SendBytes to
// one peer) are built in buffers of two pools, by size, and given back
// once written (see release): a call's packet is tens of bytes, and a
// buffer of its own cost an allocation or two for each. A packet shared
// by several queues (a relay, SendBytes to every peer) has a buffer of
// its own. A pooled buffer counts in the send queue at its capacity, what
// it holds (queueCost).
const (
	smallPacket  = 64
	mediumPacket = 256
)

var (
	smallPackets  = sync.Pool{New: func() any { return new([smallPacket]byte) }}
	mediumPackets = sync.Pool{New: func() any { return new([mediumPacket]byte) }}
)

// packetBuf returns an empty buffer for a packet of at most n bytes, and
// whether it is a pool's.
func packetBuf(n int) ([]byte, bool) {
	switch {
	case n <= smallPacket:
		return smallPackets.Get().(*[smallPacket]byte)[:0], true
	case n <= mediumPacket:
		return mediumPackets.Get().(*[mediumPacket]byte)[:0], true
	}
	return make([]byte, 0, n), false
}

// freePacket gives a buffer of packetBuf's pools back, once nothing
// refers to it.
func freePacket(b []byte) {
	if cap(b) == smallPacket {
		smallPackets.Put((*[smallPacket]byte)(b[:smallPacket]))
	} else {
		mediumPackets.Put((*[mediumPacket]byte)(b[:mediumPacket]))
	}
}
