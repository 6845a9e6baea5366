package enet

// What a peer receives: each channel keeps the reliable packets that came
// ahead of their turn and the unreliable ones that wait for a reliable one,
// and hands packets over in ENet's order (peer.c:
// enet_peer_queue_incoming_command and the two dispatch functions).

// entryCost is what an incoming entry counts against MaxWaitingData beyond
// its bytes, so that empty fragments cannot pile up unbounded.
const entryCost = 64

// fragmentCost is what a fragment received counts beyond its bytes: its
// number in seen and its part in parts.
const fragmentCost = 48

// channel is one channel's sequencing state.
type channel struct {
	outReliableSeq, outUnreliableSeq uint16
	inReliableSeq, inUnreliableSeq   uint16
	usedReliableWindows              uint16
	reliableWindows                  [reliableWindows]uint16 // unacknowledged sends per window
	reliable                         []*incoming
	unreliable                       []*incoming
}

// incoming is a packet received whole or in part.
type incoming struct {
	reliableSeq, unreliableSeq uint16
	cmd                        uint8 // command number
	flags                      Flag
	fragmentCount              uint32
	fragmentsLeft              uint32
	totalLength                uint32
	data                       []byte            // the packet; while fragments arrive, the part received in order
	parts                      map[uint32][]byte // fragments that came out of order, by offset
	seen                       map[uint32]bool   // fragment numbers received
	got                        uint32            // fragment bytes received
	held                       int               // bytes counted in the peer's waitingData
	dropped                    bool              // out of its queue: never to be delivered
}

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

// find looks, from the end of queue q as ENet walks its lists, for where
// an entry numbered seq (and, in the unreliable queue, useq) goes: at is
// the place, and same the entry already there with those numbers, if any.
func (ch *channel) find(q []*incoming, seq uint16, reliable bool, useq uint16) (at int, same *incoming) {
	i := len(q) - 1
	for ; i >= 0; i-- {
		e := q[i]
		if seq >= ch.inReliableSeq {
			if e.reliableSeq < ch.inReliableSeq {
				continue
			}
		} else if e.reliableSeq >= ch.inReliableSeq {
			break
		}
		if e.reliableSeq != seq {
			if e.reliableSeq < seq {
				break
			}
			continue
		}
		if reliable || e.unreliableSeq == useq {
			return i, e
		}
		if e.unreliableSeq < useq {
			break
		}
	}
	return i + 1, nil
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
	at := 0 // where the entry goes in its queue
	switch num {
	case cmdSendFragment, cmdSendReliable:
		if seq == ch.inReliableSeq {
			return nil, true
		}
		var same *incoming
		if at, same = ch.find(ch.reliable, seq, true, 0); same != nil {
			return nil, true
		}
	case cmdSendUnreliable, cmdSendUnreliableFragment:
		unreliableSeq = c.unreliableSeq
		if num == cmdSendUnreliableFragment {
			unreliableSeq = c.startSeq
		}
		if seq == ch.inReliableSeq && unreliableSeq <= ch.inUnreliableSeq {
			return nil, true
		}
		var same *incoming
		if at, same = ch.find(ch.unreliable, seq, false, unreliableSeq); same != nil {
			return nil, true
		}
	case cmdSendUnsequenced:
		// Delivered at once: nothing orders it.
	default:
		return nil, true
	}

	in = &incoming{reliableSeq: seq, unreliableSeq: unreliableSeq, cmd: num, flags: flags,
		fragmentCount: fragmentCount, fragmentsLeft: fragmentCount, totalLength: totalLength}
	if !p.hold(in, entryCost+len(data)) {
		return nil, false
	}
	if data != nil {
		in.data = append(make([]byte, 0, len(data)), data...)
	}
	switch num {
	case cmdSendUnsequenced:
		p.deliver(c.channel, in)
	case cmdSendFragment, cmdSendReliable:
		ch.reliable = insertAt(ch.reliable, at, in)
		p.dispatchReliable(c.channel)
	default:
		ch.unreliable = insertAt(ch.unreliable, at, in)
		if in.fragmentsLeft == 0 { // an incomplete packet changes nothing
			p.dispatchUnreliable(c.channel)
		}
	}
	return in, true
}

func insertAt(q []*incoming, at int, in *incoming) []*incoming {
	q = append(q, nil)
	copy(q[at+1:], q[at:])
	q[at] = in
	return q
}

