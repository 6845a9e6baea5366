package multiplayer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// wsLink is a connection's transport over a WebSocket: the packets queued
// for the peer and the goroutine that writes them, the goroutine that
// reads the peer's, and the keep-alive that drops a silent peer.
type wsLink struct {
	c     *conn
	ws    *websocket.Conn
	batch *batchWriter // ws's socket, on a server: nil on a client

	mu     sync.Mutex
	queue  packetQueue // packets waiting to be written
	queued int64       // their cost (queueCost)
	wake   chan struct{}

	// Replies are written by the reading goroutine once their call's
	// handler returns, sparing the handoff to the writing goroutine (see
	// conn.sendFor). current numbers the packet being handled, from 1;
	// replied says a reply to it waits in the queue (both under mu,
	// current written by the reading goroutine alone). wmu is held by
	// whichever goroutine writes to ws, slow is its write timeout.
	current uint64
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
}

// newWSLink returns the transport of a new connection to peer id over ws.
func (m *Multiplayer) newWSLink(ws *websocket.Conn, id PeerID) *wsLink {
	ws.SetReadLimit(int64(m.cfg.maxPacket))
	c := m.newConn(id)
	l := &wsLink{c: c, ws: ws, wake: make(chan struct{}, 1), current: 1}
	c.link = l
	// One timer for every write (a context with a deadline would cost two
	// timers a packet): when it fires, the packet took too long.
	l.slow = time.AfterFunc(m.cfg.writeTimeout, func() { c.close(ErrSlowPeer); ws.CloseNow() })
	l.slow.Stop()
	l.hear()
	return l
}

// hear notes that the peer was heard from now.
func (l *wsLink) hear() { l.heard.Store(time.Now().UnixNano()) }

// enqueue queues a packet, unless it does not fit the send queue. A reply
// to the packet being handled does not wake the writing goroutine (see
// handled).
func (l *wsLink) enqueue(pkt []byte, own bool, _ delivery, serial uint64) error {
	l.mu.Lock()
	full := l.queued > 0 && l.queued+queueCost(pkt) > int64(l.c.m.cfg.sendQueue)
	later := false
	if !full {
		l.queue.push(pkt, own)
		l.queued += queueCost(pkt)
		later = serial != 0 && serial == l.current
		l.replied = l.replied || later
	}
	l.mu.Unlock()
	if full {
		return fmt.Errorf("%w: to peer %d", ErrQueueFull, l.c.id)
	}
	if !later {
		l.wakeWriter()
	}
	return nil
}

func (l *wsLink) serial() uint64 { return l.current }

// hangUp leaves the close frame to serve's goroutine, which waits for the
// connection to close.
func (l *wsLink) hangUp() {}

// serve runs the writing goroutine, the keep-alive and the one that sends
// the close frame (on Close, or the end of the connection) beside the
// reading one.
func (l *wsLink) serve() {
	c := l.c
	var helpers sync.WaitGroup
	helpers.Go(l.write)
	helpers.Go(l.keepAlive)
	helpers.Go(func() {
		select {
		case <-c.m.closing:
			c.close(nil)
		case <-c.closed:
		}
		why := c.why()
		if errors.Is(why, ErrSlowPeer) || errors.Is(why, ErrIdle) || errors.Is(why, ErrReadTimeout) {
			// Their timers close the socket: a close handshake would wait
			// for a peer that is gone or stalled, and hold up their
			// CloseNow, which waits for it (up to seconds).
			l.ws.CloseNow()
			return
		}
		status := websocket.StatusNormalClosure
		if errors.Is(why, ErrTooManyPeers) {
			status = websocket.StatusPolicyViolation
		}
		l.ws.Close(status, "")
	})
	c.started()
	l.read()
	helpers.Wait() // the writer's cause too is known
}

