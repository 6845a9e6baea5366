package enet

import "net/netip"

// What a host does with a datagram it receives (protocol.c:
// enet_protocol_handle_incoming_commands and the handlers it calls). A
// datagram that breaks a rule is dropped from the command that breaks it
// on, as ENet drops it; nothing in it is trusted before it is checked.

// ackBatch is how many acknowledgements wait at most for a send, a Receive
// or a tick.
const ackBatch = 8

// handleDatagram processes one datagram from addr, and says whether it
// came from a peer: one whose connection is verified, or is by this
// datagram.
func (h *Host) handleDatagram(b []byte, from netip.AddrPort) (fromPeer bool) {
	hd, n := parseHeader(b, h.cfg.checksum)
	if n == 0 {
		return
	}
	if hd.peerID == maxPeerID {
		h.handleNoPeer(b, hd, n, from)
		return
	}
	if int(hd.peerID) >= len(h.peers) {
		return
	}
	var rest []byte
	p := h.peers[hd.peerID]
	if p == nil {
		o := h.offers[hd.peerID]
		if o == nil || o.addr != from {
			return
		}
		if rest, p = h.handleOffered(o, b, hd, n); p == nil {
			return
		}
	} else {
		if p.state == stateDisconnected || p.state == stateZombie || p.addr != from ||
			(p.outgoingPeerID < maxPeerID && hd.session != p.incomingSession) {
			return
		}
		var ok bool
		if rest, ok = h.open(b, hd, n, int(p.mtu)-n, p.connectID, from); !ok {
			return
		}
	}
	p.incomingDataTotal += uint32(n + len(rest))
	// ENet puts at most 32 commands in a datagram (protocol.c's
	// host->commands); more come only from a hostile sender, and go
	// unread, so that a datagram prompts at most one datagram of
	// acknowledgements.
	for read := 0; len(rest) > 0 && read < maxCommands; read++ {
		c, size := parseCommand(rest)
		if size == 0 {
			break
		}
		rest = rest[size:]
		num := c.number()
		ok := true
		switch num {
		case cmdAcknowledge:
			ok = h.handleAck(p, &c)
		case cmdConnect:
			ok = false // a peer's datagram holds none
		case cmdVerifyConnect:
			ok = h.handleVerifyConnect(p, &c)
		case cmdDisconnect:
			h.handleDisconnect(p, &c)
		case cmdPing, cmdBandwidthLimit, cmdThrottleConfigure:
			ok = p.state == stateConnected || p.state == stateDisconnectLater
			if ok {
				h.handleSettings(p, &c)
			}
		case cmdSendReliable, cmdSendUnreliable, cmdSendUnsequenced:
			ok = h.handleSend(p, &c)
		case cmdSendFragment, cmdSendUnreliableFragment:
			ok = h.handleFragment(p, &c)
		}
		if !ok || p.state == stateDisconnected {
			break
		}
		if c.cmd&flagAcknowledge != 0 {
			if hd.flags&headerSentTime == 0 {
				break
			}
			switch p.state {
			case stateDisconnecting, stateAcknowledgingConnect, stateDisconnected, stateZombie:
			case stateAcknowledgingDisconnect:
				if num == cmdDisconnect {
					p.queueAck(&c, hd.sentTime)
				}
			default:
				p.queueAck(&c, hd.sentTime)
			}
		}
	}
	// Commands to send (a disconnect) go now; acknowledgements too, unless
	// a receiver handles the packets that came with them, whose answer
	// may carry them (see acks.go). A stream of reliable data is
	// acknowledged every ackBatch commands, so that its sender's window
	// keeps moving.
	if len(p.outgoing) > 0 || len(p.outgoingReliable) > 0 || p.zombie || len(p.acks) >= ackBatch ||
		(len(p.acks) > 0 && !p.acksWaitForReceiver()) {
		h.flushPeer(p, false)
	}
	return true
}

