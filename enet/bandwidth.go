package enet

import "math"

// bandwidthInterval is how often a host shares out its bandwidth
// (ENET_HOST_BANDWIDTH_THROTTLE_INTERVAL).
const bandwidthInterval = 1000

// throttleBandwidth shares the host's bandwidth among its connected peers
// once a second, as enet_host_bandwidth_throttle does: it caps each peer's
// unreliable throttle by what the host's outgoing bandwidth and the peer's
// incoming one allow for the data queued meanwhile, and, after a peer
// came or went, tells every peer the incoming bandwidth it may use
// (BANDWIDTH_LIMIT). With no bandwidth set (Godot's default) only the
// announcements go out, with 0 for "unlimited".
func (h *Host) throttleBandwidth() {
	elapsed := h.now - h.bandwidthEpoch
	if elapsed < bandwidthInterval {
		return
	}
	h.bandwidthEpoch = h.now
	var peers []*Peer
	limited := false
	for _, p := range h.peers {
		if p != nil && (p.state == stateConnected || p.state == stateDisconnectLater) {
			peers = append(peers, p)
			limited = limited || p.incomingBandwidth != 0
		}
	}
	if len(peers) == 0 {
		return
	}
	remaining := uint32(len(peers))
	dataTotal, bandwidth := ^uint32(0), ^uint32(0)
	if out := uint32(h.cfg.outgoingBandwidth); out != 0 {
		dataTotal, bandwidth = 0, uint32(uint64(out)*uint64(elapsed)/1000)
		for _, p := range peers {
			dataTotal += p.outgoingDataTotal
		}
	}
	share := func() uint32 {
		if dataTotal <= bandwidth {
			return throttleScale
		}
		return uint32(uint64(bandwidth) * throttleScale / uint64(dataTotal))
	}
	for adjust := limited; remaining > 0 && adjust; {
		adjust = false
		throttle := share()
		for _, p := range peers {
			if p.incomingBandwidth == 0 || p.outBandwidthEpoch == h.now {
				continue
			}
			// Saturated: a peer's bandwidth of nearly 2^32 over more than
			// a second would wrap to a few bytes.
			peerBandwidth := uint32(min(uint64(p.incomingBandwidth)*uint64(elapsed)/1000, math.MaxUint32))
			if uint64(throttle)*uint64(p.outgoingDataTotal)/throttleScale <= uint64(peerBandwidth) {
				continue
			}
			p.throttleLimit = max(uint32(uint64(peerBandwidth)*throttleScale/uint64(max(p.outgoingDataTotal, 1))), 1)
			p.throttle = min(p.throttle, p.throttleLimit)
			p.outBandwidthEpoch = h.now
			p.incomingDataTotal, p.outgoingDataTotal = 0, 0
			adjust = true
			remaining--
			bandwidth -= peerBandwidth
			dataTotal -= peerBandwidth
		}
	}
	if remaining > 0 {
		throttle := share()
		for _, p := range peers {
			if p.outBandwidthEpoch == h.now {
				continue
			}
			p.throttleLimit = throttle
			p.throttle = min(p.throttle, p.throttleLimit)
			p.incomingDataTotal, p.outgoingDataTotal = 0, 0
		}
	}
	if !h.recalculateBandwidth {
		return
	}
	h.recalculateBandwidth = false
	remaining = uint32(len(peers))
	bandwidth = uint32(h.cfg.incomingBandwidth)
	limit := uint32(0)
	if bandwidth != 0 {
		for adjust := true; remaining > 0 && adjust; {
			adjust = false
			limit = bandwidth / remaining
			for _, p := range peers {
				if p.inBandwidthEpoch == h.now || (p.outgoingBandwidth > 0 && p.outgoingBandwidth >= limit) {
					continue
				}
				p.inBandwidthEpoch = h.now
				adjust = true
				remaining--
				bandwidth -= p.outgoingBandwidth
			}
		}
	}
	for _, p := range peers {
		c := command{cmd: cmdBandwidthLimit | flagAcknowledge, channel: 0xFF,
			outgoingBandwidth: uint32(h.cfg.outgoingBandwidth), incomingBandwidth: limit}
		if p.inBandwidthEpoch == h.now {
			c.incomingBandwidth = p.outgoingBandwidth
		}
		p.queueOutgoing(c, 0)
	}
}
