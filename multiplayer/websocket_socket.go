package multiplayer

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"time"

	"github.com/gdvar/gdvar/internal/wsframe"
)

// handshakeTimeout is how long a client may take to upgrade, and how long
// a server may take to send the peer id: the engine's handshake_timeout.
const handshakeTimeout = 3 * time.Second

// headConn is a connection whose first bytes were read before it was
// handed over, its reads giving them first: its request's head
// (requestListener), or, once upgraded, what the client sent with its
// request (the WebSocket's first frames, see wsLink.attach).
type headConn struct {
	net.Conn
	head []byte
}

func (c *headConn) Read(p []byte) (int, error) {
	if len(c.head) == 0 {
		return c.Conn.Read(p)
	}
	n := copy(p, c.head)
	c.head = c.head[n:]
	if len(c.head) == 0 {
		c.head = nil // the buffer goes
	}
	return n, nil
}

// wsSocket is a connection's WebSocket, on either side, once its opening
// handshake is done: it reads the peer's frames with a wsframe.Reader,
// whose Peer it is, and writes its own through a wsframe.Writer. An idle
// peer's goroutine waits in the reader's bufio.Reader's fill, and a
// message whose frames are already buffered is copied out with no timer
// set.
type wsSocket struct {
	wsframe.Writer
	frames wsframe.Reader
	l      *wsLink

	// The reading goroutine's own: the socket's reads, and the pings read
	// since the last was answered, with the latest's payload (see answer).
	reads pongFirst
	pings int
	pong  []byte

	mu        sync.Mutex
	peerClose wsframe.CloseCode // the code of the peer's close frame, once read
	refused   bool              // the reading ended with a frame of the peer's refused
	ended     chan struct{}     // the reading has ended
	endOnce   sync.Once
}

// wsReadBuf is the size of the bufio.Reader a socket reads frames from:
// net/http's 4 KiB would be most of an idle peer's memory, and a read of
// it would gather more small packets than a peer sends between two of the
// server's reads.
const wsReadBuf = 512

// wsClientReadBuf is a client's: its one connection brings every other
// peer's packets, relayed, and a read of what waited since the last
// (while the process ran other peers' goroutines, say) takes up to 180
// syncs of a player where 512 bytes took 11.
const wsClientReadBuf = 8 << 10

// closeWait is how long a side that sent its close frame waits for the
// peer's.
const closeWait = 5 * time.Second

// lingerBytes is the most a side that refused a frame reads and drops of
// what the peer goes on sending, for closeWait at most, while the peer
// reads the close frame: about what the peer's socket buffers and a
// message of WithMaxPacketSize hold in flight.
const lingerBytes = 1 << 20

// attach makes the connection of h, whose handshake is done, l's socket;
// client says this side is the client.
func (l *wsLink) attach(h wsframe.Handshake, client bool) *wsSocket {
	cfg := &l.c.m.cfg
	var idle func() // a server's reader, going back to its socket, may end the gather's window
	if g := l.c.m.gather; g != nil && !client {
		idle = g.readEnded
	}
	if tc, ok := h.Conn.(*net.TCPConn); ok && !client && cfg.sendBuffer > 0 {
		// Bounded, what a peer that does not read is sent waits in the
		// queue, counted and dropped past it, not in the kernel.
		tc.SetWriteBuffer(cfg.sendBuffer)
	}
	reads := wsframe.QuietReads(h.Conn, idle)
	if len(h.Buffered) > 0 {
		reads = &headConn{Conn: reads, head: h.Buffered} // the peer's first frames
	}
	s := &wsSocket{l: l, ended: make(chan struct{})}
	l.sock = s
	s.Writer = wsframe.Writer{Conn: h.Conn, Slow: l.slowTimer(), Timeout: cfg.writeTimeout, Now: wsframe.NowSocket(h.Conn), Client: client}
	s.reads = pongFirst{Reader: reads, s: s}
	size := wsReadBuf
	if client {
		size = wsClientReadBuf
		if cfg.pace != nil {
			s.reads.Reader = &pacedReads{Reader: reads, pace: cfg.pace, l: l}
		}
	}
	s.frames = wsframe.Reader{Buf: bufio.NewReaderSize(&s.reads, size), Conn: h.Conn, Limit: int64(cfg.maxPacket),
		Late: cfg.readTimeout, Peer: s, FromServer: client}
	return s
}

