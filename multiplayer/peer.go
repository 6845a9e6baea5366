package multiplayer

import (
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/wsframe"
)

// A connection (conn) is what this side knows of one peer whatever carries
// its packets: its id, its rate, the arguments of its call being handled,
// its admission, and why the connection is closing. Its transport carries
// the packets: a WebSocket (wsLink, websocket_link.go) or an ENet peer
// (enetLink, enet_link.go).

// transport carries a connection's packets.
type transport interface {
	// enqueue sends or queues a packet no larger than the packet limit, as
	// how says: ErrQueueFull if it does not fit the send queue. serial, if
	// not 0, numbers the packet it replies to (see conn.sendFor).
	enqueue(pkt []byte, own bool, how delivery, serial uint64) error
	// serial numbers the packet being handled (on the reading goroutine),
	// or is 0 where replies to it are not held until its handler returns.
	serial() uint64
	// serve runs the connection, on the goroutine run starts: it calls
	// c.started, paces and handles the peer's packets until the
	// connection ends, and returns once its own goroutines have ended.
	serve()
	// hangUp is called once, as the connection starts closing.
	hangUp()
}

// conn is one peer's connection: a client of the server, or the server of
// a client.
type conn struct {
	m    *Multiplayer
	id   PeerID
	link transport

	mu     sync.Mutex
	cause  error         // why the connection is closing
	closed chan struct{} // closed by close

	// The handling's own, one packet at a time (the reading goroutine's,
	// over ENet the host's reader's too): the rate bucket, the arguments
	// of the call being handled, the strings kept (decodeString).
	tokens float64
	last   time.Time
	paced  *time.Timer // the wait of a peer over its rate
	dec    gdvar.Decoder
	argBuf []byte
	args   [][]byte
	ends   []int // where each argument starts and ends in argBuf
	strs   map[string]any

	admitted bool // handleAuth saw the peer admitted (the reading goroutine's own)

	auth     *authState  // while the peer is pending (under m.mu)
	added    []byte      // the ADD_PEER telling of it (announced, under m.mu)
	calls    sync.Mutex  // see started
	greeting atomic.Bool // admitted, OnPeerConnected yet to be called
}

// newConn returns a connection to peer id, with a full rate bucket, for
// its transport to be set.
func (m *Multiplayer) newConn(id PeerID) *conn {
	return &conn{m: m, id: id, closed: make(chan struct{}), tokens: float64(m.cfg.burst), last: time.Now()}
}

// send queues a packet. A packet that would make the queue cost more than
// the send queue is dropped, as the engine drops what does not fit its
// outbound buffer; the peer's connection goes on. An empty queue takes any
// packet within the packet limit, which its cost (queueCost) may put
// beyond the send queue. own says pkt is a buffer of packetBuf's, which
// nothing else refers to.
func (c *conn) send(pkt []byte, own bool, how delivery) error { return c.sendFor(pkt, own, how, 0) }

// sendFor is send for a reply to the packet numbered serial (0: none). If
// that packet is still being handled, the transport may leave the reply
// for the reading goroutine to write once the handler returns: one handoff
// less per call answered, and a peer that does not read its replies holds
// up its own calls, not the others'.
func (c *conn) sendFor(pkt []byte, own bool, how delivery, serial uint64) error {
	if len(pkt) > c.m.cfg.maxPacket {
		return fmt.Errorf("%w: a packet of %d bytes to peer %d", ErrTooLarge, len(pkt), c.id)
	}
	return c.link.enqueue(pkt, own, how, serial)
}

// close starts closing the connection, with cause (nil: closed here, as
// asked), and tells the transport once. Of the causes the goroutines see,
// a failure is kept over a normal end: a write that timed out closes the
// socket under the reader, which sees it closed.
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
	if first {
		c.link.hangUp()
	}
}

// why returns why the connection is closing.
func (c *conn) why() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cause
}

// run serves a connection that joined: OnPeerConnected, then its packets
// until it ends, then OnPeerDisconnected.
func (c *conn) run() {
	go func() {
		defer c.m.wg.Done()
		c.link.serve()
		c.ended()
	}()
}

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

// withinRate reports whether pace would take a token without waiting:
// its packet may be handled where waiting would hold others up.
func (c *conn) withinRate() bool {
	if c.id == ServerID || c.tokens >= 1 { // the clock only when it may matter
		return true
	}
	return min(float64(c.m.cfg.burst), c.tokens+time.Since(c.last).Seconds()*c.m.cfg.rate) >= 1
}

// decode decodes an argument into v with the connection's Decoder: a
// fresh one for each argument (gdvar.Unmarshal) would cost about 1 KiB,
// more than most arguments' bytes. The argument is one whole value
// (readArg found its end), so there is nothing after it to check.
func (c *conn) decode(arg []byte, v any, codec *gdvar.Codec) error {
	codec.ResetDecoderBytes(&c.dec, arg)
	err := c.dec.Decode(v)
	if de, ok := errors.AsType[*gdvar.DecodeError](err); ok && errors.Is(de.Reason, gdvar.ErrInterrupted) {
		return de.Err // as Unmarshal: the cause, not the interruption
	}
	return err
}

// decodeArgs returns a call's arguments, each as var_to_bytes encodes it,
// in buffers of the connection's that the next call reuses.
func (c *conn) decodeArgs(call remoteCall, codec *gdvar.Codec) ([][]byte, error) {
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
			if buf, n, err = readArg(&c.dec, buf, rest, codec); err != nil {
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
// and it of them (ADD_PEER; m.mu held). The packet telling of a peer is
// made once and queued for every other: n peers joining cost n packets,
// where they cost n² allocations, most of an idle server's garbage.
func (m *Multiplayer) announce(c *conn) {
	if m.id != ServerID || !m.cfg.relay {
		return
	}
	for id, other := range m.conns {
		if id != c.id && other.auth == nil {
			other.send(c.announced(), false, announcing)
			c.send(other.announced(), false, announcing)
		}
	}
}

// announced returns the ADD_PEER telling of c (m.mu held).
func (c *conn) announced() []byte {
	if c.added == nil {
		c.added = appendSys(nil, sysAddPeer, c.id)
	}
	return c.added
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
					other.send(pkt, false, announcing)
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
// close frame, which a write to it may be the first to find: EPIPE). An
// ENet peer's end is io.EOF (see enetLink.serve).
func normalEnd(cause error) bool {
	switch wsframe.CodeOf(cause) {
	case wsframe.CloseNormal, wsframe.CloseGoingAway:
		return true
	}
	return cause == nil || errors.Is(cause, io.EOF) || errors.Is(cause, syscall.ECONNRESET) || errors.Is(cause, syscall.EPIPE) || errors.Is(cause, net.ErrClosed)
}