// handleNoPeer takes a datagram to no peer: a connect, alone, as ENet
// sends it, decompressed no further than one connect.
func (h *Host) handleNoPeer(b []byte, hd header, n int, from netip.AddrPort) {
	cmds, ok := h.open(b, hd, n, commandSizes[cmdConnect], 0, from)
	if !ok {
		return
	}
	if c, size := parseCommand(cmds); size != 0 && c.number() == cmdConnect {
		h.handleConnect(&c, from, len(b))
	}
}

// open returns a datagram's commands, decompressed (in h.decompBuf) if
// they are compressed, limit bytes at most, with its checksum checked
// with connectID: false if any of that fails. A peer's datagrams are
// within its MTU once decompressed (ENet packs them so), which is the
// limit: a hostile one cannot make the host decompress more.
func (h *Host) open(b []byte, hd header, n, limit int, connectID uint32, from netip.AddrPort) ([]byte, bool) {
	d, ok := h.decompress(b, hd, n, limit, from)
	if !ok || !h.checksumOK(d, hd, n, connectID) {
		return nil, false
	}
	return d[n:], true
}

// decompress returns datagram b, its commands decompressed (in
// h.decompBuf, after a copy of its header) to limit bytes at most if they
// are compressed; false if they do not decompress, which is reported as
// from's (see WithDropReport).
func (h *Host) decompress(b []byte, hd header, n, limit int, from netip.AddrPort) ([]byte, bool) {
	if hd.flags&headerCompressed == 0 {
		return b, true
	}
	if h.comp == nil {
		h.reportDrop(from, errUnexpectedCompression)
		return nil, false
	}
	out, err := h.comp.Decompress(append(h.decompBuf[:0], b[:n]...), b[n:], limit)
	if err != nil {
		h.reportDrop(from, h.errDecompress)
		return nil, false
	}
	return out, true
}

// handleAck takes an acknowledgement: the round trip it measures, and the
// command it acknowledges (enet_protocol_handle_acknowledge).
func (h *Host) handleAck(p *Peer, c *command) bool {
	if p.state == stateDisconnected || p.state == stateZombie {
		return true
	}
	// A verify-connect's acknowledgement, and each of a copy's, echoes the
	// offer's cookie, not a time: the round trip runs from when the offer
	// went, while it is known.
	echoed := c.ackSentTime
	if p.cookieSeq != 0 && c.channel == 0xFF && c.ackSeq == p.cookieSeq {
		if p.verify == nil {
			return true
		}
		echoed = uint16(p.verify.sentTime)
	}
	if !h.measure(p, echoed) {
		return true
	}
	p.lastReceiveTime = max(h.now, 1)
	p.earliestTimeout = 0
	acked := h.removeSentReliable(p, c.ackSeq, c.channel)
	switch p.state {
	case stateAcknowledgingConnect:
		if acked != cmdVerifyConnect {
			return false
		}
		h.notifyConnect(p)
	case stateDisconnecting:
		if acked != cmdDisconnect {
			return false
		}
		h.endPeer(p, errLocalDisconnect)
	case stateDisconnectLater:
		if !p.hasOutgoing() {
			h.disconnect(p, p.eventData)
		}
	}
	return true
}

// measure takes the round trip an acknowledgement shows into the peer's
// mean and variance and its throttle; false if the time echoed is ahead of
// the clock (then the acknowledgement is ignored, as ENet does).
func (h *Host) measure(p *Peer, echoed uint16) bool {
	sent := uint32(echoed) | h.now&0xFFFF0000
	if sent&0x8000 > h.now&0x8000 {
		sent -= 0x10000
	}
	if timeLess(h.now, sent) {
		return false
	}
	rtt := max(timeDiff(h.now, sent), 1)
	h.stats.RTT.observe(rtt)
	if p.lastReceiveTime > 0 {
		p.throttleFor(rtt)
		p.rttVar -= p.rttVar / 4
		if rtt >= p.rtt {
			diff := rtt - p.rtt
			p.rttVar += diff / 4
			p.rtt += diff / 8
		} else {
			diff := p.rtt - rtt
			p.rttVar += diff / 4
			p.rtt -= diff / 8
		}
	} else {
		p.rtt, p.rttVar = rtt, (rtt+1)/2
	}
	p.lowestRTT = min(p.lowestRTT, p.rtt)
	p.highestRTTVar = max(p.highestRTTVar, p.rttVar)
	if p.throttleEpoch == 0 || timeDiff(h.now, p.throttleEpoch) >= p.throttleInterval {
		p.lastRTT, p.lastRTTVar = p.lowestRTT, max(p.highestRTTVar, 1)
		p.lowestRTT, p.highestRTTVar = p.rtt, p.rttVar
		p.throttleEpoch = h.now
	}
	return true
}

