package stream

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"net"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/valyala/bytebufferpool"
)

// framePool holds the buffers frames are built in. A Writer keeps one of
// at most keptFrame bytes between frames, as a connection sends many small
// frames, and gives larger ones back.
var framePool bytebufferpool.Pool

const keptFrame = 64 << 10

// Writer writes framed values (a u32 length, then the value): what
// StreamPeer.put_var, PacketPeerStream and FileAccess.store_var write. To
// append to a save file, open it for appending and [Writer.PutVar] each record.
//
// Each frame goes to the underlying writer in one Write when it is built in
// memory (PutVar, [Writer.WriteFrame]). Its methods may be called from one goroutine
// at a time. A write error after part of a frame went out breaks the Writer
// ([ErrBroken]): the receiver is out of step and the connection should be
// closed.
type Writer struct {
	mu    sync.Mutex
	w     io.Writer
	codec *gdvar.Codec
	err   error
	enc   *gdvar.Encoder
	spare *bytebufferpool.ByteBuffer // kept between frames (see keptFrame)
	last  int                        // the size of the last frame built in memory
	first prefixed                   // WriteFrameLen's writer
	watch *watch                     // PutVarContext's, made at its first call
}

// prefixed writes its prefix (a frame's length word) with the first Write,
// in one system call where the writer can (writev on a net.Conn).
type prefixed struct {
	w      io.Writer
	prefix []byte
	hdr    [4]byte
	pair   [2][]byte   // the prefix and the first write, kept here so that
	bufs   net.Buffers // writing them allocates nothing
}

func (p *prefixed) Write(b []byte) (int, error) {
	if p.prefix == nil {
		return p.w.Write(b)
	}
	p.pair = [2][]byte{p.prefix, b}
	p.bufs = p.pair[:]
	n, err := p.bufs.WriteTo(p.w)
	p.prefix, p.pair = nil, [2][]byte{}
	return max(0, int(n)-len(p.hdr)), err
}

// take returns a buffer to build a frame in.
func (w *Writer) take() *bytebufferpool.ByteBuffer {
	b := w.spare
	if b == nil {
		b = framePool.Get()
	}
	w.spare = nil
	if cap(b.B) < w.last { // room for a frame like the last, which grown by doubling would cost twice
		b.B = make([]byte, 0, w.last+w.last/16)
	}
	return b
}

// give returns the buffer of a frame: kept when small, else to the pool.
func (w *Writer) give(b *bytebufferpool.ByteBuffer) {
	w.last = len(b.B)
	if cap(b.B) <= keptFrame {
		w.spare = b
		return
	}
	framePool.Put(b)
}

// NewWriter returns a [Writer] of framed values to w, or the error, matching
// [gdvar.ErrInvalidOption], of the first invalid option. Of the options, it
// takes [WithCodec]'s.
func NewWriter(w io.Writer, opts ...Option) (*Writer, error) {
	cfg, err := newOptions(opts)
	if err != nil {
		return nil, err
	}
	return newWriter(w, cfg), nil
}

// newWriter returns a Writer of framed values to w with checked options.
func newWriter(w io.Writer, cfg options) *Writer {
	return &Writer{w: w, codec: cfg.codec, enc: cfg.codec.NewEncoder(nil)}
}

// PutVar writes v as one frame, through gdvar's value layer (see
// [gdvar.Marshal]).
func (w *Writer) PutVar(v any) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	buf := w.take()
	defer w.give(buf)
	b, err := w.codec.AppendMarshal(append(buf.B[:0], 0, 0, 0, 0), v)
	buf.B = b
	if err != nil {
		return err
	}
	return w.writeFrame(b)
}

// writeFrame fills in the length word of a frame built in b and writes it.
func (w *Writer) writeFrame(b []byte) error {
	if len(b)-4 > math.MaxInt32 {
		return fmt.Errorf("stream: a frame of %d bytes is longer than Godot reads", len(b)-4)
	}
	binary.LittleEndian.PutUint32(b, uint32(len(b)-4))
	n, err := w.w.Write(b)
	if err != nil && n > 0 {
		w.err = &brokenError{err}
		return w.err
	}
	return err
}

// PutVarContext is [Writer.PutVar] that gives up when ctx is done, setting and
// clearing the write deadline of a writer that has one (a net.Conn).
func (w *Writer) PutVarContext(ctx context.Context, v any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	dl, ok := w.w.(interface{ SetWriteDeadline(time.Time) error })
	if !ok {
		return w.PutVar(v)
	}
	if w.watch == nil {
		w.watch = newWatch(w, dl.SetWriteDeadline)
	}
	err := w.watch.bound(ctx, func() error { return w.PutVar(v) })
	if ctx.Err() != nil && err != nil {
		return ctx.Err()
	}
	return err
}

// WriteFrame writes one frame whose value write writes token by token to
// the Encoder it is given. The frame is built in a pooled buffer, as its
// length is not known until the value is complete; for a frame too large to
// hold, use [Writer.WriteFrameLen].
func (w *Writer) WriteFrame(write func(enc *gdvar.Encoder) error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	buf := w.take()
	defer w.give(buf)
	buf.B = append(buf.B[:0], 0, 0, 0, 0)
	w.codec.ResetEncoder(w.enc, buf)
	if err := write(w.enc); err != nil {
		return err
	}
	if err := w.complete(); err != nil {
		return err
	}
	return w.writeFrame(buf.B)
}

// complete checks that the Encoder holds one whole value and flushes it.
func (w *Writer) complete() error {
	if w.enc.Depth() != 0 || w.enc.OutputOffset() == 0 {
		return fmt.Errorf("stream: the frame's value is incomplete")
	}
	return w.enc.Flush()
}

// WriteFrameLen writes one frame of a value whose encoded length is known
// to be n bytes: the length word goes out first, then the value as write
// writes it, streamed, so that a frame of any size takes bounded memory and
// starts to go out before it is complete. The length word goes with the
// value's first bytes (in one system call on a net.Conn), so a small frame
// takes one write. If write does not write exactly one value of n bytes the
// [Writer] breaks. A proxy copying frames ([Reader.FrameLen], then
// [gdvar.CopyValue]) uses it.
func (w *Writer) WriteFrameLen(n int64, write func(enc *gdvar.Encoder) error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if n < 4 || n > math.MaxInt32 {
		return fmt.Errorf("stream: a frame of %d bytes is not one Godot reads", n)
	}
	w.first.w, w.first.prefix = w.w, binary.LittleEndian.AppendUint32(w.first.hdr[:0], uint32(n))
	w.codec.ResetEncoder(w.enc, &w.first)
	err := write(w.enc)
	if err == nil {
		err = w.complete()
	}
	if err == nil && w.enc.OutputOffset() != n {
		err = fmt.Errorf("stream: the frame was declared %d bytes, its value took %d", n, w.enc.OutputOffset())
	}
	if err != nil {
		w.err = &brokenError{err}
		return w.err
	}
	return nil
}