// pongFirst is a socket's reads, each after the answer to the pings read
// since the last was answered: the pings of one read cost one write.
type pongFirst struct {
	io.Reader
	s *wsSocket
}

func (r *pongFirst) Read(p []byte) (int, error) {
	if err := r.s.answer(); err != nil {
		return 0, err
	}
	return r.Reader.Read(p)
}

// read reads the peer's next message, appended to buf, within the read
// timeout once it has begun (then setting the link busy).
func (s *wsSocket) read(buf []byte) ([]byte, error) {
	buf, err := s.frames.ReadMessage(buf)
	if err != nil {
		s.readEnded(err)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			err = ErrReadTimeout
		}
	}
	return buf, err
}

// peerID reads a client's first message, which is its peer id, within
// handshakeTimeout and ctx: either ends the wait by closing the socket.
// The message is no packet: the link is not busy once it is read.
func (s *wsSocket) peerID(ctx context.Context) ([]byte, error) {
	late := time.AfterFunc(handshakeTimeout, func() { s.Conn.Close() })
	stop := context.AfterFunc(ctx, func() { s.Conn.Close() })
	b, err := s.frames.ReadMessage(nil)
	s.l.busy.Store(false)
	switch {
	case !stop():
		err = ctx.Err()
	case !late.Stop():
		err = os.ErrDeadlineExceeded
	}
	return b, err
}

// Began marks the link busy: the read timeout bounds the rest of the
// message. The peer is heard from: a quiet client is announced before its
// first packet is handled.
func (s *wsSocket) Began() {
	s.l.busy.Store(true)
	s.l.spoke()
}

// Control handles a control frame: a ping is answered with the others
// of its read (answer), a close frame's code is kept for the answer.
func (s *wsSocket) Control(op wsframe.Opcode, p []byte) error {
	switch op {
	case wsframe.OpPing:
		s.l.spoke()
		s.pings++
		s.pong = append(s.pong[:0], p...)
	case wsframe.OpPong:
		s.l.spoke()
		s.l.hear()
	case wsframe.OpClose:
		code := wsframe.CloseNoStatus
		if len(p) >= 2 {
			code = wsframe.CloseCode(binary.BigEndian.Uint16(p))
		}
		s.mu.Lock()
		s.peerClose = code
		s.mu.Unlock()
	}
	return nil
}

// answer answers the pings read since the last was answered, if any,
// once the peer's rate lets them be read (pacePings): a pong of the
// latest's payload. Pings are answered before the socket is next read
// (pongFirst), or a packet's wait for the peer's rate (answerBeforeWait),
// not as each is read: RFC 6455 (5.5.3) lets one pong answer the latest
// of the pings not yet answered, and a flood of pings then costs a write
// and a look at the clock a read of the socket, where it cost them a
// ping, a 6-byte ping's write 30 to 70 times the CPU of its bytes as a
// packet. A peer's keep-alive (Godot's heartbeat_interval: a ping each
// interval, and the connection dropped if its answer has not come by the
// next) is answered at once, nothing else having come with its ping.
func (s *wsSocket) answer() error {
	n := s.pings
	if n == 0 {
		return nil
	}
	s.pings = 0
	if !s.l.pacePings(n) {
		return nil
	}
	s.l.hear()
	return s.writeControl(wsframe.OpPong, s.pong)
}

// drain reads and drops what the peer sends until its close frame, a
// frame refused or the socket's end, once the connection is closing.
func (s *wsSocket) drain() { s.readEnded(s.frames.Drain()) }

