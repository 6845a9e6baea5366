package multiplayer

import (
	"context"
	"net/http"
)

// Drain stops a server taking new peers, waits for the match in progress
// to end, then closes the Multiplayer: it is how a server ends on SIGTERM,
// within Kubernetes' terminationGracePeriodSeconds (docs/operations.md).
//
// From the moment it is called, a client that tries to join is refused at
// once (a WebSocket upgrade with 503, an ENet connect with a disconnect:
// a Godot client's connection_failed, where the engine's own refusal
// leaves the client to time out), and
// ReadyHandler answers 503. The match ends when its peers have left, or
// when the game's code calls Close (a match over). If ctx is done first,
// the peers still connected are closed, told why (over WebSocket a close
// frame of 1001, going away, "server draining"), and Drain returns ctx's
// error; else nil. It returns once every connection has ended (Done).
func (m *Multiplayer) Drain(ctx context.Context) error {
	m.mu.Lock()
	m.draining = true
	for _, h := range m.hosts {
		h.RefuseConnects(true) // as they come; one offered before is disconnected as it joins (acceptENet)
	}
	m.mu.Unlock()
	n, _ := m.connections()
	m.logs.drain("multiplayer: draining: no new peer is taken", n)
	var err error
	for n, left := m.connections(); n > 0 && err == nil; n, left = m.connections() {
		select {
		case <-left:
		case <-m.closing:
		case <-ctx.Done():
			err = ctx.Err()
		}
		select {
		case <-m.closing:
			<-m.done
			return nil
		default:
		}
	}
	n, _ = m.connections()
	m.logs.drain("multiplayer: drained: closing the peers left", n)
	m.closeWith(errDraining)
	<-m.done
	return err
}

// connections returns how many connections there are, pending ones too,
// and a channel closed as one ends.
func (p *peerLayer) connections() (int, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.conns) + len(p.pending), p.peersLeft
}

// HealthHandler returns the handler of a liveness probe (Kubernetes'
// livenessProbe, /healthz): 200 "ok" until the Multiplayer closes, then
// 503 "closed". A drain is alive.
func (m *Multiplayer) HealthHandler() http.Handler {
	return probeHandler("ok", func() string {
		m.mu.Lock()
		defer m.mu.Unlock()
		if m.closed {
			return "closed"
		}
		return ""
	})
}

// ReadyHandler returns the handler of a readiness probe (Kubernetes'
// readinessProbe, /readyz): 200 "ready" while the Multiplayer serves and
// has room for a peer; else 503, saying why: "not serving" before Serve
// or ServeENet (or on a client), "draining" from the moment Drain is
// called, "closed", or "full" (WithMaxPeers).
func (m *Multiplayer) ReadyHandler() http.Handler { return probeHandler("ready", m.notReady) }

// probeHandler is a probe's handler: 200 and ok while why says "", else 503 and
// why.
func probeHandler(ok string, why func() string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if why := why(); why != "" {
			http.Error(w, why, http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte(ok + "\n"))
	})
}

// notReady says why the server takes no new peer, or "".
func (m *Multiplayer) notReady() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case m.closed:
		return "closed"
	case m.draining:
		return "draining"
	case m.id != ServerID:
		return "not serving"
	case len(m.conns)+len(m.pending) >= m.cfg.maxPeers:
		return "full"
	}
	return ""
}
