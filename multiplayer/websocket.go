package multiplayer

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
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
	m  *Multiplayer
	id PeerID
	ws *websocket.Conn
	ep *enet.Peer // instead of ws, over ENet (see enet.go)
	// The ENet host of a client's connection, closed when it ends.
	host *enet.Host

	mu     sync.Mutex
	queue  packetQueue // packets waiting to be written
	queued int64       // their cost (queueCost)
	wake   chan struct{}
	cause  error         // why the connection is closing
	closed chan struct{} // closed by close

	// Replies are written by the reading goroutine once their call's
	// handler returns, sparing the handoff to the writing goroutine (see
	// sendFor). serial numbers the packet being handled, from 1 on a
	// WebSocket; replied says a reply to it waits in the queue (both under
	// mu, serial written by the reading goroutine alone). wmu is held by
	// whichever goroutine writes to ws, slow is its write timeout.
	serial  uint64
	replied bool
	wmu     sync.Mutex
	slow    *time.Timer

	// When the peer was last heard from (a packet, a ping, an answer to a
	// ping, in Unix nanoseconds), whether a packet of it is being received,
	// paced or handled, which keeps its pings and answers unread meanwhile,
	// and how many packets were written to it.
	heard atomic.Int64
	busy  atomic.Bool
	wrote atomic.Uint64

	// The reading goroutine's own: the rate bucket, the arguments of the
	// call being handled, the strings kept (decodeString).
	tokens float64
	last   time.Time
	paced  *time.Timer // the wait of a peer over its rate
	dec    gdvar.Decoder
	argBuf []byte
	args   [][]byte
	ends   []int // where each argument starts and ends in argBuf
	strs   map[string]any

	auth     *authState  // while the peer is pending (under m.mu)
	calls    sync.Mutex  // see started
	greeting atomic.Bool // admitted, OnPeerConnected yet to be called
}

func (m *Multiplayer) newConn(ws *websocket.Conn, id PeerID) *conn {
	ws.SetReadLimit(int64(m.cfg.maxPacket))
	c := &conn{m: m, id: id, ws: ws, wake: make(chan struct{}, 1), closed: make(chan struct{}),
		tokens: float64(m.cfg.burst), last: time.Now(), serial: 1}
	// One timer for every write (a context with a deadline would cost two
	// timers a packet): when it fires, the packet took too long.
	c.slow = time.AfterFunc(m.cfg.writeTimeout, func() { c.close(ErrSlowPeer); c.ws.CloseNow() })
	c.slow.Stop()
	c.hear()
	return c
}

// hear notes that the peer was heard from now.
func (c *conn) hear() { c.heard.Store(time.Now().UnixNano()) }

// send queues a packet. A packet that would make the queue cost more than
// the send queue is dropped, as the engine drops what does not fit its
// outbound buffer; the peer's connection goes on. An empty queue takes any
// packet within the packet limit, which its cost (queueCost) may put
// beyond the send queue. own says pkt is a buffer of packetBuf's, which
// nothing else refers to.
func (c *conn) send(pkt []byte, own bool, how delivery) error { return c.sendFor(pkt, own, how, 0) }

// sendFor is send for a reply to the packet numbered serial (0: none). If
// that packet is still being handled, the reply is left for the reading
// goroutine to write once the handler returns (see handled): one handoff
// less per call answered, and a peer that does not read its replies holds
// up its own calls, not the others'.
func (c *conn) sendFor(pkt []byte, own bool, how delivery, serial uint64) error {
	if len(pkt) > c.m.cfg.maxPacket {
		return fmt.Errorf("%w: a packet of %d bytes to peer %d", ErrTooLarge, len(pkt), c.id)
	}
	return c.enqueue(pkt, own, how, serial)
}

// enqueue queues a packet no larger than the limit, unless it does not fit
// the send queue (ErrQueueFull) or, over ENet, the peer refuses it. A reply
// (see sendFor) does not wake the writing goroutine.
func (c *conn) enqueue(pkt []byte, own bool, how delivery, serial uint64) error {
	if c.ep != nil {
		return c.sendENet(pkt, own, how)
	}
	c.mu.Lock()
	full := c.queued > 0 && c.queued+queueCost(pkt) > int64(c.m.cfg.sendQueue)
	later := false
	if !full {
		c.queue.push(pkt, own)
		c.queued += queueCost(pkt)
		later = serial != 0 && serial == c.serial
		c.replied = c.replied || later
	}
	c.mu.Unlock()
	if full {
		return fmt.Errorf("%w: to peer %d", ErrQueueFull, c.id)
	}
	if !later {
		c.wakeWriter()
	}
	return nil
}

