package enet

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// What a peer sends: packets become commands (fragments when over the MTU),
// commands are numbered per channel, and flushPeer packs acknowledgements
// and commands into datagrams of at most the MTU, retransmitting reliable
// ones whose time is up (protocol.c: enet_protocol_send_outgoing_commands
// and the functions it calls; peer.c: enet_peer_send).

// send queues a packet (enet_peer_send).
func (p *Peer) send(chID uint8, data []byte, flags Flag) error {
	h := p.host
	if p.state != stateConnected {
		return fmt.Errorf("enet: send: %w", ErrNotConnected)
	}
	if int(chID) >= p.channelCount {
		return fmt.Errorf("enet: send on channel %d of %d: %w", chID, p.channelCount, ErrChannel)
	}
	if len(data) > h.cfg.maxPacketSize {
		return fmt.Errorf("enet: send of %d bytes, over MaxPacketSize %d: %w", len(data), h.cfg.maxPacketSize, ErrTooLarge)
	}
	// A queue under its limit takes any packet, so that one larger than
	// the limit waits for the queue to drain below it, not for every
	// reliable command in flight to be acknowledged.
	if p.queuedBytes >= h.cfg.maxSendQueue {
		return fmt.Errorf("enet: %d bytes queued for the peer: %w", p.queuedBytes, ErrQueueFull)
	}
	ch := p.channel(chID)
	fragLen := int(p.mtu) - 4 - commandSizes[cmdSendFragment]
	if h.cfg.checksum {
		fragLen -= 4
	}
	if len(data) > fragLen {
		count := (len(data) + fragLen - 1) / fragLen
		if count > maxFragmentSize {
			return fmt.Errorf("enet: send of %d bytes in %d fragments: %w", len(data), count, ErrTooLarge)
		}
		data = append(make([]byte, 0, len(data)), data...) // one copy, which the fragments share
		var c command
		if flags&(Reliable|UnreliableFragment) == UnreliableFragment && ch.outUnreliableSeq < 0xFFFF {
			c.cmd, c.startSeq = cmdSendUnreliableFragment, ch.outUnreliableSeq+1
		} else {
			c.cmd, c.startSeq = cmdSendFragment|flagAcknowledge, ch.outReliableSeq+1
		}
		c.channel = chID
		c.fragmentCount, c.totalLength = uint32(count), uint32(len(data))
		for i := 0; i < count; i++ {
			off := i * fragLen
			c.fragmentNumber, c.fragmentOffset = uint32(i), uint32(off)
			c.payload = data[off:min(off+fragLen, len(data))]
			p.queueOutgoing(c, uint32(off))
		}
		return nil
	}
	c := command{channel: chID, payload: data}
	switch {
	case flags&(Reliable|Unsequenced) == Unsequenced:
		c.cmd = cmdSendUnsequenced | flagUnsequenced
	case flags&Reliable != 0 || ch.outUnreliableSeq == 0xFFFF:
		c.cmd = cmdSendReliable | flagAcknowledge
	default:
		c.cmd = cmdSendUnreliable
	}
	p.enqueue(h.newOutgoing(c, data))
	return nil
}

// commandCost is what a command that carries a packet, or a fragment of
// one, counts against MaxSendQueue beyond its payload, from Send until it
// is sent, or, if it is reliable, until the peer acknowledges it: its
// outgoing (120 bytes, in the 128-byte size class), its places in the
// queue and the sent list, arrays grown by doubling, and its entry in the
// index of commands in flight (TestCommandCost). Counting its payload
// alone, a queue of 1-byte packets held 143 times what it counted.
const commandCost = 192

// queueCost is what o counts in its peer's queuedBytes, if it carries a
// packet.
func (o *outgoing) queueCost() int { return len(o.cmd.payload) + commandCost }

// queueOutgoing numbers a command and queues it
// (enet_peer_setup_outgoing_command).
func (p *Peer) queueOutgoing(c command, fragOffset uint32) *outgoing {
	o := &outgoing{cmd: c, fragOffset: fragOffset}
	p.enqueue(o)
	return o
}

