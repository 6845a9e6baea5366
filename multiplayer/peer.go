package multiplayer

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/wsframe"
)

// A connection (conn) is what this side knows of one peer whatever carries
// its packets: its id, its rate, its admission, the arguments of its call
// being handled, and why the connection is closing. Its transport carries
// the packets: a WebSocket (wsLink, websocket_link.go) or an ENet peer
// (enetLink, enet_link.go). What comes of the packets is the business of
// the parts above the transport (upper).

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

// upper is what a connection hands to the parts above the transport: the
// Multiplayer's (New sets it). Each is called on the connection's
// goroutine, holding c.calls and no lock: one at a time for a peer.
type upper interface {
	// started starts a peer whose goroutine starts, before its packets.
	started(c *conn)
	// route hands a packet of the peer's to the part it is for, as how
	// says it travelled (router.go).
	route(c *conn, b []byte, how delivery) error
	// ended forgets a peer whose connection ended.
	ended(c *conn)
}

// conn is one peer's connection: a client of the server, or the server of
// a client.
type conn struct {
	m    *peerLayer // the Multiplayer's transport and peers
	id   PeerID
	link transport

	mu     sync.Mutex
	cause  error         // why the connection is closing
	closed chan struct{} // closed by close

	// The handling's own, one packet at a time (the reading goroutine's,
	// over ENet the host's reader's too): the rate bucket, and the
	// arguments of the call being handled.
	tokens float64
	last   time.Time
	paced  *time.Timer // the wait of a peer over its rate
	args   argDecoder

	admitted bool // the handling saw the peer admitted (authLayer.handle)

	errs errorRuns             // the runs of the peer's errors (see WithErrorInterval)
	full atomic.Pointer[error] // see queueFull

	authenticating bool   // held pending: not a peer others see yet (under m.mu)
	added          []byte // the ADD_PEER telling of it (announced, under m.mu)
	shown          bool   // announced to the other clients (under m.mu)
	// quiet says a WebSocket client has not been heard from since it
	// joined: no frame yet, not even the answer to the ping sent with its
	// id. It is announced to no other client, nor they to it, until it is
	// (peerLayer.spoke): a thousand peers that upgrade and say nothing
	// cost no n² announcements, which they might not even read.
	quiet    atomic.Bool
	addr     netip.Prefix // what WithMaxPeersPerAddress counts it as (joinbudget.go)
	calls    sync.Mutex   // see started
	greeting atomic.Bool  // admitted, OnPeerConnected yet to be called

	counts connCounts // what Stats adds up
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
	c.counts.sent[packetKind(pkt)].Add(1)
	return c.link.enqueue(pkt, own, how, serial)
}

// packetKind returns the kind of packet pkt carries, as its command's low bits
// tell: a relay's, its inner packet's.
func packetKind(pkt []byte) byte {
	if pkt[0]&cmdMask == cmdSys && len(pkt) > sysSize && pkt[1] == sysRelay {
		return pkt[sysSize] & cmdMask
	}
	return pkt[0] & cmdMask
}