// wakeWriter tells the writing goroutine that packets are queued.
func (c *conn) wakeWriter() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// handled ends the handling of a packet, on the reading goroutine: the
// replies to it are written here, unless the writing goroutine is at work,
// which then writes them.
func (c *conn) handled() {
	c.mu.Lock()
	c.serial++
	replied := c.replied
	c.replied = false
	c.mu.Unlock()
	if !replied {
		return
	}
	if !c.wmu.TryLock() {
		c.wakeWriter()
		return
	}
	err := c.writeQueued()
	c.wmu.Unlock()
	if err != nil {
		c.close(err)
	}
}

// close starts closing the connection, with cause (nil: closed here, as
// asked); the connection's goroutine sends the close frame, or, over ENet,
// the peer is asked to disconnect after what is queued. Of the causes
// the goroutines see, a failure is kept over a normal end: a write that
// timed out closes the socket under the reader, which sees it closed.
func (c *conn) close(cause error) {
	c.mu.Lock()
	first := false
	select {
	case <-c.closed:
		if normalEnd(c.cause) && !normalEnd(cause) {
			c.cause = cause
		}
	default:
		c.cause = cause
		close(c.closed)
		first = true
	}
	c.mu.Unlock()
	if first && c.ep != nil {
		c.ep.Disconnect(0) // after what is queued, as disconnect_peer
	}
}

// why returns why the connection is closing.
func (c *conn) why() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cause
}

// write sends the queued packets until the connection closes. A packet
// that takes longer than the write timeout closes the connection.
func (c *conn) write() {
	for {
		select {
		case <-c.closed:
			return
		case <-c.wake:
		}
		c.wmu.Lock()
		err := c.writeQueued()
		c.wmu.Unlock()
		if err != nil {
			c.close(err)
			return
		}
	}
}

// writeQueued writes the packets queued (c.wmu held).
func (c *conn) writeQueued() error {
	c.mu.Lock()
	b := c.queue.take()
	c.mu.Unlock()
	for ; b != nil; b = release(b) {
		for _, pkt := range b.pkts[:b.n] {
			c.slow.Reset(c.m.cfg.writeTimeout)
			err := c.ws.Write(context.Background(), websocket.MessageBinary, pkt)
			if !c.slow.Stop() {
				err = ErrSlowPeer
			}
			c.mu.Lock()
			c.queued -= queueCost(pkt)
			c.mu.Unlock()
			if err != nil {
				return err
			}
			c.wrote.Add(1)
		}
	}
	return nil
}

// keptReadBuf is the largest read buffer a connection keeps for its next
// packet: small packets, the most, reuse it (a new one for each, 512 bytes
// at least, would cost 70 times a 7-byte packet), and a peer that sent a
// large one once does not keep its buffer.
const keptReadBuf = 4 << 10

// read handles the packets that arrive until the connection ends. A
// packet that takes longer than the read timeout to arrive once it has
// begun closes the connection: its first frame's header starts the clock
// (the wait before it is the keep-alive's), one timer for every packet.
func (c *conn) read() {
	late := time.AfterFunc(c.m.cfg.readTimeout, func() { c.close(ErrReadTimeout); c.ws.CloseNow() })
	late.Stop()
	var buf bytes.Buffer
	for {
		_, r, err := c.ws.Reader(context.Background())
		if err == nil {
			c.busy.Store(true) // the read timeout bounds the rest
			late.Reset(c.m.cfg.readTimeout)
			buf.Reset()
			_, err = buf.ReadFrom(r)
			if !late.Stop() {
				err = ErrReadTimeout
			}
		}
		if err != nil {
			c.close(err)
			return
		}
		b := buf.Bytes()
		c.hear()
		if !c.pace() {
			return
		}
		c.handle(b, reliably)
		c.handled()
		c.hear()
		c.busy.Store(false)
		if buf.Cap() > keptReadBuf { // not kept while the peer is silent
			buf = bytes.Buffer{}
		}
	}
}