// enqueue numbers an outgoing command and queues it.
func (p *Peer) enqueue(o *outgoing) {
	c, fragOffset := o.cmd, o.fragOffset
	if c.payload != nil {
		p.queuedBytes += o.queueCost()
	}
	if c.channel == 0xFF {
		p.outgoingReliableSeq++
		o.reliableSeq = p.outgoingReliableSeq
	} else {
		ch := p.channel(c.channel)
		switch {
		case c.cmd&flagAcknowledge != 0:
			ch.outReliableSeq++
			ch.outUnreliableSeq = 0
			o.reliableSeq = ch.outReliableSeq
		case c.cmd&flagUnsequenced != 0:
			p.outgoingUnsequencedGroup++
		default:
			if fragOffset == 0 {
				ch.outUnreliableSeq++
			}
			o.reliableSeq, o.unreliableSeq = ch.outReliableSeq, ch.outUnreliableSeq
		}
	}
	o.cmd.seq = o.reliableSeq
	p.outgoingDataTotal += uint32(o.cmd.wireSize())
	p.host.totalQueued++
	o.queueTime = p.host.totalQueued
	switch o.cmd.number() {
	case cmdSendUnreliable:
		o.cmd.unreliableSeq = o.unreliableSeq
	case cmdSendUnsequenced:
		o.cmd.unreliableSeq = p.outgoingUnsequencedGroup
	}
	if c.cmd&flagAcknowledge != 0 && c.payload != nil {
		p.outgoingReliable = append(p.outgoingReliable, o)
	} else {
		p.outgoing = append(p.outgoing, o)
	}
	if c.cmd&flagAcknowledge != 0 {
		p.host.busyNow() // retransmitted until acknowledged
	}
}

// ping queues a ping (enet_peer_ping).
func (p *Peer) ping() {
	if p.state == stateConnected {
		p.queueOutgoing(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF}, 0)
	}
}

// queueAck queues the acknowledgement of a command
// (enet_peer_queue_acknowledgement).
func (p *Peer) queueAck(c *command, sentTime uint16) {
	if int(c.channel) < p.channelCount {
		ch := p.channel(c.channel)
		w, cur := ch.window(c.seq)
		if w >= cur+freeReliableWindows-1 && w <= cur+freeReliableWindows {
			return
		}
	}
	p.outgoingDataTotal += uint32(commandSizes[cmdAcknowledge])
	p.acks = append(p.acks, ack{channel: c.channel, seq: c.seq, sentTime: sentTime, command: c.number()})
	p.host.busyNow()
}

// datagram is the datagram being packed for a peer.
type datagram struct {
	buf      []byte // 4 bytes of header room, then commands
	sentTime bool   // the datagram carries a command to acknowledge
	commands int
}

// room is what is left of the MTU.
func (d *datagram) room(mtu uint32) int { return int(mtu) - len(d.buf) }

// maxCommands is ENet's limit of commands per datagram.
const maxCommands = 32

// flushPeer sends what the peer has to send, in as many datagrams as it
// takes (one pass of enet_protocol_send_outgoing_commands for one peer).
// With checkTimeouts it also retransmits and times out.
func (h *Host) flushPeer(p *Peer, checkTimeouts bool) {
	for pass := 0; pass < 64; pass++ {
		if p.state == stateDisconnected || p.state == stateZombie {
			return
		}
		p.continueSending = false
		d := &h.dgram
		d.buf = append(d.buf[:0], 0, 0, 0, 0) // peer id and sent time, filled in by sendDatagram
		d.sentTime, d.commands = false, 0
		if len(p.acks) > 0 {
			h.packAcks(p, d)
		}
		if checkTimeouts && len(p.sentReliable) > 0 && timeGreaterEqual(h.now, p.nextTimeout) && h.checkTimeouts(p) {
			return
		}
		canPing := true
		if len(p.outgoing) > 0 || len(p.outgoingReliable) > 0 {
			canPing = h.packCommands(p, d)
		}
		if canPing && len(p.sentReliable) == 0 && timeDiff(h.now, p.lastReceiveTime) >= p.pingInterval &&
			d.room(p.mtu) >= commandSizes[cmdPing] && p.state == stateConnected {
			p.ping()
			h.packCommands(p, d)
		}
		if d.commands > 0 {
			h.sendDatagram(p, d)
		}
		if p.zombie {
			h.endPeer(p, &DisconnectError{Data: p.eventData})
			return
		}
		if p.state == stateDisconnectLater && !p.hasOutgoing() {
			h.disconnect(p, p.eventData)
		}
		if !p.continueSending {
			break
		}
	}
	if len(p.outgoing) > 0 {
		h.busyNow() // held back by the window or the throttle: a tick sends it
	}
}

