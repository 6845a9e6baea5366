package enet

import "sync"

// What a peer receives: each channel keeps the reliable packets that came
// ahead of their turn and the unreliable ones that wait for a reliable one,
// and hands packets over in ENet's order (peer.c:
// enet_peer_queue_incoming_command and the two dispatch functions).

// entryCost is what an incoming entry counts against MaxWaitingData beyond
// its bytes: its own size (checked by TestEntryCost), so that empty
// packets cannot pile up unbounded.
const entryCost = 80

// fragmentCost is what a fragment received counts beyond its bytes: its
// number in seen and its part in parts.
const fragmentCost = 48

// channel is one channel's sequencing state.
type channel struct {
	outReliableSeq, outUnreliableSeq uint16
	inReliableSeq, inUnreliableSeq   uint16
	// inReliablePos is inReliableSeq counted from the channel's start,
	// past the 16-bit wrap: waiting entries are keyed by positions, whose
	// order the wrap does not change.
	inReliablePos       uint64
	usedReliableWindows uint16
	reliableWindows     [reliableWindows]uint16 // unacknowledged sends per window
	reliable            order                   // by position
	unreliable          order                   // by position, then unreliable number (see unreliableKey)
}

// incoming is a packet received whole or in part: in its channel's queue
// while it waits for its turn, then in the peer's inbox.
type incoming struct {
	key         uint64    // its place in its channel's queue
	left, right *incoming // its queue's treap (see order)
	prio        uint32
	channel     uint8
	flags       Flag
	data        []byte     // the packet; while fragments arrive, the part received in order
	frag        *fragments // how its fragments arrive; nil for a packet sent whole
	held        int        // bytes counted in the peer's waitingData besides its place in the inbox
	next        *incoming  // the next packet in the inbox
}

// entries recycles the entries whose packet Receive has taken: a stream
// of small packets allocates none. The runtime's pool, so that an idle
// host holds none.
var entries = sync.Pool{New: func() any { return new(incoming) }}

// newIncoming returns a cleared entry.
func newIncoming() *incoming { return entries.Get().(*incoming) }

// recycle clears in, which nothing refers to any more, and pools it.
func (in *incoming) recycle() {
	*in = incoming{}
	entries.Put(in)
}

// fragments is what a packet sent in fragments keeps while they arrive.
type fragments struct {
	count, left uint32            // fragments in all, and still to come
	total, got  uint32            // the packet's length, and the bytes received
	first       uint32            // the number of the fragment received first
	parts       map[uint32][]byte // fragments that came out of order, by offset
	// The numbers of the fragments received after the first: made at the
	// second, so that a packet of which one fragment came (a window of
	// them, from a hostile sender) holds no map, which cost it more than
	// it counts.
	seen map[uint32]bool
}

// has says whether fragment number has come.
func (f *fragments) has(number uint32) bool {
	return f.left < f.count && (number == f.first || f.seen[number])
}

// span is how many reliable numbers the packet takes: its fragments'.
func (in *incoming) span() uint32 {
	if in.frag != nil {
		return in.frag.count
	}
	return 1
}

// whole says whether every fragment of the packet has come.
func (in *incoming) whole() bool { return in.frag == nil || in.frag.left == 0 }

// window says where a reliable sequence number falls relative to the
// channel's last delivered one: its window, shifted past the wrap.
func (ch *channel) window(seq uint16) (w, current uint16) {
	w, current = seq/reliableWindowSize, ch.inReliableSeq/reliableWindowSize
	if seq < ch.inReliableSeq {
		w += reliableWindows
	}
	return w, current
}

// acceptable says whether seq is in the windows a receiver takes.
func (ch *channel) acceptable(seq uint16) bool {
	w, cur := ch.window(seq)
	return w >= cur && w < cur+freeReliableWindows-1
}

// position is the position of seq, a number the channel takes
// (acceptable): it is at most 7 windows ahead of the last delivered.
func (ch *channel) position(seq uint16) uint64 {
	return ch.inReliablePos + uint64(seq-ch.inReliableSeq)
}

// unreliableKey orders unreliable entries as ENet's list does: by the
// reliable packet each follows, then by unreliable number.
func unreliableKey(pos uint64, useq uint16) uint64 { return pos<<16 | uint64(useq) }

// queue returns the queue an entry numbered seq (and, if unreliable,
// useq) goes in, and its key there.
func (ch *channel) queue(reliable bool, seq, useq uint16) (*order, uint64) {
	if reliable {
		return &ch.reliable, ch.position(seq)
	}
	return &ch.unreliable, unreliableKey(ch.position(seq), useq)
}

