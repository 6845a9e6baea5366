package enet

// When acknowledgements go. The round trip a peer measures runs from its
// datagram's send to the acknowledgement's arrival, and its throttle drops
// unreliable packets when a round trip exceeds the lowest it has seen by
// twice the variance: an acknowledgement held back a few milliseconds
// reads as a congested link. libenet sends the acknowledgements of the
// datagrams read right after reading them, before its application sees
// their packets. Here they wait only for the application's answer, which
// carries them in its datagram: they go with the first send to the peer,
// once its receiver has handled the packets delivered (at a Receive, or
// in Serve, that finds none left), or at once when no receiver handles
// the peer's packets (a ping alone, or a peer nobody receives from). The
// tick still sends any left.

// acksWaitForReceiver says whether p's acknowledgements may wait for its
// receiver: one was woken by a packet delivered, or holds one it handles,
// and comes back to Receive once it has handled it.
func (p *Peer) acksWaitForReceiver() bool { return p.woken || p.holding > 0 }

// sendHandledAcks sends p's acknowledgements, if any, with what is queued
// to it, once its receiver (Receive or Serve) finds no packet waiting: the
// packets that came with them are handled, and no answer took them. A
// packet waiting may be a call whose answer will.
func (h *Host) sendHandledAcks(p *Peer) {
	if len(p.acks) == 0 || p.inbox != nil {
		return
	}
	h.tick()
	h.flushPeer(p, false)
}