// packAcks adds acknowledgements (enet_protocol_send_acknowledgements).
func (h *Host) packAcks(p *Peer, d *datagram) {
	n := 0
	for _, a := range p.acks {
		if d.commands >= maxCommands || d.room(p.mtu) < commandSizes[cmdAcknowledge] {
			p.continueSending = true
			break
		}
		c := command{cmd: cmdAcknowledge, channel: a.channel, seq: a.seq, ackSeq: a.seq, ackSentTime: a.sentTime}
		d.buf = appendCommand(d.buf, &c)
		d.commands++
		n++
		if a.command == cmdDisconnect {
			p.zombie = true // gone once this acknowledgement is sent
		}
	}
	rest := copy(p.acks, p.acks[n:])
	p.acks = p.acks[:rest]
	if rest == 0 && cap(p.acks) > maxCommands {
		p.acks = nil // a burst's; a datagram's worth is kept, for the next datagram
	}
}

// packCommands adds queued commands, oldest first, within the reliable
// windows and the throttled window of data in flight; it reports whether a
// ping may be added (enet_protocol_check_outgoing_commands).
func (h *Host) packCommands(p *Peer, d *datagram) bool {
	canPing := true
	oi, ri := 0, 0
	relStopped := false // a reliable send waits for a window: none after it goes either
	for {
		var o *outgoing
		fromRel := false
		rel := !relStopped && ri < len(p.outgoingReliable)
		switch {
		case oi < len(p.outgoing) && (!rel || !timeLess(p.outgoingReliable[ri].queueTime, p.outgoing[oi].queueTime)):
			o = p.outgoing[oi]
			oi++
		case rel:
			o, fromRel = p.outgoingReliable[ri], true
			ri++
		}
		if o == nil {
			break
		}
		var ch *channel
		var window uint16
		if o.cmd.cmd&flagAcknowledge != 0 {
			var wait bool
			if ch, window, wait = p.reliableWindow(o); wait {
				ri, relStopped = ri-1, true
				continue
			}
			canPing = false
		}
		size := o.cmd.wireSize()
		if d.commands >= maxCommands || d.room(p.mtu) < size {
			p.continueSending = true
			if fromRel { // it goes in the next datagram
				ri--
			} else {
				oi--
			}
			break
		}
		if o.cmd.cmd&flagAcknowledge != 0 {
			h.sendReliable(p, o, ch, window)
			d.sentTime = true
		} else if o.cmd.payload != nil {
			// An unreliable packet's command is done with once sent, or
			// throttled: then dropped, with all its fragments.
			p.queuedBytes -= o.queueCost()
			if o.fragOffset == 0 && p.throttled() {
				h.stats.ThrottleDropped++
				oi = p.dropFragments(o, oi)
				h.keepSpare(o)
				continue
			}
		}
		d.buf = appendCommand(d.buf, &o.cmd)
		d.buf = append(d.buf, o.cmd.payload...)
		d.commands++
		p.packetsSent++
		if o.cmd.cmd&flagAcknowledge == 0 {
			h.keepSpare(o) // sent, and done with
		}
	}
	// What was taken is gone from the front of each queue; the rest stays,
	// in order, without being copied.
	p.outgoing, p.outgoingReliable = dropFront(p.outgoing, oi), dropFront(p.outgoingReliable, ri)
	return canPing
}

// reliableWindow returns the channel and the reliable window of o, a
// command to acknowledge, and whether it waits: its window would wrap
// onto one in use, or the data in flight fills the throttled window.
func (p *Peer) reliableWindow(o *outgoing) (ch *channel, window uint16, wait bool) {
	if int(o.cmd.channel) < p.channelCount {
		ch = p.channel(o.cmd.channel)
		window = o.reliableSeq / reliableWindowSize
		if o.sendAttempts < 1 && o.reliableSeq%reliableWindowSize == 0 &&
			(ch.reliableWindows[(window+reliableWindows-1)%reliableWindows] >= reliableWindowSize ||
				ch.usedReliableWindows&((((1<<(freeReliableWindows+2))-1)<<window)|
					(((1<<(freeReliableWindows+2))-1)>>(reliableWindows-window))) != 0) {
			return ch, window, true
		}
	}
	if o.cmd.payload != nil {
		inFlight := p.throttle * p.windowSize / throttleScale
		if p.reliableDataInTransit+uint32(len(o.cmd.payload)) > max(inFlight, p.mtu) {
			return ch, window, true
		}
	}
	return ch, window, false
}

