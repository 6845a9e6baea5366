package enet

// A packet sent whole (not in fragments) takes an outgoing command and a
// copy of its bytes, kept until it is sent (unreliable) or acknowledged
// (reliable), then done with: the host keeps a few of both for the next
// sends, which spares two allocations a packet; an echo server answering
// a call a packet made eight in all. Fragments share one copy of their
// packet, and other commands are rarer: they are left to the collector.

// keptSpares is the most commands a host keeps, and keptSpareBytes the
// largest copy it keeps with one: the small packets sent most. A relay
// server's queue window holds hundreds at once (40 peers at 30 Hz: about
// 280 in 6 ms); with 64 kept, most were made anew. At most 512 × 512
// bytes of copies are kept, besides the commands.
const (
	keptSpares     = 512
	keptSpareBytes = 512
)

// newOutgoing returns an outgoing command carrying c, with a copy of
// data, not nil, as its payload (h.mu held).
func (h *Host) newOutgoing(c command, data []byte) *outgoing {
	var o *outgoing
	var buf []byte
	if n := len(h.spares); n > 0 {
		o = h.spares[n-1]
		h.spares[n-1] = nil
		h.spares = h.spares[:n-1]
		buf = o.cmd.payload[:0]
	}
	if cap(buf) < len(data) {
		buf = make([]byte, 0, len(data)) // never nil: nil marks commands without a packet
	}
	if o == nil {
		o = new(outgoing)
	}
	c.payload = append(buf, data...)
	*o = outgoing{cmd: c}
	return o
}

// keepSpare keeps o, which nothing refers to any longer, for newOutgoing, if
// it carried a whole packet (h.mu held).
func (h *Host) keepSpare(o *outgoing) {
	switch o.cmd.number() {
	case cmdSendReliable, cmdSendUnreliable, cmdSendUnsequenced:
	default:
		return
	}
	if len(h.spares) >= keptSpares {
		return
	}
	buf := o.cmd.payload[:0]
	if cap(buf) > keptSpareBytes {
		buf = nil
	}
	*o = outgoing{cmd: command{payload: buf}}
	h.spares = append(h.spares, o)
}
