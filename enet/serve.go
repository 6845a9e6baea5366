package enet

import "context"

// A peer served (Serve) has its packets handled one at a time, in order,
// by a function, on the goroutine that called Serve or on the host's
// reading goroutine: a packet for a peer whose serving goroutine waits
// idle is handled by the reader itself, as the datagram that carried it
// is read. Handing it to the waiting goroutine costs a wake-up of another
// thread (in Go's scheduler, the goroutine made runnable wakes an idle
// processor's thread), about 1.5 µs of a 7 µs echo on a busy machine.
//
// While the reader handles a packet, nothing more is read from the
// socket. A handler found running a tick or more, at a tick, hands the
// reading to a new goroutine (the tick goroutine starts it), and the
// reader that called it ends once it returns: the other peers wait
// inlineWatch (50 ms) and a tick at most. What the reader's handlers send
// (and what anything else sends meanwhile) is written once it has served
// the batch's peers, in one write, or when it is replaced.

// Serve calls handle with each packet from the peer, in order and one at
// a time, until the peer is gone, then returns its Err, or until handle
// returns false, then returns nil. Packets the peer sent before it went
// are handled first. handle runs on the goroutine that called Serve, or,
// when that goroutine waits and quick is not nil and reports true, on
// the host's reading goroutine: the host then reads nothing more until
// handle returns, or for 50 ms and a tick ([WithTick]) at most, after which
// another goroutine reads. quick is called just before, on
// that goroutine, one at a time with handle: it says whether handle will
// return soon. What is sent while the reader handles packets (its
// handlers' replies, and any other sends of the host meanwhile) is
// written once it has handled those of the datagrams it read, in one
// write. A peer is served by one goroutine at a time, and then not read
// with Receive.
func (p *Peer) Serve(handle func(Packet) bool, quick func() bool) error {
	h := p.host
	h.mu.Lock()
	p.handle, p.quick = handle, quick
	defer func() {
		p.handle, p.quick = nil, nil
		h.unlock()
	}()
	for {
		p.handledAll() // the packet handled before
		h.sendHandledAcks(p)
		if p.handle == nil {
			return nil // the reader's call of handle returned false
		}
		if !p.busy {
			if pk, ok := p.take(); ok {
				p.held()
				p.busy = true
				h.unlock()
				more := handle(pk)
				h.mu.Lock()
				p.busy = false
				if !more {
					p.handledAll()
					return nil
				}
				continue
			}
			if err := p.err; err != nil {
				return err
			}
		}
		_ = p.await(context.Background()) // never done, so no error
	}
}

// toServe notes, as a packet is delivered, that a served peer has
// packets: the batch being read ends with wakeServed.
func (p *Peer) toServe() {
	if !p.served {
		p.served = true
		p.host.serving = append(p.host.serving, p)
	}
}

// wakeServed wakes the serving goroutines of the peers that got packets
// from the datagrams just read, but those whose goroutine waits and which
// the reader may serve itself: those are appended to here, busy, in the
// order their packets came, for serveHere (h.mu held).
func (h *Host) wakeServed(here []*Peer) []*Peer {
	for _, p := range h.serving {
		p.served = false
		if !h.closed && p.waiting > 0 && !p.busy && p.quick != nil {
			p.busy = true
			here = append(here, p)
			continue
		}
		p.signal()
	}
	clear(h.serving)
	h.serving = h.serving[:0]
	return here
}

// serveHere handles, on the reading goroutine whose generation is gen,
// the packets of p, which wakeServed made busy, while quick allows it. It
// reports whether that goroutine still reads (it was not replaced, see
// replaceReader).
func (h *Host) serveHere(p *Peer, gen uint64) bool {
	h.mu.Lock()
	if h.readerGen == gen {
		h.inline, h.inlineSince = p, h.now
		h.watchInline()
	}
	for p.handle != nil && p.inbox != nil && h.readerGen == gen {
		handle, quick := p.handle, p.quick
		h.unlock()
		now := quick()
		h.mu.Lock()
		if !now {
			break
		}
		pk, _ := p.take() // nobody else takes from a busy peer's inbox
		p.held()
		h.unlock()
		more := handle(pk)
		h.mu.Lock()
		p.handledAll()
		if !more {
			p.handle, p.quick = nil, nil
		}
	}
	h.sendHandledAcks(p)
	p.busy = false
	if h.inline == p {
		h.inline = nil
	}
	if p.waitsBusy || p.waiting > 0 && (p.inbox != nil || p.handle == nil || p.err != nil) {
		p.signal() // its goroutine takes what is left, or ends
	}
	still := h.readerGen == gen
	h.unlock()
	return still
}

// writeHeld writes what was packed, and what was queued unless it waits
// for its window (see window.go), while the reading goroutine of
// generation gen served the peers of the batch it read, unless another
// replaced it (replaceReader let the writes go then).
func (h *Host) writeHeld(gen uint64) {
	h.mu.Lock()
	if h.readerGen == gen {
		h.writesHeld = false
		if h.windowDue() {
			h.flushQueued()
		}
	}
	h.unlock()
}

// replaceReader starts a new reading goroutine in place of the one that
// serves a peer (h.inline), which ends when its handler returns; with
// none, as the host closes, the host no longer waits for it (h.mu held).
// What the replaced reader's batch held is written as h.mu is released.
func (h *Host) replaceReader(start bool) {
	h.readerGen++
	h.inline = nil
	h.writesHeld = false
	if len(h.later) > 0 {
		h.wakeFlusherNow() // the replaced reader no longer sends what was queued
	}
	if start {
		go h.readLoop(h.readerGen) // takes over the reader's count in h.wg
	} else {
		h.wg.Done() // the reader's: it ends on its own
	}
}