// windowFor is the send window a peer gets from two bandwidths, as ENet
// sizes it (bandwidth / 64 KiB × 4 KiB, within the protocol's bounds; no
// limit when both are 0).
func windowFor(a, b uint32) uint32 {
	w := uint32(maxWindowSize)
	switch {
	case a == 0 && b == 0:
	case a == 0 || b == 0:
		w = max(a, b) / windowSizeScale * minWindowSize
	default:
		w = min(a, b) / windowSizeScale * minWindowSize
	}
	return min(max(w, minWindowSize), maxWindowSize)
}

// nextSession is the session id after s (2 bits), never equal to avoid.
func nextSession(s, avoid uint8) uint8 {
	s = (s + 1) & 3
	if s == avoid {
		s = (s + 1) & 3
	}
	return s
}

// handleVerifyConnect completes a connect this host started
// (enet_protocol_handle_verify_connect).
func (h *Host) handleVerifyConnect(p *Peer, c *command) bool {
	if p.state != stateConnecting {
		return true
	}
	if c.channelCount < 1 || c.channelCount > maxChannels ||
		c.throttleInterval != p.throttleInterval || c.throttleAccel != p.throttleAccel ||
		c.throttleDecel != p.throttleDecel || c.connectID != p.connectID {
		h.endPeer(p, ErrRefused)
		return false
	}
	h.removeSentReliable(p, 1, 0xFF)
	h.sessions[p.id] = [2]uint8{c.incomingSession, c.outgoingSession}
	if int(c.channelCount) < p.channelCount {
		p.channelCount = int(c.channelCount)
		p.channels = p.channels[:min(len(p.channels), p.channelCount)]
	}
	p.outgoingPeerID = c.outgoingPeerID
	p.incomingSession, p.outgoingSession = c.incomingSession, c.outgoingSession
	p.mtu = min(p.mtu, min(max(c.mtu, minMTU), maxMTU))
	p.windowSize = min(p.windowSize, min(max(c.windowSize, minWindowSize), maxWindowSize))
	p.incomingBandwidth, p.outgoingBandwidth = c.incomingBandwidth, c.outgoingBandwidth
	h.join(p)
	h.notifyConnect(p)
	return true
}

// handleDisconnect takes the peer's disconnect
// (enet_protocol_handle_disconnect).
func (h *Host) handleDisconnect(p *Peer, c *command) {
	switch p.state {
	case stateDisconnected, stateZombie, stateAcknowledgingDisconnect:
		return
	case stateConnected, stateDisconnectLater:
		p.resetQueues()
		if c.cmd&flagAcknowledge != 0 {
			// Acknowledged first; the peer ends when the acknowledgement goes.
			p.state = stateAcknowledgingDisconnect
			p.eventData = c.data
			return
		}
	}
	p.eventData = c.data
	h.endPeer(p, &DisconnectError{Data: c.data})
}