// addFragment stores one fragment of in; it reports whether the packet is
// now whole, and ok false when the peer is over its limits.
func (p *Peer) addFragment(in *incoming, number, offset uint32, data []byte) (whole, ok bool) {
	if in.dropped || in.fragmentsLeft == 0 || in.seen[number] {
		return false, true // stale, whole already (a late copy), or a copy
	}
	if offset+uint32(len(data)) > in.totalLength {
		data = data[:in.totalLength-offset]
	}
	if !p.hold(in, len(data)+fragmentCost) {
		return false, false
	}
	if in.seen == nil {
		in.seen = make(map[uint32]bool)
	}
	in.seen[number] = true
	in.fragmentsLeft--
	in.got += uint32(len(data))
	if offset == uint32(len(in.data)) {
		in.data = append(in.data, data...)
	} else {
		if in.parts == nil {
			in.parts = make(map[uint32][]byte)
		}
		in.parts[offset] = append([]byte(nil), data...)
	}
	if in.fragmentsLeft > 0 {
		return false, true
	}
	// Whole: lay the parts out. A packet whose fragments do not cover it
	// (only a hostile sender makes one) is delivered empty.
	if in.got < in.totalLength {
		in.data, in.parts = []byte{}, nil
		return true, true
	}
	if len(in.parts) > 0 {
		buf := make([]byte, in.totalLength)
		copy(buf, in.data)
		for off, part := range in.parts {
			copy(buf[off:], part)
		}
		in.data, in.parts = buf, nil
	}
	in.seen = nil
	return true, true
}

// deliver moves a whole packet to the inbox.
func (p *Peer) deliver(channel uint8, in *incoming) {
	// A packet in the inbox still counts its entry, so that empty
	// packets cannot pile up there unbounded either.
	p.waitingData -= in.held - len(in.data) - entryCost
	in.held = 0
	p.inbox = append(p.inbox, Packet{Channel: channel, Flags: in.flags, Data: in.data})
	p.signal()
}

// drop forgets an entry that will not be delivered.
func (p *Peer) drop(in *incoming) {
	p.waitingData -= in.held
	in.held, in.dropped, in.data, in.parts = 0, true, nil, nil
}

// dispatchReliable delivers the reliable packets that are next in order
// (enet_peer_dispatch_incoming_reliable_commands).
func (p *Peer) dispatchReliable(chID uint8) {
	ch := p.channel(chID)
	n := 0
	for _, in := range ch.reliable {
		if in.fragmentsLeft > 0 || in.reliableSeq != ch.inReliableSeq+1 {
			break
		}
		ch.inReliableSeq = in.reliableSeq
		if in.fragmentCount > 0 {
			ch.inReliableSeq += uint16(in.fragmentCount - 1)
		}
		n++
	}
	if n == 0 {
		return
	}
	ch.inUnreliableSeq = 0
	for _, in := range ch.reliable[:n] {
		p.deliver(chID, in)
	}
	rest := copy(ch.reliable, ch.reliable[n:])
	clear(ch.reliable[rest:])
	ch.reliable = ch.reliable[:rest]
	if rest == 0 {
		ch.reliable = emptied(ch.reliable)
	}
	if len(ch.unreliable) > 0 {
		p.dispatchUnreliable(chID)
	}
}

// dispatchUnreliable delivers the unreliable packets sent after the last
// reliable one delivered, drops those sent before it, and keeps those that
// wait for a reliable one still to come
// (enet_peer_dispatch_incoming_unreliable_commands). An incomplete
// fragmented packet is dropped once a later packet is delivered.
func (p *Peer) dispatchUnreliable(chID uint8) {
	ch := p.channel(chID)
	q := ch.unreliable
	keep := q[:0] // written over entries already walked
	delivered := false
	i := 0
	for ; i < len(q); i++ {
		in := q[i]
		if in.reliableSeq == ch.inReliableSeq {
			if in.fragmentsLeft == 0 {
				ch.inUnreliableSeq = in.unreliableSeq
				// Incomplete packets before this one are now stale.
				for _, k := range keep {
					p.drop(k)
				}
				keep = keep[:0]
				p.deliver(chID, in)
				delivered = true
				continue
			}
			keep = append(keep, in)
			continue
		}
		if w, cur := ch.window(in.reliableSeq); w >= cur && w < cur+freeReliableWindows-1 {
			break // waits for its reliable packet
		}
		p.drop(in) // sent before the last reliable packet delivered
	}
	if !delivered && len(keep) == i {
		return // nothing changed
	}
	rest := append(keep, q[i:]...)
	n := copy(q, rest)
	clear(q[n:])
	ch.unreliable = q[:n]
	if n == 0 {
		ch.unreliable = emptied(ch.unreliable)
	}
}
