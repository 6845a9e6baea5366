package enet

import (
	"bytes"
	"math/rand/v2"
	"net/netip"
)

// What a server does with a connect (protocol.c:
// enet_protocol_handle_connect), and with its source until the source
// acknowledges the answer. ENet gives a connect a peer, with its
// channels, and sends it a verify-connect again on a timer. Here a
// connect gets an offer: a free slot, answered with a verify-connect whose
// sent time is a cookie. Its source becomes a peer when it acknowledges
// the answer echoing the cookie, which shows that it receives at its
// address; until then anyone may be sending from there, and the source:
//
//   - is sent no more bytes than were received from it. Every datagram
//     from it counts (its connect, a repeat, anything to its slot), an
//     answer goes only if it fits what is left, and nothing goes on a
//     timer: a spoofed source cannot make the host a reflection
//     amplifier, however well its connect compresses.
//   - holds an offer (128 bytes, and its answer once made) and its slot,
//     for 5 s at most. When every free slot is offered, the oldest offer
//     is withdrawn, so that a flood of spoofed connects cannot lock real
//     clients out, though one faster than the slots per round trip (32
//     slots and a 50 ms round trip: 640 connects a second) can withdraw
//     a real client's offer before its acknowledgement comes (the client
//     then times out).
//   - has its compressed datagrams decompressed no further than their
//     first command (the connect, or the acknowledgement ENet sends
//     before anything else) where the codec can stop there, unless that
//     is the acknowledgement, and each datagram decompressed once.
//   - is not answered for a datagram the host refuses before reading a
//     command, as ENet drops it: one that does not decompress, or whose
//     checksum (WithChecksum) is wrong.

// offer is a connect answered and not yet acknowledged.
type offer struct {
	addr                             netip.AddrPort
	slot                             uint16
	peerID                           uint16 // the client's, from its connect
	incomingSession, outgoingSession uint8  // the peer's to be
	cookie                           uint16 // the answer's sent time, which its acknowledgement echoes
	mtu, window, channels            uint32 // as the answer gives them
	throttleInterval                 uint32
	throttleAccel, throttleDecel     uint32
	connectID, data                  uint32
	inBandwidth, outBandwidth        uint32 // the client's
	time, sent                       uint32 // when the connect came, and when the last answer went
	in, out                          int    // bytes received from the source, and sent to it
	answer                           []byte // the verify-connect's datagram, once made
}

// connectKey finds a connect by its source and connect id: ENet takes no
// repeat of a connect it has.
type connectKey struct {
	addr netip.AddrPort
	id   uint32
}

// handleConnect takes a connect of size bytes from a source that is not a
// peer (enet_protocol_handle_connect): it offers the source a free slot,
// or answers again a repeat of a connect offered one.
func (h *Host) handleConnect(c *command, from netip.AddrPort, size int) {
	if c.channelCount < 1 || c.channelCount > maxChannels || h.closed {
		return
	}
	key := connectKey{from, c.connectID}
	if o := h.offerFor[key]; o != nil {
		o.in += size
		h.answer(o) // a repeated connect: its answer was lost
		return
	}
	if h.joined[key] != nil || h.fromIP[from.Addr()] >= h.cfg.duplicatePeers {
		return
	}
	if h.refusing {
		h.refuse(c, from, size)
		return
	}
	slot, ok := h.slots.random()
	if !ok && len(h.offerOrder) > 0 {
		slot, ok = h.withdrawOldest()
	}
	if !ok {
		h.reportDrop(from, errHostFull) // every slot is connected
		return
	}
	h.slots.take(slot)
	o := &offer{addr: from, slot: slot, peerID: c.outgoingPeerID, cookie: uint16(rand.Uint32()),
		mtu: min(uint32(h.cfg.mtu), min(max(c.mtu, minMTU), maxMTU)), channels: min(c.channelCount, uint32(h.cfg.channelLimit)),
		throttleInterval: c.throttleInterval, throttleAccel: c.throttleAccel, throttleDecel: c.throttleDecel,
		connectID: c.connectID, data: c.data, inBandwidth: c.incomingBandwidth, outBandwidth: c.outgoingBandwidth,
		time: h.now, in: size}
	// Sessions other than the slot's last connection's, so that its late
	// datagrams are dropped.
	last := h.sessions[slot]
	out := c.incomingSession
	if out == 0xFF {
		out = last[1]
	}
	o.outgoingSession = nextSession(out, last[1])
	in := c.outgoingSession
	if in == 0xFF {
		in = last[0]
	}
	o.incomingSession = nextSession(in, last[0])
	o.window = maxWindowSize
	if h.cfg.incomingBandwidth != 0 {
		o.window = uint32(h.cfg.incomingBandwidth) / windowSizeScale * minWindowSize
	}
	o.window = min(max(min(o.window, c.windowSize), minWindowSize), maxWindowSize)

	h.offers[slot] = o
	h.offerFor[key] = o
	h.fromIP[from.Addr()]++
	h.offerOrder = append(h.offerOrder, o)
	h.busyNow()
	h.answer(o)
}