// handleSettings takes a ping, a bandwidth limit or a throttle
// configuration.
func (h *Host) handleSettings(p *Peer, c *command) {
	switch c.number() {
	case cmdBandwidthLimit:
		p.incomingBandwidth, p.outgoingBandwidth = c.incomingBandwidth, c.outgoingBandwidth
		p.windowSize = windowFor(p.incomingBandwidth, uint32(h.cfg.outgoingBandwidth))
	case cmdThrottleConfigure:
		p.throttleInterval, p.throttleAccel, p.throttleDecel = c.throttleInterval, c.throttleAccel, c.throttleDecel
	}
}

// sendable says whether a send command may be taken on its channel now.
func (p *Peer) sendable(c *command, maxPacket int) bool {
	return int(c.channel) < p.channelCount &&
		(p.state == stateConnected || p.state == stateDisconnectLater) &&
		len(c.payload) <= maxPacket
}

// handleSend takes a whole packet: reliable, unreliable or unsequenced.
func (h *Host) handleSend(p *Peer, c *command) bool {
	if !p.sendable(c, h.cfg.maxPacketSize) {
		return false
	}
	switch c.number() {
	case cmdSendReliable:
		_, ok := p.queueIncoming(c, c.seq, c.payload, Reliable, 0, 0)
		return ok
	case cmdSendUnreliable:
		_, ok := p.queueIncoming(c, c.seq, c.payload, 0, 0, 0)
		return ok
	}
	// Unsequenced: each group is taken once, within a sliding window.
	group := uint32(c.unreliableSeq)
	index := group % unsequencedWindowSize
	if group < uint32(p.incomingUnsequencedGroup) {
		group += 0x10000
	}
	if group >= uint32(p.incomingUnsequencedGroup)+freeUnsequencedWins*unsequencedWindowSize {
		return true
	}
	group &= 0xFFFF
	if uint16(group-index) != p.incomingUnsequencedGroup {
		p.incomingUnsequencedGroup = uint16(group - index)
		p.unsequencedWindow = [unsequencedWindowSize / 32]uint32{}
	} else if p.unsequencedWindow[index/32]&(1<<(index%32)) != 0 {
		return true
	}
	if _, ok := p.queueIncoming(c, 0, c.payload, Unsequenced, 0, 0); !ok {
		return false
	}
	p.unsequencedWindow[index/32] |= 1 << (index % 32)
	return true
}

// handleFragment takes one fragment of a packet, reliable or not
// (enet_protocol_handle_send_fragment and _unreliable_fragment). Memory
// grows with the fragments received, never with the declared total.
func (h *Host) handleFragment(p *Peer, c *command) bool {
	if !p.sendable(c, h.cfg.maxPacketSize) {
		return false
	}
	reliable := c.number() == cmdSendFragment
	if reliable && len(c.payload) == 0 {
		return false
	}
	ch := p.channel(c.channel)
	seq := c.seq
	if reliable {
		seq = c.startSeq
	}
	if !ch.acceptable(seq) {
		return true
	}
	if !reliable && seq == ch.inReliableSeq && c.startSeq <= ch.inUnreliableSeq {
		return true
	}
	count, number, offset, total := c.fragmentCount, c.fragmentNumber, c.fragmentOffset, c.totalLength
	if count > maxFragmentSize || number >= count || total > uint32(h.cfg.maxPacketSize) ||
		(reliable && total < count) || offset >= total || uint32(len(c.payload)) > total-offset {
		return false
	}
	q, key := ch.queue(reliable, seq, c.startSeq)
	start := q.get(key)
	if start != nil && (start.frag == nil || start.frag.total != total || start.frag.count != count) {
		return false // not the packet the fragment says it is part of
	}
	if start == nil {
		flags := UnreliableFragment
		if reliable {
			flags = Reliable
		}
		var ok bool
		if start, ok = p.queueIncoming(c, seq, nil, flags, count, total); !ok {
			return false
		}
		if start == nil {
			return true
		}
	}
	whole, ok := p.addFragment(start, number, offset, c.payload)
	if !ok {
		return false
	}
	if whole {
		if reliable {
			p.reliableWhole(start)
		} else {
			p.unreliableWhole(start)
		}
	}
	return true
}
