package multiplayer

import "sync"

// A send queue is a list of blocks of packets, which the queues of every
// connection take from one pool: a backlog, once written, leaves its blocks
// to the next one instead of growing arrays for the collector, and a queued
// packet costs its slice header alone, where an array grown by doubling,
// and the writer's spare one, cost up to four.

// blockLen is how many packets a block holds: a block fills the 1536-byte
// size class.
const blockLen = 63

// packetOverhead is what a queued packet costs beyond its bytes: its slice
// header, and its share of a block's count and link. A relay's 7-byte packet
// to 59 peers costs them 59 times this, more than its bytes.
const packetOverhead = 32

// queueCost is what a packet counts in the send queue (WithSendQueue): the
// bytes its buffer holds, and its place.
func queueCost(pkt []byte) int64 { return int64(cap(pkt)) + packetOverhead }

type block struct {
	pkts [blockLen][]byte
	n    int
	own  uint64 // bit i: pkts[i] is a buffer of packetBuf's, freed once written
	next *block
}

var blocks = sync.Pool{New: func() any { return new(block) }}

// packetQueue is the packets waiting to be written to a peer, in order.
type packetQueue struct {
	head, tail *block
}

// push appends a packet; own says it is a buffer of packetBuf's, which
// nothing else refers to.
func (q *packetQueue) push(pkt []byte, own bool) {
	if q.tail == nil || q.tail.n == blockLen {
		b := blocks.Get().(*block)
		if q.tail == nil {
			q.head = b
		} else {
			q.tail.next = b
		}
		q.tail = b
	}
	q.tail.pkts[q.tail.n] = pkt
	if own {
		q.tail.own |= 1 << q.tail.n
	}
	q.tail.n++
}

// take empties the queue, returning its first block (nil if none), which
// links to the others.
func (q *packetQueue) take() *block {
	b := q.head
	q.head, q.tail = nil, nil
	return b
}

// release gives back to the pools a block whose packets are written, and
// its packets' buffers of packetBuf's, and returns the next block.
func release(b *block) *block {
	next := b.next
	for i, pkt := range b.pkts[:b.n] {
		if b.own>>i&1 != 0 {
			freePacket(pkt)
		}
	}
	clear(b.pkts[:b.n])
	b.n, b.own, b.next = 0, 0, nil
	blocks.Put(b)
	return next
}
