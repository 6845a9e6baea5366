package enet

import "time"

// The tick goroutine runs every cfg.tick only while the host has work on
// a timer: commands queued or in flight (retransmissions, timeouts),
// acknowledgements to send, peers connecting or leaving, connects offered,
// or a handler on the reading goroutine (see serve.go). Otherwise the host
// is quiet and the goroutine sleeps until the first ping or bandwidth share
// falls due, or for ever with no peers: a host whose peers send only
// unreliable packets, or nothing, wakes for them alone, not 200 times a
// second. Whatever makes it busy again wakes it (busyNow).
//
// The tick also hands the reading over when a handler on the reading
// goroutine has run a tick (see replaceReader). For that, a quiet host
// whose reader served a handler since the last tick looks again within
// inlineWatch, rather than being woken as each handler starts: that
// wake-up, one for each packet read, cost a small match's server a fifth
// of its CPU. A handler that blocks holds up the other peers' packets
// inlineWatch and a tick at most.

// inlineWatch is the longest a quiet host's tick sleeps while its reader
// serves handlers. (The engine's server, which handles packets on its one
// thread, holds every peer up for as long as a handler runs.)
const inlineWatch = 50 * time.Millisecond

// idleTickWait is how long a quiet host with no peer sleeps before it
// looks again, though busyNow wakes it first.
const idleTickWait = time.Hour

// busyNow wakes the tick goroutine if it sleeps for a quiet host, as work
// on a timer begins (h.mu held).
func (h *Host) busyNow() {
	if !h.tickQuiet {
		return
	}
	h.tickQuiet = false
	select {
	case h.wakeTick <- struct{}{}:
	default:
	}
}

// watchInline makes sure a tick comes within inlineWatch, as the reader
// starts a handler (h.mu held): it wakes the tick goroutine only if it
// sleeps longer.
func (h *Host) watchInline() {
	h.servedInline = true
	if h.tickQuiet && msUntil(h.now, h.tickDue) > inlineWatch {
		h.busyNow()
	}
}

// nextTick returns how long the tick goroutine sleeps after a tick, and
// notes whether the host is quiet and when it ticks next (h.mu held).
func (h *Host) nextTick() time.Duration {
	wait := h.untilTick()
	h.tickDue = h.now + uint32(wait.Milliseconds())
	return wait
}

// untilTick returns how long the tick goroutine sleeps after a tick, and
// notes whether the host is quiet (h.mu held).
func (h *Host) untilTick() time.Duration {
	h.tickQuiet = false
	if h.closed || h.inline != nil || len(h.offerOrder) > 0 {
		return h.cfg.tick
	}
	due, any := idleTickWait, false
	for _, p := range h.peers {
		if p == nil {
			continue
		}
		if !p.quiet() {
			return h.cfg.tick
		}
		any = true
		due = min(due, msUntil(h.now, p.lastReceiveTime+p.pingInterval))
	}
	if any {
		due = min(due, msUntil(h.now, h.bandwidthEpoch+bandwidthInterval))
	}
	if h.servedInline {
		h.servedInline = false
		due = min(due, inlineWatch)
	}
	h.tickQuiet = true
	return max(due, h.cfg.tick)
}

// quiet reports whether the peer has nothing on a timer but its next
// ping: connected, nothing queued, in flight or to acknowledge.
func (p *Peer) quiet() bool {
	return p.state == stateConnected && !p.continueSending && len(p.acks) == 0 &&
		len(p.outgoing) == 0 && len(p.outgoingReliable) == 0 && len(p.sentReliable) == 0
}

// msUntil returns the time from now until then, both host milliseconds,
// or 0 if then has passed.
func msUntil(now, then uint32) time.Duration {
	if timeGreaterEqual(now, then) {
		return 0
	}
	return time.Duration(timeDiff(then, now)) * time.Millisecond
}