// queueFull returns the error of a packet to the peer that did not fit
// its send queue (ErrQueueFull), made once: a flood of packets dropped,
// a client's relays to a peer that does not read, costs no error each.
func (c *conn) queueFull() error {
	if err := c.full.Load(); err != nil {
		return *err
	}
	err := fmt.Errorf("%w: to peer %d", ErrQueueFull, c.id)
	c.full.Store(&err) // one made by another meanwhile is the same
	return err
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
func (c *conn) pace() bool { return c.paceN(1) }

// paceN is pace for n tokens at once, the pings of one read of a
// WebSocket (wsSocket.answer): the debt the wait pays is n tokens at most.
func (c *conn) paceN(n int) bool {
	if c.id == ServerID {
		return true
	}
	c.tokens = c.refill(c.m.cfg.burst) - float64(n)
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

// paceAnswer reports whether the latest of n pings of the peer's, read
// together, is to be answered (RFC 6455, 5.5.3, lets a pong answer the
// latest of the pings not yet answered), taking tokens of its rate bucket
// if so. A client's pings are paced as its packets are (paceN), a token
// each: answered, late if need be. A server's, which a client cannot hold
// back (see pace), are answered at most one a window of 1/rate (a bucket
// of one token), the others dropped with no wait: an answer costs a write
// and, masked, is 4 bytes larger than its ping (3 times an empty one),
// where a ping dropped costs its reading alone. A server's heartbeat
// (Godot's heartbeat_interval, this package's pings of a silent peer)
// comes far slower than the rate, and is answered.
func (c *conn) paceAnswer(n int) bool {
	if c.id != ServerID {
		return c.paceN(n)
	}
	if c.earned(1) < 1 { // a flood's pings read the clock once a read, and change nothing
		return false
	}
	c.tokens = c.refill(1) - 1
	return true
}

// refill adds to the rate bucket the tokens earned since it was last
// looked at, up to burst, and returns them. It reads the monotonic clock
// alone, as earned does (c.last moves on by the time elapsed): time.Now
// would read the wall clock too, at every packet.
func (c *conn) refill(burst int) float64 {
	elapsed := time.Since(c.last)
	c.last = c.last.Add(elapsed)
	c.tokens = min(float64(burst), c.tokens+elapsed.Seconds()*c.m.cfg.rate)
	return c.tokens
}

// earned returns the tokens refill would make the bucket's, without
// taking them: it reads the monotonic clock alone (time.Since), where
// time.Now reads the wall clock too.
func (c *conn) earned(burst int) float64 {
	return min(float64(burst), c.tokens+time.Since(c.last).Seconds()*c.m.cfg.rate)
}

// withinRate reports whether pace would take a token without waiting:
// its packet may be handled where waiting would hold others up.
func (c *conn) withinRate() bool { return c.within(1) }

// within reports whether paceN would take n tokens without waiting.
func (c *conn) within(n int) bool {
	return c.id == ServerID || c.tokens >= float64(n) || c.earned(c.m.cfg.burst) >= float64(n) // the clock only when it may matter
}

// The connection's goroutine runs each of its steps (its start, a packet,
// its end) holding c.calls, and so does an admission's OnPeerConnected:
// one callback at a time for a peer, and none of its packets handled
// before it is greeted.

// started starts the peer above (OnPeerAuthenticating for a pending one),
// as its connection's goroutine starts, then greets an admitted one.
func (c *conn) started() {
	c.calls.Lock()
	c.m.up.started(c)
	c.calls.Unlock()
	c.greetSoon()
}

// deliver hands a packet of the peer's up, one at a time, then greets
// the peer if it was admitted meanwhile.
func (c *conn) deliver(b []byte, how delivery) {
	c.calls.Lock()
	err := c.m.up.route(c, b, how)
	c.calls.Unlock()
	if err != nil {
		c.report(err)
	}
	c.greetSoon()
}

// report passes an error of the peer's to OnError, or counts it, if one
// of its kind came from the peer less than WithErrorInterval ago.
func (c *conn) report(err error) { c.m.errs.report(&c.errs, c.id, err) }

// ended forgets the peer, once any admission of it has been greeted.
func (c *conn) ended() {
	c.calls.Lock()
	defer c.calls.Unlock()
	c.greet()
	c.m.up.ended(c)
}

// greetSoon calls OnPeerConnected for an admission, unless c.calls is
// held, whose holder then does. Its flag is set before the lock is tried,
// and the holder looks at it after letting go: one of them sees both.
func (c *conn) greetSoon() {
	for c.greeting.Load() && c.calls.TryLock() {
		c.greet()
		c.calls.Unlock()
	}
}

// greet calls OnPeerConnected, if an admission is yet to be greeted
// (c.calls held).
func (c *conn) greet() {
	if !c.greeting.Swap(false) {
		return
	}
	c.m.mu.Lock()
	fn := c.m.onConnect
	c.m.mu.Unlock()
	c.m.logs.joined(c)
	if fn != nil {
		fn(c.id)
	}
}

// timedOut reports whether a connection ended as its peer fell silent, or
// read or sent too slowly.
func timedOut(cause error) bool {
	for _, k := range [...]error{ErrIdle, ErrReadTimeout, ErrSlowPeer, enet.ErrTimeout, os.ErrDeadlineExceeded} {
		if errors.Is(cause, k) {
			return true
		}
	}
	return false
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
	return cause == nil || cause == errDraining || errors.Is(cause, io.EOF) || errors.Is(cause, syscall.ECONNRESET) || errors.Is(cause, syscall.EPIPE) || errors.Is(cause, net.ErrClosed)
}
