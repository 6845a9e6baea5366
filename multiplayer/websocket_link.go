package multiplayer

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/internal/wsframe"
)

// wsLink is a connection's transport over a WebSocket: the goroutine that
// reads the peer's packets, the packets queued for the peer and a goroutine
// that writes them while there are any, the keep-alive that drops a silent
// peer (a timer), and a goroutine that sends the close frame once the
// connection closes. An idle peer costs one goroutine, the reading one.
type wsLink struct {
	c    *conn
	sock *wsSocket // set before it is served

	mu       sync.Mutex
	queue    packetQueue   // packets waiting to be written
	queued   int64         // their cost (queueCost)
	writing  bool          // a writing goroutine runs
	gathered bool          // the queue holds relays for the gather's window (wsGather)
	writeFn  func()        // write, made once: a go statement of it allocates nothing
	wake     chan struct{} // packets are queued for the writing goroutine
	linger   *time.Timer   // how long the writing goroutine waits for more
	over     bool          // serve is ending: no writing or pinging goroutine starts
	workers  sync.WaitGroup

	// The keep-alive's timer, the count of packets written when it last
	// fired (under mu), and what the goroutine sending the close frame
	// closes when it is done.
	alive     *time.Timer
	wroteThen uint64
	hungUp    chan struct{}

	// Replies are written by the reading goroutine once their call's
	// handler returns, sparing the handoff to the writing goroutine (see
	// conn.sendFor). current numbers the packet being handled, from 1;
	// replied says a reply to it waits in the queue (both under mu,
	// current written by the reading goroutine alone). wmu is held by
	// whichever goroutine writes to the socket.
	current uint64
	replied bool
	wmu     sync.Mutex

	// When the peer was last heard from (a packet, a ping, an answer to a
	// ping, in nanoseconds since linkEpoch), whether a packet of it is being received,
	// paced or handled, which keeps its pings and answers unread meanwhile,
	// and how many packets were written to it.
	heard atomic.Int64
	busy  atomic.Bool
	wrote atomic.Uint64
}

// newWSLink returns the transport of a new connection to peer id, whose
// socket is set before it is served.
func (m *peerLayer) newWSLink(id PeerID) *wsLink {
	c := m.newConn(id)
	l := &wsLink{c: c, current: 1, hungUp: make(chan struct{}), wake: make(chan struct{}, 1)}
	c.link = l
	l.writeFn = l.write
	l.alive = time.AfterFunc(m.cfg.idleTimeout/4, l.keepAlive) // set before it runs
	l.alive.Stop()
	l.hear()
	return l
}

// slowTimer returns the socket's write timeout, stopped: one timer for
// every write (a context with a deadline would cost two timers a packet).
// When it fires, a write took too long.
func (l *wsLink) slowTimer() *time.Timer {
	t := time.AfterFunc(l.c.m.cfg.writeTimeout, func() { l.c.close(ErrSlowPeer); l.sock.closeNow() })
	t.Stop()
	return t
}

// linkEpoch is the time links note their peers were heard from since:
// time.Since reads the monotonic clock alone, where time.Now, at every
// packet, would read the wall clock too.
var linkEpoch = time.Now()

// hear notes that the peer was heard from now.
func (l *wsLink) hear() { l.heard.Store(int64(time.Since(linkEpoch))) }

// spoke announces a quiet client at its first frame (peerLayer.spoke): a
// load of an atomic a frame after that.
func (l *wsLink) spoke() {
	if l.c.quiet.Load() {
		l.c.m.spoke(l.c)
	}
}

// enqueue queues a packet, unless it does not fit the send queue. A reply
// to the packet being handled does not start the writing goroutine (see
// handled); an announcement or a relay (how.now) is written now if it can
// be, whether or not the writing goroutine runs.
func (l *wsLink) enqueue(pkt []byte, own bool, how delivery, serial uint64) error {
	g := l.c.m.gather
	l.mu.Lock()
	full := l.queued > 0 && l.queued+queueCost(pkt) > int64(l.c.m.cfg.sendQueue)
	start, later, held := false, false, false
	if !full {
		l.queue.push(pkt, own)
		l.queued += queueCost(pkt)
		later = serial != 0 && serial == l.current
		l.replied = l.replied || later
		switch {
		case how.later && g.holds():
			held = !l.gathered
			l.gathered = true
			later = true // written when the window ends
		case !later:
			start = l.claimWriter()
		}
	}
	l.mu.Unlock()
	if full {
		return l.c.queueFull()
	}
	switch {
	case held:
		g.add(l)
	case start && !(how.now && l.writeNow(true)):
		go l.writeFn()
	case !start && !later && !(how.now && l.writeNow(false)):
		l.wakeWriter()
	}
	return nil
}