// writeControl writes a control frame within the write timeout, after
// the drain under way, if any.
func (s *wsSocket) writeControl(op wsframe.Opcode, p []byte) error {
	s.l.wmu.Lock()
	defer s.l.wmu.Unlock()
	s.Hold()
	err := s.Frame(op, p)
	if released := s.Release(); err == nil {
		err = released
	}
	return slowPeer(err)
}

// send writes the packets of b and the blocks it links to in one drain
// (l.wmu held), after what sendNow left.
func (s *wsSocket) send(b *block) error {
	if b == nil && !s.Holding() {
		return nil
	}
	s.Hold()
	err := s.l.writeBlocks(b, s.Message)
	if released := s.Release(); err == nil {
		err = released
	}
	return slowPeer(err)
}

// sendNow is send without waiting for the socket (ReleaseNow): it
// reports whether the socket took every frame. The packets of b are
// framed without a write, and hence without a wait, if they cost no more
// than wsframe.BatchMax in the send queue.
func (s *wsSocket) sendNow(b *block) (bool, error) {
	s.Hold()
	if err := s.l.writeBlocks(b, s.Message); err != nil {
		s.PutBack()
		return false, slowPeer(err)
	}
	return s.ReleaseNow()
}

// slowPeer is err, a write's, with the write timeout's as ErrSlowPeer.
func slowPeer(err error) error {
	if err == wsframe.ErrWriteTimeout {
		return ErrSlowPeer
	}
	return err
}

// readEnded notes whether err, the reading's last, refused a frame of the
// peer's, and tells a close handshake waiting for the peer's close frame
// that no more will be read.
func (s *wsSocket) readEnded(err error) {
	s.endOnce.Do(func() {
		s.mu.Lock()
		s.refused = s.peerClose == 0 && wsframe.CodeOf(err) != 0
		s.mu.Unlock()
		close(s.ended)
	})
}

// ping pings the peer: its answer is heard by Control.
func (s *wsSocket) ping() { s.writeControl(wsframe.OpPing, nil) }

// close sends the close frame with status and reason, or the peer's own
// status if it sent one, and closes the socket once the reading has
// ended, at the peer's close frame or a frame refused, or after
// closeWait. After a frame refused, it half-closes and lingers first:
// whether one was is known once the reading has ended, as the peer may
// send it while this side's close frame is on its way.
func (s *wsSocket) close(status wsframe.CloseCode, reason string) {
	s.mu.Lock()
	peer := s.peerClose
	s.mu.Unlock()
	var p []byte
	switch {
	case peer == 0:
		p = append(binary.BigEndian.AppendUint16(nil, uint16(status)), reason...)
	case peer != wsframe.CloseNoStatus:
		p = binary.BigEndian.AppendUint16(nil, uint16(peer))
	}
	if s.writeControl(wsframe.OpClose, p) == nil && s.waitEnded() {
		s.mu.Lock()
		refused := s.refused
		s.mu.Unlock()
		if refused {
			s.linger()
		}
	}
	s.Conn.Close()
}

// waitEnded waits closeWait at most for the reading to end, and reports
// whether it has.
func (s *wsSocket) waitEnded() bool {
	t := time.NewTimer(closeWait)
	defer t.Stop()
	select {
	case <-s.ended:
		return true
	case <-t.C:
		return false
	}
}

// linger half-closes the socket and reads and drops what the peer sent
// until it closes, for closeWait and lingerBytes at most. The reading has
// ended with a frame refused, the peer's bytes after it unread: closed
// now, the socket's reset would destroy the close frame in flight, and
// the peer see "connection reset", not why (RFC 6455, 7.1.1: the server
// lets the client close first).
func (s *wsSocket) linger() {
	cw, ok := s.Conn.(interface{ CloseWrite() error })
	if !ok || cw.CloseWrite() != nil {
		return
	}
	s.Conn.SetReadDeadline(time.Now().Add(closeWait))
	io.CopyN(io.Discard, s.frames.Buf, lingerBytes)
}

// closeNow closes the socket.
func (s *wsSocket) closeNow() { s.Conn.Close() }