// RefuseConnects makes the host answer each new connect with a
// disconnect, at once, instead of offering it a slot (on), or take
// connects again (off); the peers connected, and the connects offered a
// slot already, stay. ENet has no refusal of its own: a server that will
// not take a client ignores its connect, and the client times out (30 s
// for Godot's). A client disconnected while it connects fails at once,
// as Godot's ENetMultiplayerPeer says (connection_failed): a draining
// server's answer.
func (h *Host) RefuseConnects(on bool) {
	h.mu.Lock()
	defer h.unlock()
	h.refusing = on
}

// refuse answers a connect of size bytes from a source that is not a
// peer with one unsequenced disconnect, as enet_peer_disconnect_now sends
// it, to the client's own peer id: a client that connects has no
// session yet to check it by. It goes only if it takes no more bytes than
// the connect did, as an offer's answers: a spoofed source makes the
// host no amplifier.
func (h *Host) refuse(c *command, from netip.AddrPort, size int) {
	dc := command{cmd: cmdDisconnect | flagUnsequenced, channel: 0xFF}
	d := &h.dgram
	d.buf = appendCommand(append(d.buf[:0], 0, 0, 0, 0), &dc)
	h.stats.ConnectsRefused++
	if out := h.seal(d.buf, c.outgoingPeerID, 0, false, 0, c.connectID); len(out) <= size {
		h.write(out, from)
	}
}

// verify is o's verify-connect, the first command on the peer's own
// channel.
func (h *Host) verify(o *offer) command {
	return command{cmd: cmdVerifyConnect | flagAcknowledge, channel: 0xFF, seq: 1,
		outgoingPeerID: o.slot, incomingSession: o.outgoingSession, outgoingSession: o.incomingSession,
		mtu: o.mtu, windowSize: o.window, channelCount: o.channels,
		incomingBandwidth: uint32(h.cfg.incomingBandwidth), outgoingBandwidth: uint32(h.cfg.outgoingBandwidth),
		throttleInterval: o.throttleInterval, throttleAccel: o.throttleAccel, throttleDecel: o.throttleDecel,
		connectID: o.connectID}
}

// answer sends o's source the verify-connect, if the bytes received from
// the source cover it with every answer sent before. The datagram is made
// once, and only for a source that has sent as many bytes as the
// smallest answer so far.
func (h *Host) answer(o *offer) {
	if o.answer == nil {
		if o.in < h.leastAnswer {
			return
		}
		v := h.verify(o)
		d := &h.dgram
		d.buf = appendCommand(append(d.buf[:0], 0, 0, 0, 0), &v)
		o.answer = bytes.Clone(h.seal(d.buf, o.peerID, o.outgoingSession, true, o.cookie, o.connectID))
		if h.leastAnswer == 0 || len(o.answer) < h.leastAnswer {
			h.leastAnswer = len(o.answer)
		}
	}
	if o.out+len(o.answer) > o.in {
		return
	}
	o.out += len(o.answer)
	o.sent = h.now
	h.write(o.answer, o.addr)
}

// handleOffered takes a datagram from o's source. If its first command
// acknowledges the offer, it returns the peer the offer becomes and the
// datagram's commands. Otherwise the source is answered again (its
// acknowledgement was lost, most likely), if it has sent enough. What
// the host refuses before reading a command, as ENet drops it, is not
// answered: a datagram that does not decompress, or whose checksum is
// wrong. One read to its first command alone (see openOffered) is
// answered with its checksum unchecked: checking it would take all of it
// decompressed, which costs more than the answer.
func (h *Host) handleOffered(o *offer, b []byte, hd header, n int) ([]byte, *Peer) {
	o.in += len(b)
	if o.peerID < maxPeerID && hd.session != o.incomingSession {
		return nil, nil
	}
	d, whole, ok := h.openOffered(o, b, hd, n)
	if !ok || whole && !h.checksumOK(d, hd, n, o.connectID) {
		return nil, nil
	}
	if !acknowledges(o, d[n:]) {
		h.answer(o)
		return nil, nil
	}
	if !whole {
		if d, ok = h.decompress(b, hd, n, int(o.mtu)-n, o.addr); !ok || !h.checksumOK(d, hd, n, o.connectID) {
			return nil, nil
		}
	}
	return d[n:], h.promote(o)
}