// sendReliable records o, a command to acknowledge, as sent now in
// window of ch (nil for a command of no channel): the window used, the
// command in flight, its retransmission timed.
func (h *Host) sendReliable(p *Peer, o *outgoing, ch *channel, window uint16) {
	if ch != nil && o.sendAttempts < 1 {
		ch.usedReliableWindows |= 1 << window
		ch.reliableWindows[window]++
	}
	if o.sendAttempts == 0 {
		p.markInFlight(o)
	}
	o.sendAttempts++
	if o.rtTimeout == 0 {
		// Within the peer's maximum: an acknowledgement may echo any
		// 16-bit time, a round trip of up to 65 s, which would put the
		// first retransmission, and the timeout checked with it, minutes
		// away.
		o.rtTimeout = min(p.rtt+4*p.rttVar, p.timeoutMaximum)
	}
	if len(p.sentReliable) == 0 {
		p.nextTimeout = h.now + o.rtTimeout
	}
	p.sentReliable = append(p.sentReliable, o)
	o.sentTime = h.now
	p.reliableDataInTransit += uint32(len(o.cmd.payload))
}

// throttled counts an unreliable packet going out, and says whether the
// throttle drops it.
func (p *Peer) throttled() bool {
	p.throttleCounter = (p.throttleCounter + throttleCounterStep) % throttleScale
	return p.throttleCounter > p.throttle
}

// dropFragments drops the fragments of o's packet that follow it in
// p.outgoing from oi, and returns the index after them.
func (p *Peer) dropFragments(o *outgoing, oi int) int {
	for oi < len(p.outgoing) && p.outgoing[oi].reliableSeq == o.reliableSeq &&
		p.outgoing[oi].unreliableSeq == o.unreliableSeq && p.outgoing[oi].fragOffset != 0 {
		p.queuedBytes -= p.outgoing[oi].queueCost()
		oi++
	}
	return oi
}

// sendDatagram finishes the datagram packed in d (see seal) and sends it.
func (h *Host) sendDatagram(p *Peer, d *datagram) {
	out := h.seal(d.buf, p.outgoingPeerID, p.outgoingSession, d.sentTime, uint16(h.now), p.connectID)
	p.lastSendTime = h.now
	if p.packetLossEpoch == 0 {
		p.packetLossEpoch = h.now
	} else if timeDiff(h.now, p.packetLossEpoch) >= packetLossInterval && p.packetsSent > 0 {
		loss := uint32(uint64(p.packetsLost) * packetLossScale / uint64(p.packetsSent))
		diff := loss - p.packetLoss
		if loss < p.packetLoss {
			diff = p.packetLoss - loss
		}
		p.packetLossVar = (p.packetLossVar*3 + diff) / 4
		p.packetLoss = (p.packetLoss*7 + loss) / 8
		p.packetLossEpoch, p.packetsSent, p.packetsLost = h.now, 0, 0
	}
	h.write(out, p.addr)
}

// seal finishes a datagram, buf (4 bytes of room for the header, then
// commands), to a host that knows this one by peerID (maxPeerID before
// it has given one): the header with session and, if timed, sentTime;
// the commands compressed when that makes them shorter; the checksum,
// computed with connectID. It returns the bytes to send, in h.sendBuf.
// The checksum covers the commands as they are before compression, as
// ENet computes it.
func (h *Host) seal(buf []byte, peerID uint16, session uint8, timed bool, sentTime uint16, connectID uint32) []byte {
	flags := uint16(0)
	body := buf[4:]
	hdr := 2
	if timed {
		flags |= headerSentTime
		binary.BigEndian.PutUint16(buf[2:], sentTime)
		hdr = 4
	}
	var packed []byte
	if h.comp != nil {
		if c := h.comp.Compress(h.compBuf[:0], body, len(body)); c != nil && len(c) < len(body) {
			h.compBuf = c[:0]
			flags |= headerCompressed
			packed = c
		}
	}
	if peerID < maxPeerID {
		flags |= uint16(session) << headerSessionShift
	} else {
		connectID = 0
	}
	binary.BigEndian.PutUint16(buf, peerID|flags)
	out := append(h.sendBuf[:0], buf[:hdr]...)
	if h.cfg.checksum {
		out = binary.BigEndian.AppendUint32(out, connectID)
		sum := checksum(append(out, body...))
		binary.BigEndian.PutUint32(out[hdr:], sum)
	}
	if packed != nil {
		body = packed
	}
	out = append(out, body...)
	h.sendBuf = out[:0]
	return out
}

