package enet

import "time"

// The flusher sends what a batch of datagrams read made peers' receivers
// queue once they have handled it, packed, as libenet packs what is queued
// between two services: a relay to many peers of several packets read
// together goes out in a datagram a peer, not in one a packet.
//
// A packet counts as being handled from its delivery to a receiver that
// waits in Receive until that receiver's next Receive: a receiver handles
// a packet between two Receives. The flusher waits for those packets, and
// no longer: it flushes when the reader reads the next batch (the new
// packets are not the last batch's to wait for), and after batchWait at
// most (a receiver that does not come back, or sleeps before handling,
// delays the others' packets no more). Packets nobody waits for do not
// hold the flusher up.

// batchWait is the longest the flusher waits for a batch's packets to be
// handled.
const batchWait = time.Millisecond

// waitHandled, with h.mu held, waits until the packets delivered to
// waiting receivers are handled, the reader reads again, or batchWait
// has passed. It releases h.mu meanwhile, writing what was packed.
func (h *Host) waitHandled(t *time.Timer) {
	if h.handling == 0 {
		return
	}
	reads := h.reads
	t.Reset(batchWait)
	defer t.Stop()
	for h.handling > 0 && h.reads == reads && !h.closed {
		h.unlock()
		select {
		case <-h.handled:
		case <-t.C:
			h.mu.Lock()
			return
		}
		h.mu.Lock()
	}
}

// handledSome tells the flusher that packets were handled or a batch read.
func (h *Host) handledSome() {
	select {
	case h.handled <- struct{}{}:
	default:
	}
}

// delivered counts a packet just delivered to p as being handled if a
// receiver waits for it, once for the wake-up: that receiver then holds
// the packet it takes.
func (p *Peer) delivered() {
	if p.waiting > 0 && !p.woken {
		p.woken = true
		p.host.handling++
	}
}

// held counts a packet Receive returns as being handled until the peer's
// next Receive.
func (p *Peer) held() {
	p.holding++
	p.host.handling++
}

// handledAll ends what p's receivers handle: at a Receive, and when the
// peer ends.
func (p *Peer) handledAll() {
	n := p.holding
	if p.woken {
		n++
	}
	if n == 0 {
		return
	}
	p.holding, p.woken = 0, false
	h := p.host
	if h.handling -= n; h.handling == 0 {
		h.handledSome()
	}
}
