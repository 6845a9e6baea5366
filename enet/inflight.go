package enet

// A reliable command, once sent, waits for its acknowledgement in the
// sent list or, once its time is up, in a queue to go again. ENet finds
// the command an acknowledgement names by walking both, so a peer
// acknowledging numbers never sent (or acknowledged already) made each
// acknowledgement walk every command in flight. The index finds the
// command, or that there is none, at once.

// inFlightKey is a reliable command's key in its peer's index: its
// channel and number.
func inFlightKey(chID uint8, seq uint16) uint32 { return uint32(chID)<<16 | uint32(seq) }

// indexCost is what an entry of the index holds at most: its key and
// pointer and its control byte, in a table at most 7/8 full, grown by
// doubling (TestCommandCost).
const indexCost = 2 * (8 + 8 + 1) * 8 / 7

// markInFlight indexes o, a reliable command sent for the first time.
func (p *Peer) markInFlight(o *outgoing) {
	if p.inFlight == nil {
		p.inFlight = make(map[uint32]*outgoing)
	}
	p.inFlight[inFlightKey(o.cmd.channel, o.reliableSeq)] = o
	p.inFlightPeak = max(p.inFlightPeak, len(p.inFlight))
}

// takeInFlight returns the command in flight numbered seq on chID, which
// it forgets; nil if there is none.
func (p *Peer) takeInFlight(seq uint16, chID uint8) *outgoing {
	k := inFlightKey(chID, seq)
	o := p.inFlight[k]
	if o == nil {
		return nil
	}
	delete(p.inFlight, k)
	if len(p.inFlight) == 0 && p.inFlightPeak > keptQueue {
		p.inFlight, p.inFlightPeak = nil, 0 // a burst's table goes with it
	}
	return o
}
