package multiplayer

import (
	"fmt"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// httpConns follows Serve's connections until they are upgraded: it
// refuses more at once than WithMaxPeers, and reports each that the
// server dropped without having received its request within the
// handshake's time, as the engine's client is when it does not poll in
// time.
type httpConns struct {
	m    *Multiplayer
	n    atomic.Int64
	mu   sync.Mutex
	seen map[net.Conn]time.Time // when each connection came that has sent nothing yet
}

func newHTTPConns(m *Multiplayer) *httpConns {
	return &httpConns{m: m, seen: map[net.Conn]time.Time{}}
}

func (h *httpConns) state(nc net.Conn, s http.ConnState) {
	switch s {
	case http.StateNew:
		h.mu.Lock()
		h.seen[nc] = time.Now()
		h.mu.Unlock()
		if h.n.Add(1) > int64(h.m.cfg.maxPeers) {
			nc.Close()
		}
	case http.StateActive:
		h.mu.Lock()
		delete(h.seen, nc)
		h.mu.Unlock()
	case http.StateHijacked, http.StateClosed:
		h.n.Add(-1)
		h.mu.Lock()
		came, silent := h.seen[nc]
		delete(h.seen, nc)
		h.mu.Unlock()
		if silent && time.Since(came) >= handshakeTimeout {
			h.m.report(0, fmt.Errorf("%w: %w: %s sent no request within %v", ErrDisconnected, ErrHandshake, nc.RemoteAddr(), handshakeTimeout))
		}
	}
}