// keepAlive disconnects the peer (ErrIdle) once nothing has been heard
// from it, no packet, ping or answer to a ping, for the idle timeout. At
// each quarter of it, it pings the peer if the peer has been silent, or
// if nothing was written to it meanwhile. An answer may wait behind a
// backlog of packets, at either end, for longer than the timeout; the
// ping itself tells the peer that this side lives, so that two live
// peers hear each other whatever their backlogs, and one that neither
// reads nor sends is still dropped. A peer whose packet is being
// received, paced or handled is not silent.
func (c *conn) keepAlive() {
	idle := c.m.cfg.idleTimeout
	tick := time.NewTicker(idle / 4)
	defer tick.Stop()
	var pings sync.WaitGroup // each ends with its answer, the timeout or the connection
	defer pings.Wait()
	var wrote uint64
	for {
		select {
		case <-c.closed:
			return
		case <-tick.C:
		}
		silent := time.Since(time.Unix(0, c.heard.Load()))
		if silent >= idle && !c.busy.Load() {
			c.close(ErrIdle)
			c.ws.CloseNow()
			return
		}
		if w := c.wrote.Load(); w == wrote || silent >= idle/4 {
			pings.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), idle)
				c.ws.Ping(ctx) // the answer is heard by onPong, however late
				cancel()
			})
		}
		wrote = c.wrote.Load()
	}
}

// onPing and onPong are the connection's callbacks for the peer's pings
// and answers, which are heard from it. A ping is answered only once the
// rate lets the server read it (pacePing).
func (c *conn) onPing(context.Context, []byte) bool {
	if !c.pacePing() {
		return false
	}
	c.hear()
	return true
}

func (c *conn) onPong(context.Context, []byte) { c.hear() }

// pace takes a token of the peer's rate bucket, waiting for it when the
// peer is over its rate: its packet is handled late, never dropped (the
// engine never drops a reliable one), and while it waits nothing more is
// read from the peer, whose sending TCP then slows down (back-pressure).
// The bucket may go into debt by one token, which the wait pays: a wait
// longer than asked, on a busy machine, is credited back. It returns false
// when the connection closed meanwhile. A client does not limit its server,
// whose packets it cannot hold back without losing step with it.
func (c *conn) pace() bool {
	if c.id == ServerID {
		return true
	}
	now := time.Now()
	c.tokens = min(float64(c.m.cfg.burst), c.tokens+now.Sub(c.last).Seconds()*c.m.cfg.rate) - 1
	c.last = now
	if c.tokens >= 0 {
		return true
	}
	wait := time.Duration(-c.tokens / c.m.cfg.rate * float64(time.Second))
	if c.paced == nil {
		c.paced = time.NewTimer(wait)
	} else {
		c.paced.Reset(wait)
	}
	select {
	case <-c.paced.C:
		return true
	case <-c.closed:
		c.paced.Stop()
		return false
	}
}

// pacePing takes a token of the peer's rate for a ping it sent, before it
// is answered: a ping costs the server a write, as a packet may, and a
// peer's pings are read from no faster than its packets. Once the
// connection is closing, the goroutine that sends the close frame may be
// the one reading: a ping then goes unanswered, and the rate untouched.
func (c *conn) pacePing() bool {
	select {
	case <-c.closed:
		return false
	default:
		return c.pace()
	}
}

// decode decodes an argument into v with the connection's Decoder: a
// fresh one for each argument (gdvar.Unmarshal) would cost about 1 KiB,
// more than most arguments' bytes. The argument is one whole value
// (readArg found its end), so there is nothing after it to check.
func (c *conn) decode(arg []byte, v any, opts []gdvar.Option) error {
	c.dec.ResetBytes(arg, opts...)
	err := c.dec.Decode(v)
	if de, ok := errors.AsType[*gdvar.DecodeError](err); ok && errors.Is(de.Reason, gdvar.ErrInterrupted) {
		return de.Err // as Unmarshal: the cause, not the interruption
	}
	return err
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
		ends := c.ends[:0]
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
		c.ends = ends
	}
	c.argBuf, c.args = buf, args
	return args, nil
}

// join makes c a peer, or a pending one if this side authenticates (m.mu
// held). It fails once m is closed.
func (m *Multiplayer) join(c *conn) error {
	if m.closed {
		return ErrClosed
	}
	m.conns[c.id] = c
	if !m.holdForAuth(c) {
		m.admit(c)
	}
	m.wg.Add(1)
	return nil
}