// checkTimeouts requeues the reliable commands whose acknowledgement is
// late, doubling their timeout, or drops the peer when it has been silent
// too long (enet_protocol_check_timeouts). It reports a drop.
func (h *Host) checkTimeouts(p *Peer) bool {
	var resendOut, resendRel []*outgoing
	kept := p.sentReliable[:0]
	for i, o := range p.sentReliable {
		if timeDiff(h.now, o.sentTime) < o.rtTimeout {
			kept = append(kept, o)
			continue
		}
		if p.earliestTimeout == 0 || timeLess(o.sentTime, p.earliestTimeout) {
			p.earliestTimeout = o.sentTime
		}
		if p.earliestTimeout != 0 && (timeDiff(h.now, p.earliestTimeout) >= p.timeoutMaximum ||
			(uint32(1)<<min(o.sendAttempts-1, 31) >= p.timeoutLimit && timeDiff(h.now, p.earliestTimeout) >= p.timeoutMinimum)) {
			kept = append(kept, p.sentReliable[i:]...)
			p.sentReliable = kept
			h.endPeer(p, ErrTimeout)
			return true
		}
		p.packetsLost++
		o.rtTimeout = min(2*o.rtTimeout, p.timeoutMaximum)
		if o.cmd.payload != nil {
			p.reliableDataInTransit -= uint32(len(o.cmd.payload))
			resendRel = append(resendRel, o)
		} else {
			resendOut = append(resendOut, o)
		}
	}
	p.sentReliable = kept
	if len(kept) > 0 {
		p.nextTimeout = kept[0].sentTime + kept[0].rtTimeout
	}
	p.outgoing = append(resendOut, p.outgoing...)
	p.outgoingReliable = append(resendRel, p.outgoingReliable...)
	return false
}

// removeSentReliable takes an acknowledged command out of the sent list,
// or out of the queue it waits in to be sent again, and returns its
// command number, 0 if there was none
// (enet_protocol_remove_sent_reliable_command).
func (h *Host) removeSentReliable(p *Peer, seq uint16, chID uint8) uint8 {
	o := p.takeInFlight(seq, chID)
	if o == nil {
		return 0
	}
	wasSent := true
	if at := slices.Index(p.sentReliable, o); at >= 0 {
		p.sentReliable = slices.Delete(p.sentReliable, at, at+1)
		if len(p.sentReliable) == 0 {
			p.sentReliable = emptied(p.sentReliable)
		}
	} else {
		wasSent = false
		if at := slices.Index(p.outgoing, o); at >= 0 {
			p.outgoing = slices.Delete(p.outgoing, at, at+1)
		} else if at := slices.Index(p.outgoingReliable, o); at >= 0 {
			p.outgoingReliable = slices.Delete(p.outgoingReliable, at, at+1)
		}
	}
	if int(chID) < p.channelCount {
		ch := p.channel(chID)
		w := seq / reliableWindowSize
		if ch.reliableWindows[w] > 0 {
			ch.reliableWindows[w]--
			if ch.reliableWindows[w] == 0 {
				ch.usedReliableWindows &^= 1 << w
			}
		}
	}
	if o.cmd.payload != nil {
		p.queuedBytes -= o.queueCost() // counted until acknowledged
		if wasSent {
			p.reliableDataInTransit -= uint32(len(o.cmd.payload))
		}
	}
	if len(p.sentReliable) > 0 {
		f := p.sentReliable[0]
		p.nextTimeout = f.sentTime + f.rtTimeout
	}
	cmd := o.cmd.number()
	h.keepSpare(o) // acknowledged, and done with
	return cmd
}
