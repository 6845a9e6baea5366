package multiplayer

import (
	"net"
	"net/netip"
	"time"
)

// The join budget of a server (WithMaxPeersPerAddress, WithJoinRate):
// what a peer may take before it has said anything.

// addressOf returns what WithMaxPeersPerAddress counts a peer of remote
// (an address and port) as: its IPv4 address, or its IPv6 address's /64,
// which one host may hold whole. An address that does not parse is none
// (not valid), and counted nowhere.
func addressOf(remote string) netip.Prefix {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		return netip.Prefix{}
	}
	a := ap.Addr().Unmap().WithZone("")
	bits := 32
	if a.Is6() {
		bits = 64
	}
	p, _ := a.Prefix(bits)
	return p
}

// udpAddressOf is addressOf for an ENet peer's address.
func udpAddressOf(remote net.Addr) netip.Prefix {
	if u, ok := remote.(*net.UDPAddr); ok {
		return addressOf(u.AddrPort().String())
	}
	return netip.Prefix{}
}

// takeJoin takes a place for a peer joining from addr, or returns why it
// is refused ("address", "rate"), counting the refusal (p.mu held). A
// place taken is given back by leaveAddress.
func (p *peerLayer) takeJoin(addr netip.Prefix) string {
	if p.cfg.perAddress > 0 && addr.IsValid() && p.addrs[addr] >= p.cfg.perAddress {
		p.counts.refusedAddress.Add(1)
		return "address"
	}
	if p.cfg.joinRate > 0 {
		now := time.Now()
		p.joinTokens = min(float64(p.cfg.joinBurst), p.joinTokens+now.Sub(p.joinLast).Seconds()*p.cfg.joinRate)
		p.joinLast = now
		if p.joinTokens < 1 {
			p.counts.refusedRate.Add(1)
			return "rate"
		}
		p.joinTokens--
	}
	if p.cfg.perAddress > 0 && addr.IsValid() {
		if p.addrs == nil {
			p.addrs = map[netip.Prefix]int{}
		}
		p.addrs[addr]++
	}
	return ""
}

// leaveAddress gives back the place of a peer from addr (p.mu held).
func (p *peerLayer) leaveAddress(addr netip.Prefix) {
	if n, ok := p.addrs[addr]; ok {
		if n <= 1 {
			delete(p.addrs, addr) // the map holds the addresses with peers, no more
		} else {
			p.addrs[addr] = n - 1
		}
	}
}