// hold counts n more bytes against the peer's MaxWaitingData; false if
// they do not fit.
func (p *Peer) hold(in *incoming, n int) bool {
	if p.waitingData+n > p.host.cfg.maxWaitingData {
		return false
	}
	p.waitingData += n
	in.held += n
	return true
}

// queueIncoming files a received send. data is nil for the first fragment
// of a packet (fragmentCount > 0). It returns the entry, nil if the command
// is to be ignored, and ok false if the datagram's remaining commands are
// to be dropped (the peer is over its limits), as ENet's notifyError.
func (p *Peer) queueIncoming(c *command, seq uint16, data []byte, flags Flag, fragmentCount, totalLength uint32) (in *incoming, ok bool) {
	if p.state == stateDisconnectLater {
		return nil, true
	}
	ch := p.channel(c.channel)
	num := c.number()
	var unreliableSeq uint16
	if num != cmdSendUnsequenced && !ch.acceptable(seq) {
		return nil, true
	}
	var q *order
	var key uint64
	switch num {
	case cmdSendFragment, cmdSendReliable:
		if seq == ch.inReliableSeq {
			return nil, true
		}
		q, key = ch.queue(true, seq, 0)
	case cmdSendUnreliable, cmdSendUnreliableFragment:
		unreliableSeq = c.unreliableSeq
		if num == cmdSendUnreliableFragment {
			unreliableSeq = c.startSeq
		}
		if seq == ch.inReliableSeq && unreliableSeq <= ch.inUnreliableSeq {
			return nil, true
		}
		q, key = ch.queue(false, seq, unreliableSeq)
	case cmdSendUnsequenced:
		// Delivered at once: nothing orders it.
	default:
		return nil, true
	}
	if q != nil && q.get(key) != nil {
		return nil, true // a copy
	}

	in = newIncoming()
	in.key, in.channel, in.flags = key, c.channel, flags
	if !p.hold(in, entryCost+len(data)) {
		in.recycle()
		return nil, false
	}
	if fragmentCount > 0 {
		in.frag = &fragments{count: fragmentCount, left: fragmentCount, total: totalLength}
	}
	if data != nil {
		in.data = append(make([]byte, 0, len(data)), data...)
	}
	switch num {
	case cmdSendUnsequenced:
		p.deliver(in)
	case cmdSendFragment, cmdSendReliable:
		if in.whole() && key == ch.inReliablePos+1 {
			p.takeReliable(ch, in) // next in order: straight through
		} else {
			q.insert(in)
		}
	default:
		if in.whole() && key>>16 == ch.inReliablePos {
			p.takeUnreliable(ch, in)
		} else {
			q.insert(in) // incomplete, or waiting for its reliable packet
		}
	}
	return in, true
}

// addFragment stores one fragment of in; it reports whether the packet is
// now whole, and ok false when the peer is over its limits.
func (p *Peer) addFragment(in *incoming, number, offset uint32, data []byte) (whole, ok bool) {
	f := in.frag
	if f.left == 0 || f.has(number) {
		return false, true // whole already (a late copy), or a copy
	}
	if offset+uint32(len(data)) > f.total {
		data = data[:f.total-offset]
	}
	if !p.hold(in, len(data)+fragmentCost) {
		return false, false
	}
	switch {
	case f.left == f.count:
		f.first = number
	case f.seen == nil:
		f.seen = map[uint32]bool{number: true}
	default:
		f.seen[number] = true
	}
	f.left--
	f.got += uint32(len(data))
	if offset == uint32(len(in.data)) {
		in.data = append(in.data, data...)
	} else {
		if f.parts == nil {
			f.parts = make(map[uint32][]byte)
		}
		f.parts[offset] = append([]byte(nil), data...)
	}
	if f.left > 0 {
		return false, true
	}
	// Whole: lay the parts out. A packet whose fragments do not cover it
	// (only a hostile sender makes one) is delivered empty.
	if f.got < f.total {
		in.data, f.parts = []byte{}, nil
		return true, true
	}
	if len(f.parts) > 0 {
		buf := make([]byte, f.total)
		copy(buf, in.data)
		for off, part := range f.parts {
			copy(buf[off:], part)
		}
		in.data, f.parts = buf, nil
	}
	f.seen = nil
	return true, true
}

// deliver moves a whole packet to the end of the inbox.
func (p *Peer) deliver(in *incoming) {
	// A packet in the inbox still counts its entry, so that empty
	// packets cannot pile up there unbounded either.
	p.waitingData -= in.held - len(in.data) - entryCost
	in.held = 0
	if p.inboxTail == nil {
		p.inbox = in
	} else {
		p.inboxTail.next = in
	}
	p.inboxTail = in
	p.delivered()
	if p.handle != nil {
		p.toServe()
	} else {
		p.signal()
	}
}