// writeNow writes the queued packets on the calling goroutine, if the
// socket takes them at once and no other goroutine writes: an idle peer
// told of each peer that joins (ADD_PEER) then costs no writing
// goroutine, whose stack and timer would outlive it, and a relayed packet
// no wake-up of one. claimed says the caller claimed the writing
// (claimWriter), which it gives back if it wrote all. It reports whether
// it wrote them all; if not, the writing goroutine is to start, or be
// woken, and writes the rest. A queue that costs more than
// wsframe.BatchMax is left to the goroutine, as its frames could not be
// held without a write that waits.
func (l *wsLink) writeNow(claimed bool) bool {
	s := l.sock
	if s.Now == nil || !l.wmu.TryLock() {
		return false
	}
	var b *block
	l.mu.Lock()
	if l.queued <= wsframe.BatchMax {
		b = l.queue.take()
	}
	l.mu.Unlock()
	if b == nil {
		l.wmu.Unlock()
		return false
	}
	all, err := s.sendNow(b)
	l.wmu.Unlock()
	if err != nil {
		l.c.close(err)
		if claimed {
			l.workers.Done() // writing stays set: none starts again
		}
		return true
	}
	l.mu.Lock()
	done := all && l.queue.head == nil
	if done && claimed {
		l.writing = false
		l.workers.Done()
	}
	l.mu.Unlock()
	return done
}

// release writes the relays the link held for the gather's window, as
// enqueue writes a relay without one.
func (l *wsLink) release() {
	l.mu.Lock()
	l.gathered = false
	start := l.queue.head != nil && l.claimWriter()
	queued := l.queue.head != nil
	l.mu.Unlock()
	switch {
	case start && !l.writeNow(true):
		go l.writeFn()
	case !start && queued && !l.writeNow(false):
		l.wakeWriter()
	}
}

// wakeWriter tells the writing goroutine, if it waits, that packets are
// queued.
func (l *wsLink) wakeWriter() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// claimWriter reports whether a writing goroutine is to be started: none
// runs, and serve is not ending (l.mu held).
func (l *wsLink) claimWriter() bool {
	if l.writing || l.over {
		return false
	}
	l.writing = true
	l.workers.Add(1)
	return true
}

// startWriter starts the writing goroutine unless it runs.
func (l *wsLink) startWriter() {
	l.mu.Lock()
	start := l.claimWriter()
	l.mu.Unlock()
	if start {
		go l.writeFn()
	} else {
		l.wakeWriter()
	}
}

func (l *wsLink) serial() uint64 { return l.current }

// hangUp sends the close frame, or closes the socket, on a goroutine of
// its own: the reading one goes on reading until the peer's close frame,
// or the socket's end.
func (l *wsLink) hangUp() {
	go func() {
		defer close(l.hungUp)
		why := l.c.why()
		if errors.Is(why, ErrSlowPeer) || errors.Is(why, ErrIdle) || errors.Is(why, ErrReadTimeout) {
			// A close handshake would wait for a peer that is gone or
			// stalled: the socket is closed at once.
			l.sock.closeNow()
			return
		}
		status, reason := wsframe.CloseNormal, ""
		var refused wsframe.CloseError
		switch {
		case errors.Is(why, ErrTooManyPeers):
			status = wsframe.ClosePolicy
		case why == errDraining:
			status, reason = wsframe.CloseGoingAway, drainReason
		case errors.As(why, &refused) && refused.Code != wsframe.CloseNoStatus:
			status = refused.Code // a frame refused, or the peer's close frame
		}
		l.sock.close(status, reason)
	}()
}

// serve reads the peer's packets until the connection ends; Close closes
// it, and the keep-alive's timer runs meanwhile. It returns once the close
// frame is sent and the writing and pinging goroutines have ended: their
// cause is known.
func (l *wsLink) serve() {
	c := l.c
	stop := context.AfterFunc(c.m.closingCtx, func() { c.close(c.m.closeCause()) })
	l.alive.Reset(c.m.cfg.idleTimeout / 4)
	c.started()
	l.read()
	stop()
	l.mu.Lock()
	l.over = true
	l.mu.Unlock()
	l.alive.Stop()
	<-l.hungUp // read ends with close, which hangs up
	l.workers.Wait()
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
		// The writing goroutine holds it: it looks at the queue again
		// once it lets go, or a new one starts.
		l.startWriter()
		return
	}
	err := l.writeQueued()
	l.wmu.Unlock()
	if err != nil {
		l.c.close(err)
	}
}

// writerLinger is how long the writing goroutine waits for more packets
// once the queue is empty before it ends: a peer written to often keeps
// it, instead of starting one for each packet.
const writerLinger = time.Second

// write sends the queued packets until there have been none for
// writerLinger, or the connection closes: startWriter starts it when a
// packet is queued. A packet that takes longer than the write timeout
// closes the connection.
func (l *wsLink) write() {
	defer l.workers.Done()
	if l.linger == nil {
		l.linger = time.NewTimer(writerLinger)
	} else {
		l.linger.Reset(writerLinger)
	}
	for {
		l.wmu.Lock()
		err := l.writeQueued()
		l.wmu.Unlock()
		if err != nil {
			l.c.close(err)
			return // writing stays set: none starts again
		}
		select {
		case <-l.c.closed:
			return
		case <-l.wake:
			l.linger.Reset(writerLinger)
		case <-l.linger.C:
			l.mu.Lock()
			empty := l.queue.head == nil
			if empty {
				l.writing = false
			}
			l.mu.Unlock()
			if empty {
				return
			}
			l.linger.Reset(writerLinger)
		}
	}
}

