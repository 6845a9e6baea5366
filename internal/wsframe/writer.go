package wsframe

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"net"
	"sync"
	"syscall"
	"time"
)

// A Writer writes its frames in drains: between Hold and Release the
// frames gather in a buffer and reach the socket in one write(2) when the
// drain ends, where each message would cost one. The buffer is the
// pool's between drains, so that an idle peer holds none.
//
// A server's frame is its header and its bytes; a client's is masked with
// a key of its own, drawn from a ChaCha8 generator seeded from
// crypto/rand (RFC 6455, 10.3, asks for keys a server cannot predict).

// BatchMax is how many bytes a drain gathers before it writes them.
const BatchMax = 64 << 10

// ErrWriteTimeout is the error of a write that took longer than the
// Writer's Timeout.
var ErrWriteTimeout = errors.New("websocket: write timed out")

var batchBufs = sync.Pool{New: func() any { return new([]byte) }}

// Writer writes frames to a socket. Its drains are its owner's to keep
// apart (one at a time, under a lock of the owner's): frames stay in
// order with no lock of its own. Its fields are set before the first
// drain.
type Writer struct {
	// Conn is the socket.
	Conn net.Conn
	// Slow is a stopped timer, reset for each write to Conn and stopped
	// after it: if it fires, its function is to close Conn, and the
	// write returns ErrWriteTimeout. One timer serves every write, where
	// a deadline or a context would cost a timer each.
	Slow    *time.Timer
	Timeout time.Duration
	// Now is Conn's socket, for ReleaseNow (NowSocket); nil if there is
	// none.
	Now syscall.RawConn
	// Client says this side is a client, whose frames are masked.
	Client bool

	buf       *[]byte // the frames held, during a drain
	closeSent bool    // the close frame is framed
	hdr       [14]byte
	keys      *rand.ChaCha8 // a client's masking keys, once it has framed one
}

// Hold starts a drain: frames are held until Release, after any that
// ReleaseNow left.
func (w *Writer) Hold() {
	if w.buf == nil {
		w.buf = batchBufs.Get().(*[]byte)
	}
}

// Holding reports whether frames are held: a drain is under way, or
// ReleaseNow left some.
func (w *Writer) Holding() bool { return w.buf != nil }

// Release ends a drain, writing the frames held.
func (w *Writer) Release() error {
	err := w.flush()
	w.PutBack()
	return err
}

// ReleaseNow ends a drain, writing what of the frames held the socket
// takes at once (w.Now, which is not nil), and reports whether it took
// them all: the rest stays held, for the next drain to write first.
func (w *Writer) ReleaseNow() (bool, error) {
	buf := *w.buf
	n, err := writeNow(w.Now, buf)
	if err != nil || n == len(buf) {
		w.PutBack()
		return err == nil, err
	}
	*w.buf = buf[:copy(buf, buf[n:])]
	return false, nil
}

// PutBack ends a drain, dropping the frames held and giving the buffer
// back to the pool.
func (w *Writer) PutBack() {
	*w.buf = (*w.buf)[:0]
	batchBufs.Put(w.buf)
	w.buf = nil
}

// Message frames p as a binary message, during a drain.
func (w *Writer) Message(p []byte) error { return w.Frame(OpBinary, p) }

// Frame frames p as a whole frame of op's during a drain: a message, or a
// control frame. Nothing is framed after a close frame: the error is then
// net.ErrClosed.
func (w *Writer) Frame(op Opcode, p []byte) error {
	if w.closeSent {
		return net.ErrClosed
	}
	w.closeSent = op == OpClose
	hdr := appendHeader(w.hdr[:0], op, len(p), w.Client)
	if !w.Client {
		if err := w.add(hdr); err != nil {
			return err
		}
		return w.add(p)
	}
	var key [4]byte
	binary.LittleEndian.PutUint32(key[:], w.key())
	if err := w.add(append(hdr, key[:]...)); err != nil {
		return err
	}
	return w.addMasked(p, key)
}

// AppendFrame appends p as a server's frame of op's, whole, to dst.
func AppendFrame(dst []byte, op Opcode, p []byte) []byte {
	return append(appendHeader(dst, op, len(p), false), p...)
}

// appendHeader appends the header of a whole frame of op's carrying n
// bytes, its length in its shortest form, with the mask bit if masked
// (the key follows it).
func appendHeader(dst []byte, op Opcode, n int, masked bool) []byte {
	var maskBit byte
	if masked {
		maskBit = 0x80
	}
	switch b0 := 0x80 | byte(op); {
	case n < 126:
		return append(dst, b0, maskBit|byte(n))
	case n <= 0xffff:
		return binary.BigEndian.AppendUint16(append(dst, b0, maskBit|126), uint16(n))
	default:
		return binary.BigEndian.AppendUint64(append(dst, b0, maskBit|127), uint64(n))
	}
}

// key returns a new masking key.
func (w *Writer) key() uint32 {
	if w.keys == nil {
		var seed [32]byte
		crand.Read(seed[:])
		w.keys = rand.NewChaCha8(seed)
	}
	return uint32(w.keys.Uint64())
}

// add holds p. The buffer grows up to BatchMax, which it is written at,
// and stays in the pool below it; a p larger is written as it is.
func (w *Writer) add(p []byte) error {
	if len(*w.buf)+len(p) > BatchMax {
		if err := w.flush(); err != nil {
			return err
		}
		if len(p) > BatchMax {
			return w.write(p)
		}
	}
	w.grow(len(p))
	*w.buf = append(*w.buf, p...)
	return nil
}

// addMasked holds p masked with key, in pieces of the buffer's room, as
// p stays the caller's.
func (w *Writer) addMasked(p []byte, key [4]byte) error {
	for at := 0; at < len(p); {
		if len(*w.buf) == BatchMax {
			if err := w.flush(); err != nil {
				return err
			}
		}
		n := min(len(p)-at, BatchMax-len(*w.buf))
		w.grow(n)
		start := len(*w.buf)
		*w.buf = append(*w.buf, p[at:at+n]...)
		mask((*w.buf)[start:], key, at)
		at += n
	}
	return nil
}

// grow makes room for n more bytes in the buffer, up to BatchMax: it
// doubles, from 512 bytes.
func (w *Writer) grow(n int) {
	if buf := *w.buf; len(buf)+n > cap(buf) {
		*w.buf = append(make([]byte, 0, min(max(2*cap(buf), len(buf)+n, 512), BatchMax)), buf...)
	}
}

// flush writes the frames held.
func (w *Writer) flush() error {
	if len(*w.buf) == 0 {
		return nil
	}
	err := w.write(*w.buf)
	*w.buf = (*w.buf)[:0]
	return err
}

// write writes p to the socket within the timeout.
func (w *Writer) write(p []byte) error {
	w.Slow.Reset(w.Timeout)
	_, err := w.Conn.Write(p)
	if !w.Slow.Stop() {
		err = ErrWriteTimeout
	}
	return err
}
