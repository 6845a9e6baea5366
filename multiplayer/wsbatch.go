package multiplayer

import (
	"encoding/binary"
	"net"
	"sync"
	"syscall"
	"time"
)

// A server's WebSocket (wsServer) writes its frames through a
// batchWriter: while the writing goroutine drains a peer's queue, the
// frames gather in a buffer and reach the socket in one write(2) when the
// drain ends, where each message used to cost one. A lone control frame
// goes in a drain of its own; the buffer is the pool's between drains, so
// that an idle peer holds none.
//
// Every frame after the handshake is framed here (frame), not by
// websocket.Conn.Write, whose three locks, and the timer a packet it
// took, cost more than the frame: a server's frame is its header and its
// bytes, unmasked. coder/websocket writes the peer id alone, through
// net/http's bufio.Writer, straight to the socket.

// batchMax is how many bytes a drain gathers before it writes them.
const batchMax = 64 << 10

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// batchWriter is a server's socket as its WebSocket writes frames to it.
type batchWriter struct {
	conn net.Conn

	// Its drains are the link's, under its wmu: frames stay in order with
	// no lock of its own.
	holding   bool
	buf       *[]byte // the frames held, while holding
	closeSent bool    // the close frame is framed
	hdr       [10]byte

	// The frames held reach the socket within timeout, or slow fires
	// (the write timeout, which drops the peer).
	slow    *time.Timer
	timeout time.Duration

	now syscall.RawConn // the socket, for releaseNow (nil: it cannot)
}

// hold starts a drain: frames are held until release, after any that
// releaseNow left.
func (w *batchWriter) hold() {
	w.holding = true
	if w.buf == nil {
		w.buf = batchBufs.Get().(*[]byte)
	}
}

// release ends a drain, writing the frames held.
func (w *batchWriter) release() error {
	err := w.flush()
	w.putBack()
	return err
}

// releaseNow ends a drain, writing what of the frames held the socket
// takes at once (w.now), and reports whether it took them all: the rest
// stays held, for the next drain to write first.
func (w *batchWriter) releaseNow() (bool, error) {
	buf := *w.buf
	n, err := writeNow(w.now, buf)
	if err != nil || n == len(buf) {
		w.putBack()
		return err == nil, err
	}
	*w.buf = buf[:copy(buf, buf[n:])]
	w.holding = false
	return false, nil
}

// putBack ends a drain whose frames are written, giving the buffer back
// to the pool.
func (w *batchWriter) putBack() {
	w.holding = false
	*w.buf = (*w.buf)[:0]
	batchBufs.Put(w.buf)
	w.buf = nil
}

// message frames pkt as a binary message, during a drain.
func (w *batchWriter) message(pkt []byte) error { return w.frame(opBinary, pkt) }

// frame frames p as a whole frame of op's during a drain: a binary
// message, or a control frame. Nothing is framed after a close frame.
func (w *batchWriter) frame(op byte, p []byte) error {
	if w.closeSent {
		return net.ErrClosed
	}
	w.closeSent = op == opCloseFrame
	hdr := w.hdr[:0]
	switch n := len(p); {
	case n < 126:
		hdr = append(hdr, 0x80|op, byte(n))
	case n <= 0xffff:
		hdr = binary.BigEndian.AppendUint16(append(hdr, 0x80|op, 126), uint16(n))
	default:
		hdr = binary.BigEndian.AppendUint64(append(hdr, 0x80|op, 127), uint64(n))
	}
	if err := w.add(hdr); err != nil {
		return err
	}
	return w.add(p)
}

// add holds p (holding). The buffer grows up to batchMax,
// which it is written at, and stays in the pool below it.
func (w *batchWriter) add(p []byte) error {
	if len(*w.buf)+len(p) > batchMax {
		if err := w.flush(); err != nil {
			return err
		}
		if len(p) > batchMax {
			return w.write(p)
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
	err := w.write(*w.buf)
	*w.buf = (*w.buf)[:0]
	return err
}

// write writes p to the socket within the write timeout.
func (w *batchWriter) write(p []byte) error {
	w.slow.Reset(w.timeout)
	_, err := w.conn.Write(p)
	if !w.slow.Stop() {
		err = ErrSlowPeer
	}
	return err
}