// writeQueued writes the packets queued (l.wmu held), in one write(2)
// (see wsframe.Writer).
func (l *wsLink) writeQueued() error {
	l.mu.Lock()
	b := l.queue.take()
	l.mu.Unlock()
	return l.sock.send(b)
}

// writeBlocks writes the packets of b and the blocks it links to, each
// with write; a block's packets leave the queue's count together.
func (l *wsLink) writeBlocks(b *block, write func([]byte) error) error {
	for ; b != nil; b = release(b) {
		var cost int64
		var err error
		n, size := 0, 0
		masked := l.sock.Client
		for _, pkt := range b.pkts[:b.n] {
			if err = write(pkt); err != nil {
				break
			}
			cost += queueCost(pkt)
			size += frameSize(len(pkt), masked)
			n++
		}
		l.mu.Lock()
		l.queued -= cost
		l.mu.Unlock()
		l.wrote.Add(uint64(n))
		l.c.counts.framesOut.Add(uint64(n))
		l.c.counts.bytesOut.Add(uint64(size))
		if err != nil {
			return err
		}
	}
	return nil
}

// frameSize returns the size of a message of n bytes in one frame, masked
// (a client's) or not (RFC 6455, 5.2).
func frameSize(n int, masked bool) int {
	size := 2 + n
	switch {
	case n > 0xffff:
		size += 8
	case n > 125:
		size += 2
	}
	if masked {
		size += 4
	}
	return size
}

// keptReadBuf is the largest read buffer a connection keeps for its next
// packet: small packets, the most, reuse it, and a peer that sent a large
// one once does not keep its buffer.
const keptReadBuf = 4 << 10

// read handles the packets that arrive until the connection ends, and
// then drains the socket.
func (l *wsLink) read() {
	c := l.c
	var buf []byte
	for {
		var err error
		buf, err = l.sock.read(buf[:0])
		if err != nil {
			c.close(err)
			return
		}
		c.counts.framesIn.Add(1)
		c.counts.bytesIn.Add(uint64(frameSize(len(buf), !l.sock.Client)))
		if err := l.answerBeforeWait(); err != nil {
			c.close(err)
			return
		}
		if !c.pace() {
			l.sock.drain()
			return
		}
		c.deliver(buf, reliably)
		l.handled()
		l.hear() // once: busy since its frame began, the peer was not silent
		l.busy.Store(false)
		if cap(buf) > keptReadBuf { // not kept while the peer is silent
			buf = nil
		}
	}
}

// keepAlive runs at each quarter of the idle timeout, on the timer's
// goroutine, until the connection closes. It disconnects the peer (ErrIdle)
// once nothing has been heard from it, no packet, ping or answer to a
// ping, for the idle timeout. It pings the peer if the peer has been
// silent, or if nothing was written to it since it last ran. An answer may
// wait behind a backlog of packets, at either end, for longer than the
// timeout; the ping itself tells the peer that this side lives, so that
// two live peers hear each other whatever their backlogs, and one that
// neither reads nor sends is still dropped. A peer whose packet is being
// received, paced or handled is not silent.
func (l *wsLink) keepAlive() {
	idle := l.c.m.cfg.idleTimeout
	silent := time.Since(linkEpoch) - time.Duration(l.heard.Load())
	if silent >= idle && !l.busy.Load() {
		l.c.close(ErrIdle)
		return
	}
	wrote := l.wrote.Load()
	l.mu.Lock()
	over := l.over
	ping := !over && (wrote == l.wroteThen || silent >= idle/4)
	if ping {
		l.workers.Add(1)
	}
	l.wroteThen = wrote
	l.mu.Unlock()
	if over {
		return
	}
	if ping {
		go func() {
			defer l.workers.Done()
			l.sock.ping() // the answer is heard, however late
		}()
	}
	l.alive.Reset(idle / 4)
}

// answerBeforeWait answers the pings read since the last was answered
// (wsSocket.answer), if the packet just read is to wait for the peer's
// rate, their tokens and its own: a ping is answered in time, whatever
// comes after it.
func (l *wsLink) answerBeforeWait() error {
	if n := l.sock.pings; n == 0 || l.c.within(n+1) {
		return nil
	}
	return l.sock.answer()
}

// pacePings takes tokens of the peer's rate for n pings it sent, read
// together, before they are answered (conn.paceAnswer): an answer costs a
// write, as a packet may. A client's pings are read from no faster than
// its packets; a server's beyond the rate go unanswered. Once the
// connection is closing, the goroutine that sends the close frame may be
// the one reading: pings then go unanswered, and the rate untouched.
func (l *wsLink) pacePings(n int) bool {
	select {
	case <-l.c.closed:
		return false
	default:
		return l.c.paceAnswer(n)
	}
}