// announce tells, on a server that relays, the other clients of a new one
// and it of them (ADD_PEER; m.mu held).
func (m *Multiplayer) announce(c *conn) {
	if m.id != ServerID || !m.cfg.relay {
		return
	}
	for id, other := range m.conns {
		if id != c.id && other.auth == nil {
			other.send(appendSys(nil, sysAddPeer, c.id), false, reliably)
			c.send(appendSys(nil, sysAddPeer, id), false, reliably)
		}
	}
}

// run serves a connection that joined: OnPeerConnected, then its packets
// until it ends, then OnPeerDisconnected.
func (c *conn) run() {
	m := c.m
	if c.ep != nil {
		c.runENet()
		return
	}
	go func() {
		defer m.wg.Done()
		var helpers sync.WaitGroup
		helpers.Go(c.write)
		helpers.Go(c.keepAlive)
		helpers.Go(func() { // Close, or the end of the connection, sends the close frame
			select {
			case <-m.closing:
				c.close(nil)
			case <-c.closed:
			}
			why := c.why()
			if errors.Is(why, ErrSlowPeer) || errors.Is(why, ErrIdle) || errors.Is(why, ErrReadTimeout) {
				// Their timers close the socket: a close handshake would wait
				// for a peer that is gone or stalled, and hold up their
				// CloseNow, which waits for it (up to seconds).
				c.ws.CloseNow()
				return
			}
			status := websocket.StatusNormalClosure
			if errors.Is(why, ErrTooManyPeers) {
				status = websocket.StatusPolicyViolation
			}
			c.ws.Close(status, "")
		})
		c.started()
		c.read()
		helpers.Wait() // the writer's cause too is known
		c.ended()
	}()
}

