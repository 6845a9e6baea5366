package multiplayer

import (
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// httpConns follows Serve's connections until they are upgraded: it
// refuses more at once than WithMaxPeers, and reports each that the
// server dropped without having received its request within the
// handshake's time, as the engine's client is when it does not poll in
// time.
type httpConns struct {
	m    *Multiplayer
	mu   sync.Mutex
	n    int                    // connections not upgraded
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
		h.n++
		over := h.n > h.m.cfg.maxPeers
		h.mu.Unlock()
		if over {
			nc.Close()
		}
	case http.StateActive:
		h.mu.Lock()
		delete(h.seen, nc)
		h.mu.Unlock()
	case http.StateHijacked, http.StateClosed:
		h.mu.Lock()
		h.n--
		came, silent := h.seen[nc]
		delete(h.seen, nc)
		h.mu.Unlock()
		if silent && time.Since(came) >= handshakeTimeout {
			h.m.report(0, fmt.Errorf("%w: %w: %s sent no request within %v", ErrDisconnected, ErrHandshake, nc.RemoteAddr(), handshakeTimeout))
		}
	}
}
