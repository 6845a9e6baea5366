package multiplayer

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
)

// The transport is WebSocketMultiplayerPeer's: the server sends each
// client, first, one 4-byte message with the client's peer id (an int32,
// 2 or more); then each packet is one binary message, with nothing added.
// Neither side offers a subprotocol or an extension.

// handshakeTimeout is how long a client may take to upgrade, and how long
// a server may take to send the peer id: the engine's handshake_timeout.
const handshakeTimeout = 3 * time.Second

// conn is one WebSocket connection: a client of the server, or the server
// of a client.
type conn struct {
	m      *Multiplayer
	id     PeerID
	ws     *websocket.Conn
	out    chan []byte
	ctx    context.Context
	cancel context.CancelCauseFunc

	qmu    sync.Mutex
	queued int64 // bytes waiting in out

	// The reading goroutine's own: the rate bucket and the arguments of the
	// call being handled.
	tokens float64
	last   time.Time
	dec    gdvar.Decoder
	argBuf []byte
	args   [][]byte
}

func (m *Multiplayer) newConn(ws *websocket.Conn, id PeerID) *conn {
	ctx, cancel := context.WithCancelCause(context.Background())
	ws.SetReadLimit(m.cfg.maxPacket)
	return &conn{m: m, id: id, ws: ws, out: make(chan []byte, 1024), ctx: ctx, cancel: cancel,
		tokens: float64(m.cfg.burst), last: time.Now()}
}

// send queues a packet; a peer that lets more than the send queue pile up
// is disconnected.
func (c *conn) send(pkt []byte) error {
	c.qmu.Lock()
	over := c.queued+int64(len(pkt)) > c.m.cfg.sendQueue
	if !over {
		select {
		case c.out <- pkt:
			c.queued += int64(len(pkt))
		default:
			over = true
		}
	}
	c.qmu.Unlock()
	if over {
		c.close(ErrSlowPeer)
		return &PeerError{Peer: c.id, Err: ErrSlowPeer}
	}
	return nil
}

// close ends the connection; cause, if not nil, is reported.
func (c *conn) close(cause error) {
	c.cancel(cause)
}

// write sends the queued packets until the connection ends.
func (c *conn) write() {
	for {
		select {
		case <-c.ctx.Done():
			return
		case pkt := <-c.out:
			ctx, cancel := context.WithTimeout(c.ctx, c.m.cfg.writeTimeout)
			err := c.ws.Write(ctx, websocket.MessageBinary, pkt)
			cancel()
			c.qmu.Lock()
			c.queued -= int64(len(pkt))
			c.qmu.Unlock()
			if err != nil {
				if c.ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
					err = ErrSlowPeer
				}
				c.close(err)
				return
			}
		}
	}
}

// read handles the packets that arrive until the connection ends.
func (c *conn) read() {
	for {
		_, b, err := c.ws.Read(c.ctx)
		if err != nil {
			c.close(err)
			return
		}
		if err := c.m.handle(c, b); err != nil {
			c.m.report(c.id, err)
		}
	}
}

// allow takes a token of the peer's rate bucket, if there is one. A
// client does not limit its server, whose packets it cannot drop without
// losing step with it.
func (c *conn) allow() bool {
	if c.id == ServerID {
		return true
	}
	now := time.Now()
	c.tokens = min(float64(c.m.cfg.burst), c.tokens+now.Sub(c.last).Seconds()*c.m.cfg.rate)
	c.last = now
	if c.tokens < 1 {
		return false
	}
	c.tokens--
	return true
}

// decodeArgs returns a call's arguments, each as var_to_bytes encodes it,
// in buffers of the connection's that the next call reuses.
func (c *conn) decodeArgs(call remoteCall, opts []gdvar.Option) ([][]byte, error) {
	buf, args := c.argBuf[:0], c.args[:0]
	if call.byteOnly {
		if len(call.args) > 0 {
			buf = appendPackedBytes(buf, call.args)
			args = append(args, buf)
		}
	} else {
		rest := call.args
		var ends []int
		for i := range call.argc {
			var n int
			var err error
			start := len(buf)
			if buf, n, err = readArg(&c.dec, buf, rest, opts); err != nil {
				return nil, fmt.Errorf("argument %d: %w", i, err)
			}
			ends = append(ends, start, len(buf))
			rest = rest[n:]
		}
		for i := 0; i < len(ends); i += 2 {
			args = append(args, buf[ends[i]:ends[i+1]])
		}
	}
	c.argBuf, c.args = buf, args
	return args, nil
}

// run starts the connection's goroutines; when they end, the peer leaves.
func (c *conn) run() {
	m := c.m
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		go c.write()
		go func() { // Close or the end of Serve ends every connection
			select {
			case <-m.done:
				c.close(nil)
			case <-c.ctx.Done():
			}
		}()
		c.read()
		<-c.ctx.Done()
		status := websocket.StatusNormalClosure
		if cause := context.Cause(c.ctx); errors.Is(cause, ErrSlowPeer) {
			status = websocket.StatusPolicyViolation
		}
		c.ws.Close(status, "")
		m.leave(c)
	}()
}