// openOffered returns datagram b from o's source, its commands
// decompressed if they are compressed: as far as the first, the
// acknowledgement ENet sends before anything else, where the codec can
// stop there, or else whole, to o's MTU; whole says which. False if they
// do not decompress.
func (h *Host) openOffered(o *offer, b []byte, hd header, n int) (d []byte, whole, ok bool) {
	if hd.flags&headerCompressed != 0 && h.comp != nil {
		size := commandSizes[cmdAcknowledge]
		out, err := h.comp.Decompress(append(h.decompBuf[:0], b[:n]...), b[n:], size)
		if err == nil || len(out) >= n+size {
			return out, err == nil, true
		}
		// A codec that cannot stop there (see Compressor), or data it
		// could not decode: all of it, then.
	}
	d, ok = h.decompress(b, hd, n, int(o.mtu)-n, o.addr)
	return d, true, ok
}

// acknowledges says whether cmds, from o's source, start with the
// acknowledgement of o's answer, echoing the cookie: a source that did
// not receive the answer cannot guess it (1 in 65536), so a spoofed source
// cannot take a slot. ENet sends acknowledgements before other commands.
func acknowledges(o *offer, cmds []byte) bool {
	c, size := parseCommand(cmds)
	return size != 0 && c.number() == cmdAcknowledge && c.channel == 0xFF && c.ackSeq == 1 && c.ackSentTime == o.cookie
}

// promote makes o a peer, in the slot offered, with the verify-connect as
// sent: the acknowledgement that promotes it takes the verify-connect off,
// and times the round trip from the last answer.
func (h *Host) promote(o *offer) *Peer {
	h.forget(o)
	p := h.newPeer(o.slot, o.addr)
	p.state = stateAcknowledgingConnect
	p.connectTime = o.time
	p.connectID, p.connectData = o.connectID, o.data
	p.outgoingPeerID = o.peerID
	p.incomingSession, p.outgoingSession = o.incomingSession, o.outgoingSession
	p.incomingBandwidth, p.outgoingBandwidth = o.inBandwidth, o.outBandwidth
	p.throttleInterval, p.throttleAccel, p.throttleDecel = o.throttleInterval, o.throttleAccel, o.throttleDecel
	p.mtu = o.mtu
	p.windowSize = windowFor(uint32(h.cfg.outgoingBandwidth), p.incomingBandwidth)
	p.channelCount = int(o.channels)
	p.verify = &outgoing{cmd: h.verify(o), reliableSeq: 1, sentTime: o.sent, sendAttempts: 1, rtTimeout: p.rtt + 4*p.rttVar}
	p.outgoingReliableSeq, p.cookieSeq = 1, 1
	p.sentReliable = append(p.sentReliable, p.verify)
	h.busyNow()
	p.markInFlight(p.verify)
	p.nextTimeout = o.sent + p.verify.rtTimeout
	h.peers[o.slot] = p
	h.sessions[o.slot] = [2]uint8{p.incomingSession, p.outgoingSession}
	h.join(p)
	return p
}

// forget takes o out of the offers; its slot stays taken.
func (h *Host) forget(o *offer) {
	h.offers[o.slot] = nil
	delete(h.offerFor, connectKey{o.addr, o.connectID})
	h.leaveIP(o.addr.Addr())
}

// live says whether o is still offered (not withdrawn, nor taken up).
func (h *Host) live(o *offer) bool { return h.offers[o.slot] == o }

// withdrawOldest withdraws the oldest offer and returns its slot, now
// free; false if there is none.
func (h *Host) withdrawOldest() (uint16, bool) {
	for len(h.offerOrder) > 0 {
		o := h.offerOrder[0]
		h.offerOrder[0] = nil
		h.offerOrder = h.offerOrder[1:]
		if h.live(o) {
			h.forget(o)
			h.slots.release(o.slot)
			return o.slot, true
		}
	}
	return 0, false
}

// expireOffers withdraws the offers not acknowledged within the peer
// timeout's minimum (5 s); the order holds them oldest first.
func (h *Host) expireOffers() {
	for len(h.offerOrder) > 0 {
		o := h.offerOrder[0]
		live := h.live(o)
		if live && timeDiff(h.now, o.time) < defaultTimeoutMinimum {
			break
		}
		if live {
			h.forget(o)
			h.slots.release(o.slot)
		}
		h.offerOrder[0] = nil
		h.offerOrder = h.offerOrder[1:]
	}
	if len(h.offerOrder) == 0 {
		h.offerOrder = nil // let its array go
	}
}

// join counts p, connected, among the peers from its IP address
// (WithDuplicatePeers), and as the holder of its connect.
func (h *Host) join(p *Peer) {
	h.joined[connectKey{p.addr, p.connectID}] = p
	h.fromIP[p.addr.Addr()]++
}

// leave undoes join, for a peer that goes.
func (h *Host) leave(p *Peer) {
	key := connectKey{p.addr, p.connectID}
	if h.joined[key] == p {
		delete(h.joined, key)
		h.leaveIP(p.addr.Addr())
	}
}

// leaveIP counts one peer or offer fewer from a.
func (h *Host) leaveIP(a netip.Addr) {
	if h.fromIP[a]--; h.fromIP[a] <= 0 {
		delete(h.fromIP, a)
	}
}
