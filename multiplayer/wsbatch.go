package multiplayer

import (
	"bufio"
	"net"
	"net/http"
	"sync"
)

// A server's WebSocket writes its frames to a batchWriter: while the
// writing goroutine drains a peer's queue, the frames gather in a buffer
// and reach the socket in one write(2) when the drain ends, where each
// message used to cost one. A lone message still goes as soon as it is
// framed, the drain being over; the buffer is the pool's between drains,
// so that an idle peer holds none.

// batchMax is how many bytes a drain gathers before it writes them.
const batchMax = 64 << 10

// wsWriteBuf is the size of the bufio.Writer the WebSocket frames into:
// a frame bigger than it goes around it, to the batchWriter, which is
// what buffers. 4 KiB, net/http's, would be idle memory.
const wsWriteBuf = 512

// wsReadBuf is the size of the bufio.Reader the WebSocket reads frames
// from, once the request is read: net/http's 4 KiB would be most of an
// idle peer's memory, and a read of it would gather more small packets
// than a peer sends between two of the server's reads.
const wsReadBuf = 512

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// batchWriter is a connection's socket as its WebSocket writes to it.
type batchWriter struct {
	conn net.Conn

	mu      sync.Mutex // held across the socket's writes: frames stay in order
	holding bool
	buf     *[]byte // the frames held, while holding
}

// hold starts a drain: frames are held until release.
func (w *batchWriter) hold() {
	w.mu.Lock()
	w.holding = true
	w.buf = batchBufs.Get().(*[]byte)
	w.mu.Unlock()
}

// release ends a drain, writing the frames held.
func (w *batchWriter) release() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.flush()
	w.holding = false
	batchBufs.Put(w.buf)
	w.buf = nil
	return err
}

// Write writes p, or holds it during a drain. The buffer grows up to
// batchMax, which it is written at, and stays in the pool below it.
func (w *batchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.holding {
		return w.conn.Write(p)
	}
	if len(*w.buf)+len(p) > batchMax {
		if err := w.flush(); err != nil {
			return 0, err
		}
		if len(p) > batchMax {
			return w.conn.Write(p)
		}
	}
	if buf := *w.buf; len(buf)+len(p) > cap(buf) {
		*w.buf = append(make([]byte, 0, min(max(2*cap(buf), len(buf)+len(p), 512), batchMax)), buf...)
	}
	*w.buf = append(*w.buf, p...)
	return len(p), nil
}

// flush writes the frames held (w.mu held).
func (w *batchWriter) flush() error {
	if len(*w.buf) == 0 {
		return nil
	}
	_, err := w.conn.Write(*w.buf)
	*w.buf = (*w.buf)[:0]
	return err
}

// batchingResponse is a ResponseWriter whose Hijack gives the WebSocket
// a writer of batchWriter's.
type batchingResponse struct {
	http.ResponseWriter
	w *batchWriter
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
	}
	return conn, bufio.NewReadWriter(r, bufio.NewWriterSize(rw.w, wsWriteBuf)), nil
}

// Unwrap returns the ResponseWriter wrapped, for http.ResponseController.
func (rw *batchingResponse) Unwrap() http.ResponseWriter { return rw.ResponseWriter }