// wakeWriter tells the writing goroutine that packets are queued.
func (l *wsLink) wakeWriter() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// handled ends the handling of a packet, on the reading goroutine: the
// replies to it are written here, unless the writing goroutine is at work,
// which then writes them.
func (l *wsLink) handled() {
	l.mu.Lock()
	l.current++
	replied := l.replied
	l.replied = false
	l.mu.Unlock()
	if !replied {
		return
	}
	if !l.wmu.TryLock() {
		l.wakeWriter()
		return
	}
	err := l.writeQueued()
	l.wmu.Unlock()
	if err != nil {
		l.c.close(err)
	}
}

// write sends the queued packets until the connection closes. A packet
// that takes longer than the write timeout closes the connection.
func (l *wsLink) write() {
	for {
		select {
		case <-l.c.closed:
			return
		case <-l.wake:
		}
		l.wmu.Lock()
		err := l.writeQueued()
		l.wmu.Unlock()
		if err != nil {
			l.c.close(err)
			return
		}
	}
}

// writeQueued writes the packets queued (l.wmu held), on a server in
// one write(2) (see batchWriter).
func (l *wsLink) writeQueued() error {
	l.mu.Lock()
	b := l.queue.take()
	l.mu.Unlock()
	if b == nil {
		return nil
	}
	if l.batch == nil {
		return l.writeBlocks(b)
	}
	l.batch.hold()
	err := l.writeBlocks(b)
	l.slow.Reset(l.c.m.cfg.writeTimeout)
	if flushed := l.batch.release(); err == nil {
		err = flushed
	}
	if !l.slow.Stop() {
		err = ErrSlowPeer
	}
	return err
}

// writeBlocks writes the packets of b and the blocks it links to.
func (l *wsLink) writeBlocks(b *block) error {
	for ; b != nil; b = release(b) {
		for _, pkt := range b.pkts[:b.n] {
			l.slow.Reset(l.c.m.cfg.writeTimeout)
			err := l.ws.Write(context.Background(), websocket.MessageBinary, pkt)
			if !l.slow.Stop() {
				err = ErrSlowPeer
			}
			l.mu.Lock()
			l.queued -= queueCost(pkt)
			l.mu.Unlock()
			if err != nil {
				return err
			}
			l.wrote.Add(1)
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
func (l *wsLink) read() {
	c := l.c
	late := time.AfterFunc(c.m.cfg.readTimeout, func() { c.close(ErrReadTimeout); l.ws.CloseNow() })
	late.Stop()
	var buf bytes.Buffer
	for {
		_, r, err := l.ws.Reader(context.Background())
		if err == nil {
			l.busy.Store(true) // the read timeout bounds the rest
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
		l.hear()
		if !c.pace() {
			return
		}
		c.handle(b, reliably)
		l.handled()
		l.hear()
		l.busy.Store(false)
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
func (l *wsLink) keepAlive() {
	c := l.c
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
		silent := time.Since(time.Unix(0, l.heard.Load()))
		if silent >= idle && !l.busy.Load() {
			c.close(ErrIdle)
			l.ws.CloseNow()
			return
		}
		if w := l.wrote.Load(); w == wrote || silent >= idle/4 {
			pings.Go(func() {
				ctx, cancel := context.WithTimeout(context.Background(), idle)
				l.ws.Ping(ctx) // the answer is heard by onPong, however late
				cancel()
			})
		}
		wrote = l.wrote.Load()
	}
}

// onPing and onPong are the WebSocket's callbacks for the peer's pings
// and answers, which are heard from it. A ping is answered only once the
// rate lets the server read it (pacePing).
func (l *wsLink) onPing(context.Context, []byte) bool {
	if !l.pacePing() {
		return false
	}
	l.hear()
	return true
}

func (l *wsLink) onPong(context.Context, []byte) { l.hear() }

// pacePing takes a token of the peer's rate for a ping it sent, before it
// is answered: a ping costs the server a write, as a packet may, and a
// peer's pings are read from no faster than its packets. Once the
// connection is closing, the goroutine that sends the close frame may be
// the one reading: a ping then goes unanswered, and the rate untouched.
func (l *wsLink) pacePing() bool {
	select {
	case <-l.c.closed:
		return false
	default:
		return l.c.pace()
	}
}
