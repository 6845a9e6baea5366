package multiplayer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/internal/wsframe"
)

// The transport is WebSocketMultiplayerPeer's: the server sends each
// client, first, one 4-byte message with the client's peer id (an int32,
// 2 or more); then each packet is one binary message, with nothing added.
// Neither side offers a subprotocol or an extension. Both sides speak it
// through internal/wsframe: the handshake, and the frames both ways.

// CloseError is a WebSocket close frame's code and reason, held by the
// error of a connection that one closed (errors.As): the peer's, from
// the close frame it sent, or this side's, for a frame of the peer's that
// RFC 6455 refuses (Code 1002 for a frame against the protocol, 1007 for
// text that is not UTF-8, 1009 for a message over WithMaxPacketSize).
// Its fields are Code, the close status (RFC 6455, 7.4), and Reason.
type CloseError = wsframe.CloseError

// ServeHTTP accepts a Godot client (WebSocketMultiplayerPeer.create_client)
// on a WebSocket upgrade: it gives it a peer id, tells it and the other
// clients about each other (ADD_PEER) and serves it until it leaves. Use
// it to put the server behind a path of an http.Server of your own; Serve
// does the rest for a plain one, whose timeouts (ReadHeaderTimeout,
// IdleTimeout) are then yours to set. Cross-origin upgrades (a web export
// served from another origin) are refused unless the handler is wrapped by
// one that allows them, removing the request's Origin header.
func (m *Multiplayer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	addr := addressOf(r.RemoteAddr)
	id, status, refused := m.reserve(addr)
	if status != 0 {
		if refused != "" {
			m.logs.refusedJoin("ws", r.RemoteAddr, refused)
		}
		http.Error(w, refusedText(status, refused), status)
		return
	}
	joined := false
	defer func() { m.release(id, addr, joined) }()
	h, err := wsframe.Upgrader{Protocols: m.cfg.protocols, Require: len(m.cfg.protocols) > 0}.Accept(w, r)
	if err != nil {
		m.counts.refusedBad.Add(1)
		m.logs.refusedJoin("ws", r.RemoteAddr, "handshake: "+err.Error())
		return // Accept has answered
	}
	// A connection from Serve comes as a headConn: its socket is written
	// to as it is, and read from as it is once what it holds is read.
	if hc, ok := h.Conn.(*headConn); ok {
		h.Conn, h.Buffered = hc.Conn, append(h.Buffered, hc.head...)
	}
	if err := sendPeerID(h, id); err != nil {
		h.Conn.Close()
		m.counts.refusedBad.Add(1)
		m.report(id, fmt.Errorf("%w: %w: %w: sending %s its peer id", ErrDisconnected, ErrHandshake, err, r.RemoteAddr))
		return
	}
	l := m.newWSLink(id)
	l.attach(h, false)
	c := l.c
	c.addr = addr
	c.quiet.Store(true) // until its first frame (peerLayer.spoke)
	err = m.join(c)     // it takes the place of its reservation among m.conns: not two
	if err != nil {
		h.Conn.Close()
		return
	}
	joined = true // its place for its address is given back as it leaves
	c.run()
}

// sendPeerID answers the upgrade h accepted and sends the client its peer
// id, in one write, within the handshake's time, and a ping: a live
// client (the engine's, a browser's) answers it at once, and is then
// heard from, and announced to the others (see conn.quiet), whether or
// not it sends anything of its own.
func sendPeerID(h wsframe.Handshake, id PeerID) error {
	var idBytes [4]byte
	binary.LittleEndian.PutUint32(idBytes[:], uint32(id))
	h.Conn.SetWriteDeadline(time.Now().Add(handshakeTimeout))
	b := wsframe.AppendFrame(wsframe.AppendFrame(h.Response, wsframe.OpBinary, idBytes[:]), wsframe.OpPing, nil)
	if _, err := h.Conn.Write(b); err != nil {
		return err
	}
	return h.Conn.SetWriteDeadline(time.Time{})
}

// reserve makes this side a server if it is none yet and gives a client
// being accepted from addr a peer id, a place among WithMaxPeers and one
// of the join budget's; status, if not 0, is the HTTP status that refuses
// it, and refused why, if it is a join refused (counted) rather than a
// Multiplayer that is not a server.
func (m *Multiplayer) reserve(addr netip.Prefix) (id PeerID, status int, refused string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch err := m.claim(true); {
	case err == ErrClosed:
		return 0, http.StatusServiceUnavailable, ""
	case err != nil:
		return 0, http.StatusConflict, ""
	case m.draining:
		m.counts.refusedDraining.Add(1)
		return 0, http.StatusServiceUnavailable, "draining"
	case len(m.conns)+len(m.pending) >= m.cfg.maxPeers:
		m.counts.refusedFull.Add(1)
		return 0, http.StatusServiceUnavailable, "full"
	}
	if refused := m.takeJoin(addr); refused != "" {
		return 0, http.StatusServiceUnavailable, refused
	}
	for {
		if id := randomID(); m.conns[id] == nil && !m.pending[id] {
			m.pending[id] = true
			return id, 0, ""
		}
	}
}

// refusedText is the body of an upgrade refused with status: a Godot
// client shows only a failed connection, a browser's console the text.
func refusedText(status int, refused string) string {
	switch refused {
	case "draining":
		return "the server is draining: it takes no new players; join another"
	case "full":
		return "the server is full (WithMaxPeers)"
	case "address":
		return "too many players from your address (WithMaxPeersPerAddress)"
	case "rate":
		return "too many players joining at once (WithJoinRate): try again"
	}
	return http.StatusText(status)
}

