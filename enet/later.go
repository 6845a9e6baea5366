package enet

import "time"

// Packets queued with Peer.Queue are sent by the host's flusher, a
// goroutine that the first of them wakes and that then sends what every
// peer has queued, packed into as few datagrams as fit: what a relay sends
// many peers at once goes out in a datagram a peer, as ENet's service
// sends it, rather than in one a packet. What a handler on the reading
// goroutine queues (and what others queue meanwhile) is sent by that
// goroutine once it has served its batch (see writeHeld), without waking
// the flusher: a wake-up of another goroutine for each packet read cost a
// small match's server more than the send.

// Queue queues data on a channel as Send does, and leaves it to be sent
// soon, with what else is queued to the peer meanwhile: within the
// host's queue window ([WithQueueWindow]), if it has one.
func (p *Peer) Queue(channel uint8, data []byte, flags Flag) error {
	p.host.mu.Lock()
	defer p.host.unlock()
	return p.queue(channel, data, flags)
}

// queue is Queue, with the host's lock held.
func (p *Peer) queue(channel uint8, data []byte, flags Flag) error {
	h := p.host
	if err := p.send(channel, data, flags); err != nil {
		return err
	}
	flusher := true
	if !p.flushLater {
		p.flushLater = true
		h.later = append(h.later, p)
		flusher = h.queued()
	}
	if h.inline == nil && flusher {
		h.wakeFlusherNow()
	}
	return nil
}

// wakeFlusherNow wakes the flusher, if it sleeps.
func (h *Host) wakeFlusherNow() {
	select {
	case h.wakeFlusher <- struct{}{}:
	default:
	}
}

// flushLoop sends what peers queued with Queue, until the host closes.
func (h *Host) flushLoop() {
	defer h.wg.Done()
	wait := time.NewTimer(batchWait)
	wait.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-h.wakeFlusher:
		}
		h.mu.Lock()
		h.flusherWakes++
		h.waitHandled(wait)
		h.flushQueued()
		h.unlock()
	}
}

// flushQueued packs what peers queued with Queue (h.mu held).
func (h *Host) flushQueued() {
	if len(h.later) == 0 {
		return
	}
	// The datagrams' sent time, which each peer echoes to measure the
	// round trip, is now: not the last read's or tick's, which under
	// load can be tens of milliseconds old and then reads as a rising
	// round trip, which throttles unreliable packets.
	h.tick()
	if h.window.opened != 0 {
		h.window.opened = 0
		h.window.timer.Stop()
	}
	for _, p := range h.later {
		p.flushLater = false
		h.flushPeer(p, false)
	}
	clear(h.later)
	h.later = emptied(h.later)
}
