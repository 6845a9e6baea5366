package multiplayer

import (
	"bufio"
	"encoding/binary"
	"net"
	"net/http"
	"sync"
	"time"
)

// A server's WebSocket writes its frames to a batchWriter: while the
// writing goroutine drains a peer's queue, the frames gather in a buffer
// and reach the socket in one write(2) when the drain ends, where each
// message used to cost one. A lone message still goes as soon as it is
// framed, the drain being over; the buffer is the pool's between drains,
// so that an idle peer holds none.
//
// The packets of a drain are framed here (message), not by
// websocket.Conn.Write, whose three locks, and the timer a packet it
// took, cost more than the frame: a server's frame of a binary message is
// its header and its bytes, unmasked. The WebSocket's own writes, once
// the handshake is done, are control frames alone (pings, their answers,
// the close frame), each of which reaches Write whole, as its bufio.Writer
// is flushed after each frame and holds more than one; so Write sees a
// close frame pass, after which no message is framed.

// batchMax is how many bytes a drain gathers before it writes them.
const batchMax = 64 << 10

// wsWriteBuf is the size of the bufio.Writer the WebSocket frames into:
// a frame bigger than it goes around it, to the batchWriter, which is
// what buffers. 4 KiB, net/http's, would be idle memory.
const wsWriteBuf = 512

// wsReadBuf is the size of the bufio.Reader the server reads frames
// from (wsServer), once the request is read: net/http's 4 KiB would be most of an
// idle peer's memory, and a read of it would gather more small packets
// than a peer sends between two of the server's reads.
const wsReadBuf = 512

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// batchWriter is a connection's socket as its WebSocket writes to it.
type batchWriter struct {
	conn net.Conn

	// Its writes are the handshake's, before the link exists, then the
	// link's, under its wmu: frames stay in order with no lock of its own.
	holding   bool
	buf       *[]byte // the frames held, while holding
	closeSent bool    // the WebSocket wrote its close frame
	hdr       [10]byte

	// The frames held reach the socket within timeout, or slow fires
	// (the link's write timeout, which drops the peer).
	slow    *time.Timer
	timeout time.Duration
}

// opClose is the first byte of a close frame (FIN, opcode 8).
const opClose = 0x88

// hold starts a drain: frames are held until release.
func (w *batchWriter) hold() {
	w.holding = true
	w.buf = batchBufs.Get().(*[]byte)
}

// release ends a drain, writing the frames held.
func (w *batchWriter) release() error {
	err := w.flush()
	w.holding = false
	batchBufs.Put(w.buf)
	w.buf = nil
	return err
}

// Write writes p, or holds it during a drain.
func (w *batchWriter) Write(p []byte) (int, error) {
	if len(p) > 0 && p[0] == opClose {
		w.closeSent = true
	}
	if !w.holding {
		return w.conn.Write(p)
	}
	if err := w.add(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// message frames pkt as a binary message, during a drain.
func (w *batchWriter) message(pkt []byte) error {
	if w.closeSent {
		return net.ErrClosed
	}
	hdr := w.hdr[:0]
	switch n := len(pkt); {
	case n < 126:
		hdr = append(hdr, 0x82, byte(n))
	case n <= 0xffff:
		hdr = binary.BigEndian.AppendUint16(append(hdr, 0x82, 126), uint16(n))
	default:
		hdr = binary.BigEndian.AppendUint64(append(hdr, 0x82, 127), uint64(n))
	}
	if err := w.add(hdr); err != nil {
		return err
	}
	return w.add(pkt)
}

// add holds p (holding). The buffer grows up to batchMax,
// which it is written at, and stays in the pool below it.
func (w *batchWriter) add(p []byte) error {
	if len(*w.buf)+len(p) > batchMax {
		if err := w.flush(); err != nil {
			return err
		}
		if len(p) > batchMax {
			return w.send(p)
		}
	}
	if buf := *w.buf; len(buf)+len(p) > cap(buf) {
		*w.buf = append(make([]byte, 0, min(max(2*cap(buf), len(buf)+len(p), 512), batchMax)), buf...)
	}
	*w.buf = append(*w.buf, p...)
	return nil
}

// flush writes the frames held.
func (w *batchWriter) flush() error {
	if len(*w.buf) == 0 {
		return nil
	}
	err := w.send(*w.buf)
	*w.buf = (*w.buf)[:0]
	return err
}

// send writes p to the socket within the write timeout.
func (w *batchWriter) send(p []byte) error {
	w.slow.Reset(w.timeout)
	_, err := w.conn.Write(p)
	if !w.slow.Stop() {
		err = ErrSlowPeer
	}
	return err
}

// batchingResponse is a ResponseWriter whose Hijack gives the WebSocket
// a writer of batchWriter's.
type batchingResponse struct {
	http.ResponseWriter
	w     *batchWriter
	r     *bufio.Reader // the connection's, once hijacked
	fresh bool          // r was made here, with nothing buffered
}

// Hijack hijacks the connection, whose writes then go through rw.w, and
// whose reads through a reader of wsReadBuf bytes, unless the client sent
// more than its request already.
func (rw *batchingResponse) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(rw.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	rw.w.conn = conn
	r := brw.Reader
	if r.Buffered() == 0 {
		r = bufio.NewReaderSize(conn, wsReadBuf)
		rw.fresh = true
	}
	rw.r = r
	return conn, bufio.NewReadWriter(r, bufio.NewWriterSize(rw.w, wsWriteBuf)), nil
}

// Unwrap returns the ResponseWriter wrapped, for http.ResponseController.
func (rw *batchingResponse) Unwrap() http.ResponseWriter { return rw.ResponseWriter }
