package multiplayer

import "github.com/gdvar/gdvar/enet"

// Stats returns what m counted since New.
func (m *Multiplayer) Stats() Stats {
	s := Stats{Match: m.cfg.match, Calls: m.rpc.calls()}
	m.mu.Lock()
	s.Server, s.Draining, s.Closed = m.id == ServerID, m.draining, m.closed
	total := m.gone
	for _, c := range m.conns {
		if c.authenticating {
			s.Pending++
		} else {
			s.Peers++
		}
		c.counts.addTo(&total)
	}
	s.Peers += len(m.others)
	s.Pending += len(m.pending)
	hosts := append([]*enet.Host(nil), m.hosts...)
	gather := m.gather
	m.mu.Unlock()
	m.counts.fill(&s)
	total.fill(&s)
	s.CallsUnknown = m.rpc.unknownCalls.Load()
	s.Refused = m.errs.refusedCounts()
	s.GatherWindows, s.GatherWrites = gather.counts()
	for _, h := range hosts {
		addENet(&s, h.Stats())
	}
	addENet(&s, m.enetGone())
	if m.logs != nil {
		s.LogLinesSuppressed = m.logs.suppressed.Load()
	}
	return s
}