// leave forgets a peer whose connection ended: a server that relays tells
// the other clients (DEL_PEER). A pending peer's end is a failed
// authentication.
func (m *Multiplayer) leave(c *conn) {
	m.mu.Lock()
	delete(m.conns, c.id)
	m.forget(c.id)
	pending := c.auth != nil
	if pending {
		c.auth.timer.Stop()
	}
	var gone []PeerID
	if m.id == ServerID {
		if m.cfg.relay && !pending {
			pkt := appendSys(nil, sysDelPeer, c.id)
			for _, other := range m.conns {
				if other.auth == nil {
					other.send(pkt, false, reliably)
				}
			}
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
	if pending {
		fn = m.onAuthFailed
	}
	m.mu.Unlock()
	if cause := c.why(); !normalEnd(cause) {
		m.report(c.id, fmt.Errorf("%w: %w", ErrDisconnected, cause))
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
// close frame, which a write to it may be the first to find: EPIPE).
func normalEnd(cause error) bool {
	switch websocket.CloseStatus(cause) {
	case websocket.StatusNormalClosure, websocket.StatusGoingAway:
		return true
	}
	return cause == nil || errors.Is(cause, io.EOF) || errors.Is(cause, syscall.ECONNRESET) || errors.Is(cause, syscall.EPIPE) || errors.Is(cause, net.ErrClosed)
}

// ServeHTTP accepts a Godot client (WebSocketMultiplayerPeer.create_client)
// on a WebSocket upgrade: it gives it a peer id, tells it and the other
// clients about each other (ADD_PEER) and serves it until it leaves. Use
// it to put the server behind a path of an http.Server of your own; Serve
// does the rest for a plain one, whose timeouts (ReadHeaderTimeout,
// IdleTimeout) are then yours to set. Cross-origin upgrades (a web export
// served from another origin) are refused unless the handler is wrapped by
// one that allows them.
func (m *Multiplayer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if m.cfg.err != nil {
		http.Error(w, m.cfg.err.Error(), http.StatusInternalServerError)
		return
	}
	id, status := m.reserve()
	if status != 0 {
		http.Error(w, http.StatusText(status), status)
		return
	}
	defer m.release(id)
	var c *conn // set before anything is read
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled,
		OnPingReceived: func(ctx context.Context, p []byte) bool { return c.onPing(ctx, p) },
		OnPongReceived: func(ctx context.Context, p []byte) { c.onPong(ctx, p) }})
	if err != nil {
		return // Accept has answered
	}
	ctx, cancel := context.WithTimeout(context.Background(), handshakeTimeout)
	err = ws.Write(ctx, websocket.MessageBinary, binary.LittleEndian.AppendUint32(nil, uint32(id)))
	cancel()
	if err != nil {
		m.report(id, fmt.Errorf("%w: %w: %w: sending %s its peer id", ErrDisconnected, ErrHandshake, err, r.RemoteAddr))
	}
	c = m.newConn(ws, id)
	m.mu.Lock()
	if err == nil {
		err = m.join(c)
	}
	m.mu.Unlock()
	if err != nil {
		ws.CloseNow()
		return
	}
	c.run()
}

// reserve makes this side a server if it is none yet and gives a client
// being accepted a peer id and a place among WithMaxPeers; status, if not
// 0, is the HTTP status that refuses it.
func (m *Multiplayer) reserve() (PeerID, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch err := m.claim(true); {
	case err == ErrClosed:
		return 0, http.StatusServiceUnavailable
	case err != nil:
		return 0, http.StatusConflict
	case len(m.conns)+len(m.pending) >= m.cfg.maxPeers:
		return 0, http.StatusServiceUnavailable
	}
	for {
		if id := randomID(); m.conns[id] == nil && !m.pending[id] {
			m.pending[id] = true
			return id, 0
		}
	}
}

// release ends a reservation, kept or not.
func (m *Multiplayer) release(id PeerID) {
	m.mu.Lock()
	delete(m.pending, id)
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
	// A connection has the handshake's time to send its request, and,
	// when it is not an upgrade, to send the next; the upgrade clears
	// these deadlines.
	srv := &http.Server{Handler: m, ReadTimeout: handshakeTimeout, WriteTimeout: handshakeTimeout,
		IdleTimeout: handshakeTimeout, ConnState: newHTTPConns(m).state}
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	var err error
	select {
	case err = <-failed:
	case <-ctx.Done():
	case <-m.closing:
	}
	srv.Close()
	m.Close()
	<-m.done
	if err == nil {
		<-failed
	}
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

// start makes m a server (server set) or starts to connect it as a
// client, unless an option was invalid or claim refuses.
func (m *Multiplayer) start(server bool) error {
	if m.cfg.err != nil {
		return m.cfg.err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.claim(server)
}

// connected ends a client's connecting, however it went.
func (m *Multiplayer) connected() {
	m.mu.Lock()
	m.connecting = false
	m.mu.Unlock()
}

// claim makes m a server (server set) or starts to connect it as a client,
// with m.mu held: refused when m is closed (ErrClosed), or when it is, or
// is becoming, the other, or a client already.
func (m *Multiplayer) claim(server bool) error {
	switch {
	case m.closed:
		return ErrClosed
	case m.connecting || m.id != 0 && !(server && m.id == ServerID):
		return errors.New("multiplayer: already connected as a client, or connecting, or serving")
	case server:
		m.id = ServerID
	default:
		m.connecting = true
	}
	return nil
}

// Connect connects to a Godot server (WebSocketMultiplayerPeer's
// create_server) at url ("ws://host:port"), as create_client does. It
// returns once the server has given this side its peer id, which it
// waits for 3 s at most (then ErrHandshake); the connection then runs
// until the server closes it or Close is called. ctx bounds the
// connecting only.
func (m *Multiplayer) Connect(ctx context.Context, url string) error {
	if err := m.start(false); err != nil {
		return err
	}
	defer m.connected()
	return m.connect(ctx, url)
}

func (m *Multiplayer) connect(ctx context.Context, url string) error {
	var c *conn // set before anything is read
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{CompressionMode: websocket.CompressionDisabled,
		OnPingReceived: func(ctx context.Context, p []byte) bool { return c.onPing(ctx, p) },
		OnPongReceived: func(ctx context.Context, p []byte) { c.onPong(ctx, p) }})
	if err != nil {
		return err
	}
	c = m.newConn(ws, ServerID)
	idCtx, cancel := context.WithTimeout(ctx, handshakeTimeout)
	_, b, err := ws.Read(idCtx)
	cancel()
	if err != nil {
		err = fmt.Errorf("%w: no peer id from the server: %w", ErrHandshake, err)
	} else if len(b) != 4 || int32(binary.LittleEndian.Uint32(b)) < 2 {
		err = fmt.Errorf("%w: the server's first message is % x, not a peer id", ErrMalformed, b)
	}
	m.mu.Lock()
	if err == nil {
		if err = m.join(c); err == nil {
			m.id = PeerID(binary.LittleEndian.Uint32(b))
		}
	}
	m.mu.Unlock()
	if err != nil {
		ws.CloseNow()
		return err
	}
	c.run()
	return nil
}