// release ends a reservation, and gives back its address's place unless
// it joined: the peer gives it back as it leaves.
func (m *Multiplayer) release(id PeerID, addr netip.Prefix, joined bool) {
	m.mu.Lock()
	delete(m.pending, id)
	if !joined {
		m.leaveAddress(addr)
	}
	m.mu.Unlock()
}

// Serve accepts Godot clients on ln, as WebSocketMultiplayerPeer's
// create_server does, until ctx is done or Close is called; it then
// closes every connection and returns nil once they have ended. It closes
// ln when it returns, failing or not.
func (m *Multiplayer) Serve(ctx context.Context, ln net.Listener) error {
	if err := m.start(true); err != nil {
		ln.Close()
		return err
	}
	return serveUpgrades(ctx, ln, m, m.requestLimits(), m.closing, func() {
		m.Close()
		<-m.done
	})
}

// serveUpgrades serves the WebSocket upgrades of ln's connections to h
// until ctx is done, closing is closed or ln fails, then calls end,
// which closes what h serves and waits for its connections. A connection
// has the handshake's time to send its request's head (a
// requestListener's, within limits), then to send the rest and take the
// answer; the upgrade clears these deadlines. A request that is not an
// upgrade is answered and its connection closed.
func serveUpgrades(ctx context.Context, ln net.Listener, h http.Handler, limits requestLimits, closing <-chan struct{}, end func()) error {
	requests := newRequestListener(ln, limits)
	srv := &http.Server{Handler: h, ReadTimeout: handshakeTimeout, WriteTimeout: handshakeTimeout, ConnState: requests.state}
	srv.SetKeepAlivesEnabled(false)
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(requests) }()
	var err error
	select {
	case err = <-failed:
	case <-ctx.Done():
	case <-closing:
	}
	srv.Close()
	requests.Close()
	end()
	if err == nil {
		<-failed
	}
	requests.wait()
	return err
}

// ListenAndServe listens on the TCP address addr and Serves.
func (m *Multiplayer) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return m.Serve(ctx, ln)
}

// Connect connects to a Godot server (WebSocketMultiplayerPeer's
// create_server) at url ("ws://host:port", or "wss://" over TLS), as
// create_client does: to the host itself, through no proxy, following no
// redirect. It returns once the server has given this side its peer id,
// which it waits for 3 s at most (then ErrHandshake); the connection then
// runs until the server closes it or Close is called. ctx bounds the
// connecting only. An answer to the upgrade that RFC 6455 refuses (another
// status, a head over 16 KiB, a subprotocol or an extension not offered,
// ...) fails with ErrHandshake, in one line that names the fix where
// there is one; a URL that does not parse, or of another scheme than ws,
// wss, http or https, with a *url.Error.
func (m *Multiplayer) Connect(ctx context.Context, url string) error {
	if err := m.start(false); err != nil {
		return err
	}
	defer m.connected()
	return m.connect(ctx, url, m.cfg.protocols)
}

// connect dials the server at url offering protocols, and joins it.
func (m *Multiplayer) connect(ctx context.Context, url string, protocols []string) error {
	h, err := wsframe.Dialer{Protocols: protocols, Require: len(protocols) > 0}.Dial(ctx, url)
	if errors.Is(err, wsframe.ErrHandshake) {
		return fmt.Errorf("%w: %w", ErrHandshake, err) // wsframe's is no error a caller can match
	}
	if err != nil {
		return err
	}
	return m.connectOver(ctx, h)
}

// connectOver joins the server as a client over h, the WebSocket Connect
// opened, once the server has given this side its peer id.
func (m *Multiplayer) connectOver(ctx context.Context, h wsframe.Handshake) error {
	l := m.newWSLink(ServerID)
	s := l.attach(h, true)
	c := l.c
	b, err := s.peerID(ctx)
	if err != nil {
		err = fmt.Errorf("%w: no peer id from the server: %w", ErrHandshake, err)
	} else if len(b) != 4 || int32(binary.LittleEndian.Uint32(b)) < 2 {
		err = fmt.Errorf("%w: the server's first message is % x, not a peer id", ErrMalformed, b[:min(len(b), 8)])
	}
	if err == nil {
		err = m.joinServer(c, PeerID(binary.LittleEndian.Uint32(b)))
	}
	if err != nil {
		h.Conn.Close()
		return err
	}
	c.run()
	return nil
}

// ReadPromptly makes a client paced by WithReadPace read each frame as it
// comes, waking its reader if it waits out the period, until done is
// called: a caller awaiting an answer, whose latency it measures, calls
// it before sending its call and done once the answer is handled, so
// that the answer is read the moment it comes (the frames before it, the
// period's, with it). Calls may overlap: the reads are paced again once
// each has called its done (the first call of a done counts, the others
// do nothing). Without WithReadPace, or on a server, it does nothing.
func (m *Multiplayer) ReadPromptly() (done func()) {
	p := m.cfg.pace
	if p == nil {
		return func() {}
	}
	p.prompt.Add(1)
	select {
	case p.wake <- struct{}{}:
	default: // a wake is due already
	}
	var once atomic.Bool
	return func() {
		if once.CompareAndSwap(false, true) {
			p.prompt.Add(-1)
		}
	}
}