// take takes the oldest packet of the inbox: false if there is none.
func (p *Peer) take() (Packet, bool) {
	in := p.inbox
	if in == nil {
		return Packet{}, false
	}
	if p.inbox = in.next; p.inbox == nil {
		p.inboxTail = nil
	}
	p.waitingData -= len(in.data) + entryCost
	pk := Packet{Channel: in.channel, Flags: in.flags, Data: in.data}
	in.recycle()
	return pk, true
}

// drop forgets an entry that will not be delivered.
func (p *Peer) drop(in *incoming) {
	p.waitingData -= in.held
	in.held, in.data, in.frag = 0, nil, nil
}

// reliableWhole takes in, a reliable packet in its queue just made whole,
// out of it if it is next in order, with those after it. Otherwise it
// waits, and nothing can be delivered: a whole packet next in order goes
// as soon as it is whole.
func (p *Peer) reliableWhole(in *incoming) {
	ch := p.channel(in.channel)
	if in.key == ch.inReliablePos+1 {
		ch.reliable.remove(in)
		p.takeReliable(ch, in)
	}
}

// takeReliable delivers in, a whole reliable packet next in order and out
// of its queue, the waiting packets that follow it, then the unreliable
// packets that waited for them
// (enet_peer_dispatch_incoming_reliable_commands).
func (p *Peer) takeReliable(ch *channel, in *incoming) {
	p.deliverReliable(ch, in)
	if ch.reliable.n > 0 {
		p.takeWaitingReliable(ch)
	}
	ch.inUnreliableSeq = 0
	if ch.unreliable.n > 0 {
		p.dispatchUnreliable(ch)
	}
}

// deliverReliable delivers in, the reliable packet next in order, and
// moves the channel past the numbers it takes.
func (p *Peer) deliverReliable(ch *channel, in *incoming) {
	n := in.span()
	ch.inReliableSeq += uint16(n)
	ch.inReliablePos += uint64(n)
	p.deliver(in)
}

// takeWaitingReliable takes the run of waiting reliable packets next in
// order out of the queue, and delivers them, walking the queue in order
// once. An entry numbered inside a fragmented packet delivered since
// (only a hostile sender makes one) is dropped; ENet leaves it at the
// front of its list, where it stops the channel.
func (p *Peer) takeWaitingReliable(ch *channel) {
	ch.reliable.takeWhile(func(in *incoming) bool {
		switch {
		case in.key <= ch.inReliablePos:
			p.drop(in)
		case in.key == ch.inReliablePos+1 && in.whole():
			p.deliverReliable(ch, in)
		default:
			return false
		}
		return true
	})
}

// dispatchUnreliable, once reliable packets are delivered, delivers the
// unreliable packets sent after the last of them, drops those sent before
// it, and keeps those that wait for a reliable one still to come
// (enet_peer_dispatch_incoming_unreliable_commands). Each entry it passes
// over is one it removes, or one it removes when the next reliable packet
// is delivered.
func (p *Peer) dispatchUnreliable(ch *channel) {
	q := &ch.unreliable
	for in := q.min(); in != nil && in.key>>16 <= ch.inReliablePos; {
		next := q.after(in.key)
		if in.key>>16 < ch.inReliablePos {
			q.remove(in)
			p.drop(in)
		} else if in.whole() {
			q.remove(in)
			p.takeUnreliable(ch, in)
		}
		in = next
	}
}

// unreliableWhole takes in, an unreliable packet in its queue just made
// whole, out of it if it follows the last reliable packet delivered.
// Otherwise it waits for its reliable packet.
func (p *Peer) unreliableWhole(in *incoming) {
	ch := p.channel(in.channel)
	if in.key>>16 == ch.inReliablePos {
		ch.unreliable.remove(in)
		p.takeUnreliable(ch, in)
	}
}

// takeUnreliable delivers in, a whole unreliable packet that follows the
// last reliable packet delivered and is out of its queue, and drops the
// incomplete packets numbered before it, which are now stale: the waiting
// packets before it are those, as whole ones go when they come.
func (p *Peer) takeUnreliable(ch *channel, in *incoming) {
	ch.unreliable.takeWhile(func(e *incoming) bool {
		if e.key >= in.key {
			return false
		}
		p.drop(e)
		return true
	})
	ch.inUnreliableSeq = uint16(in.key)
	p.deliver(in)
}