// leave forgets a peer whose connection ended: a server tells the other
// clients (DEL_PEER).
func (m *Multiplayer) leave(c *conn) {
	cause := context.Cause(c.ctx)
	m.mu.Lock()
	delete(m.conns, c.id)
	m.forget(c.id)
	var gone []PeerID
	if m.id == ServerID {
		pkt := appendSys(nil, sysDelPeer, c.id)
		for _, other := range m.conns {
			other.send(pkt)
		}
	} else { // a client: the server and every peer it announced are gone
		for id := range m.others {
			gone = append(gone, id)
			m.forget(id)
		}
		clear(m.others)
		m.id = 0
	}
	fn := m.onDisconnect
	m.mu.Unlock()
	if !normalEnd(cause) {
		m.report(c.id, cause)
	}
	if fn != nil {
		for _, id := range gone {
			fn(id)
		}
		fn(c.id)
	}
}

// normalEnd reports whether a connection ended as connections do: closed
// here, closed by the peer, or dropped by it (the engine quits without a
// close frame).
func normalEnd(cause error) bool {
	switch websocket.CloseStatus(cause) {
	case websocket.StatusNormalClosure, websocket.StatusGoingAway:
		return true
	}
	return cause == nil || errors.Is(cause, context.Canceled) || errors.Is(cause, io.EOF) ||
		errors.Is(cause, syscall.ECONNRESET) || errors.Is(cause, net.ErrClosed)
}

// ServeHTTP accepts a Godot client (WebSocketMultiplayerPeer.create_client)
// on a WebSocket upgrade: it gives it a peer id, tells it and the other
// clients about each other (ADD_PEER) and serves it until it leaves. Use
// it to put the server behind a path of an http.Server of your own; Serve
// does the rest for a plain one. Cross-origin upgrades (a web export served
// from another origin) are refused unless the handler is wrapped by one
// that allows them.
func (m *Multiplayer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if m.cfg.err != nil {
		http.Error(w, m.cfg.err.Error(), http.StatusInternalServerError)
		return
	}
	m.mu.Lock()
	switch {
	case m.id != 0 && m.id != ServerID:
		m.mu.Unlock()
		http.Error(w, "not a server", http.StatusConflict)
		return
	case len(m.conns) >= m.cfg.maxPeers:
		m.mu.Unlock()
		http.Error(w, "too many peers", http.StatusServiceUnavailable)
		return
	}
	m.id = ServerID
	m.mu.Unlock()
	select {
	case <-m.done:
		http.Error(w, "closed", http.StatusServiceUnavailable)
		return
	default:
	}
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return // Accept has answered
	}
	m.mu.Lock()
	id := m.newID()
	c := m.newConn(ws, id)
	m.conns[id] = c // reserved; packets to it wait in its queue
	m.mu.Unlock()
	ctx, cancel := context.WithTimeout(c.ctx, handshakeTimeout)
	err = ws.Write(ctx, websocket.MessageBinary, binary.LittleEndian.AppendUint32(nil, uint32(id)))
	cancel()
	if err != nil {
		m.mu.Lock()
		delete(m.conns, id)
		m.mu.Unlock()
		ws.CloseNow()
		return
	}
	m.mu.Lock()
	for other, oc := range m.conns {
		if other != id {
			oc.send(appendSys(nil, sysAddPeer, id))
			c.send(appendSys(nil, sysAddPeer, other))
		}
	}
	fn := m.onConnect
	m.mu.Unlock()
	c.run()
	if fn != nil {
		fn(id)
	}
}

// newID returns a peer id no client has (m.mu held): random, as the
// engine's, from 2 to 2^31−1.
func (m *Multiplayer) newID() PeerID {
	for {
		var b [4]byte
		rand.Read(b[:])
		id := PeerID(binary.LittleEndian.Uint32(b[:]) & 0x7fffffff)
		if id >= 2 && m.conns[id] == nil {
			return id
		}
	}
}

// Serve accepts Godot clients on ln, as WebSocketMultiplayerPeer's
// create_server does, until ctx is done or Close is called; it then
// closes every connection and returns nil.
func (m *Multiplayer) Serve(ctx context.Context, ln net.Listener) error {
	if m.cfg.err != nil {
		return m.cfg.err
	}
	srv := &http.Server{Handler: m, ReadHeaderTimeout: handshakeTimeout}
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	select {
	case err := <-failed:
		m.Close()
		return err
	case <-ctx.Done():
	case <-m.done:
	}
	srv.Close()
	m.Close()
	<-failed
	return nil
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
// create_server) at url ("ws://host:port"), as create_client does. It
// returns once the server has given this side its peer id; the connection
// then runs until the server closes it or Close is called. ctx bounds the
// connecting only.
func (m *Multiplayer) Connect(ctx context.Context, url string) error {
	if m.cfg.err != nil {
		return m.cfg.err
	}
	m.mu.Lock()
	busy := m.id != 0
	m.mu.Unlock()
	if busy {
		return errors.New("multiplayer: already serving or connected")
	}
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return err
	}
	ws.SetReadLimit(m.cfg.maxPacket)
	idCtx, cancel := context.WithTimeout(ctx, handshakeTimeout)
	_, b, err := ws.Read(idCtx)
	cancel()
	if err == nil && (len(b) != 4 || int32(binary.LittleEndian.Uint32(b)) < 2) {
		err = fmt.Errorf("%w: the server's first message is % x, not a peer id", ErrMalformed, b)
	}
	if err != nil {
		ws.CloseNow()
		return err
	}
	c := m.newConn(ws, ServerID)
	m.mu.Lock()
	m.id = PeerID(binary.LittleEndian.Uint32(b))
	m.conns[ServerID] = c
	fn := m.onConnect
	m.mu.Unlock()
	c.run()
	if fn != nil {
		fn(ServerID)
	}
	return nil
}
