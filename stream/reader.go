package stream

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
)

// Reader reads framed values (a u32 length, then the value): what
// StreamPeer.get_var, PacketPeerStream and FileAccess.get_var read. A save
// file is such a sequence: read it with [Reader.GetVar] until io.EOF.
//
// A Reader never reads past the frame it is in, so what follows stays in the
// underlying reader. Its methods may be called from one goroutine at a time;
// a [Peer]'s Reader and [Writer] may run concurrently.
//
// Faults: a frame longer than the maximum fails before its body is read
// ([ErrFrameTooLarge]); unless SkipOversizedFrames(true) was given, the Reader is
// then broken ([ErrBroken]) and the connection should be closed. A frame whose
// value does not decode gives a *FrameError with the frame's offset, and the
// Reader goes on with the next frame. The input ending inside a frame
// breaks the Reader.
//
// Which calls can be repeated: an error from the underlying reader before or
// inside a frame (a read deadline, say) is returned as it is, and the Reader
// stays where it was. Repeating the same call carries on where it stopped
// (GetVar with the bytes it had, [Reader.SkipFrame] with what was left, an oversized
// frame still reported) and gives what the call would have given without
// the error; a call of another kind first drops the frame the failed call
// was in. The Decoder [Reader.NextFrame] gives follows [gdvar.Decoder]'s rules:
// ReadToken can always be repeated, Decode only before the value's first
// token (after it: [gdvar.ErrInterrupted], and the frame is lost).
type Reader struct {
	mu  sync.Mutex
	r   io.Reader // what frames are read from: src, or a read-ahead on it
	src io.Reader // the underlying reader, for read deadlines
	cfg options
	err error // the error that broke the Reader

	off    int64   // stream offset of the next frame's length word
	hdr    [4]byte // a length word being read
	hdrN   int
	length int64            // the current frame's length; < 0 between frames
	use    frameUse         // what the current frame is read for
	body   frameBuf         // GetVar's and ReadFrame's frame, as it arrives
	bodyN  int64            // bytes of the current frame read into body
	rest   io.LimitedReader // the current frame, for NextFrame and skipping
	dec    *gdvar.Decoder   // reused for each frame
	watch  *watch           // GetVarContext's, made at its first call

	streamFrom  int64        // see defaultStreamFrom; tests lower it
	streamCodec *gdvar.Codec // the codec without an input limit, made by the first streamFrame
}

// frameUse is what a frame is read for: a call that is interrupted in it
// (by a read deadline) carries on with it when repeated.
type frameUse uint8

const (
	useGetVar    frameUse = iota // GetVar reads it into its buffer
	useSkip                      // SkipFrame drops it
	useOversized                 // it is oversized and dropped, then reported
	useDecoder                   // NextFrame gave it out: the next call drops it
	useRead                      // ReadFrame reads it into its buffer, which it gives out
)

// NewReader returns a [Reader] of framed values from r, or the error,
// matching [gdvar.ErrInvalidOption], of the first invalid option.
func NewReader(r io.Reader, opts ...Option) (*Reader, error) {
	cfg, err := newOptions(opts)
	if err != nil {
		return nil, err
	}
	return newReader(r, cfg)
}

// newReader returns a Reader of framed values from r with checked options.
func newReader(r io.Reader, cfg options) (*Reader, error) {
	rd := &Reader{r: r, src: r, cfg: cfg, length: -1, streamFrom: defaultStreamFrom}
	rd.dec = cfg.codec.NewDecoderBytes(nil)
	return rd, nil
}

// Offset returns the offset in the stream of the next frame's length word,
// or of the current frame's while one is being read.
func (r *Reader) Offset() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.off
}

// beginFrame reads the next frame's length word for use, unless a frame is
// under way. It returns io.EOF at a clean end of the stream.
func (r *Reader) beginFrame(use frameUse) error {
	if r.err != nil {
		return r.err
	}
	if r.length >= 0 {
		return nil
	}
	r.body.release() // what ReadFrame gave out
	for r.hdrN < 4 {
		n, err := r.r.Read(r.hdr[r.hdrN:])
		r.hdrN += n
		if r.hdrN == 4 {
			break
		}
		switch {
		case err == io.EOF && r.hdrN == 0:
			return io.EOF
		case err == io.EOF:
			return r.broken(&FrameError{Offset: r.off, Err: io.ErrUnexpectedEOF})
		case err != nil:
			return err // nothing lost: the call can be repeated
		}
	}
	r.hdrN = 0
	length := int64(binary.LittleEndian.Uint32(r.hdr[:]))
	r.length, r.bodyN = length, 0
	r.rest = io.LimitedReader{R: r.r, N: length}
	if length > r.cfg.maxFrame || length > math.MaxInt32 {
		fe := &FrameError{Offset: r.off, Length: length, Err: ErrFrameTooLarge}
		if !r.cfg.skipOversized {
			return r.broken(fe)
		}
		r.use = useOversized
		if err := r.finishFrame(); err != nil {
			return err // the next call finishes dropping it and reports it
		}
		return fe
	}
	r.use = use
	return nil
}

// start settles a frame an earlier call left under way, then begins the
// next frame for use unless the same call is carrying on with it.
func (r *Reader) start(use frameUse) error {
	if err := r.settle(use); err != nil {
		return err
	}
	return r.beginFrame(use)
}

// finishFrame reads and drops what is left of the current frame.
func (r *Reader) finishFrame() error {
	if r.length < 0 {
		return nil
	}
	if r.rest.N > 0 { // io.Copy takes a pooled buffer even for nothing
		if _, err := io.Copy(io.Discard, &r.rest); err != nil {
			return err // the rest is still counted: the call can be repeated
		}
		if r.rest.N > 0 {
			return r.broken(&FrameError{Offset: r.off, Length: r.length, Err: io.ErrUnexpectedEOF})
		}
	}
	r.off += 4 + r.length
	r.length = -1
	if r.use != useRead { // ReadFrame's stays valid until the next frame
		r.body.release()
	}
	return nil
}

func (r *Reader) broken(err error) error {
	r.err = &brokenError{err}
	return r.err
}

// GetVar reads the next frame and decodes its value into v, through gdvar's
// value layer (see [gdvar.Unmarshal]). A frame of more than 64 KiB is decoded
// as its bytes arrive, so that decoding overlaps the transfer; the frame is
// kept all the same, so that a read error inside it (a deadline) can be
// repeated, as for a small frame, which is read whole and then decoded. So
// the frame must fit the maximum frame size; [Reader.NextFrame] reads a frame of any
// size in pieces. After a read error inside such a frame, v may hold part
// of the value, and the repeated call decodes it again from the start
// (running v's Unmarshalers again). Bytes after the value in the frame are
// ignored, as Godot ignores them. At the end of the stream GetVar returns
// io.EOF.
//
// Memory follows the bytes received, not the length the frame declares: the
// frame's buffer starts at 4 KiB and at most doubles as bytes arrive (at
// most twice the bytes received, plus 4 KiB), and decoding allocates at
// most a small multiple of the bytes received (see gdvar.Unmarshal).
func (r *Reader) GetVar(v any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.start(useGetVar); err != nil {
		return err
	}
	if frame, ok := r.buffered(); ok {
		return r.decodeFrame(frame, v)
	}
	if r.length > r.streamFrom && r.bodyN <= r.streamFrom {
		// Its first part is read as a small frame is, so that a peer
		// that stalls early costs the frame's buffer alone, not a
		// Decoder's too.
		if _, err := r.readBody(r.streamFrom); err != nil {
			return err
		}
		return r.streamFrame(v)
	}
	body, err := r.readBody(r.length)
	if err != nil {
		return err
	}
	return r.decodeFrame(body, v)
}

// readBody reads the current frame into its buffer until it holds at least
// its first n bytes, and returns them.
func (r *Reader) readBody(n int64) ([]byte, error) {
	for r.bodyN < n {
		m, err := r.rest.Read(r.body.room(int(r.bodyN), int(r.length)))
		r.bodyN += int64(m)
		if err == io.EOF && r.bodyN < r.length {
			return nil, r.broken(&FrameError{Offset: r.off, Length: r.length, Err: io.ErrUnexpectedEOF})
		}
		if err != nil && err != io.EOF {
			return nil, err // kept: the call can be repeated
		}
	}
	return r.body.bytes(int(n)), nil
}

// ReadFrame reads the next frame whole and returns its body as it came,
// unchecked: the value's bytes, and any after it. The slice is valid until
// the next call to the [Reader]. It is for handling a frame once it is all
// there: a relay that stores frames, or an echo that sends a frame back
// while the peer, which has sent it all, reads the reply as it comes. The
// frame must fit the maximum frame size; memory and repeated calls are as
// [Reader.GetVar]'s. At the end of the stream ReadFrame returns io.EOF.
func (r *Reader) ReadFrame() ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.start(useRead); err != nil {
		return nil, err
	}
	body, ok := r.buffered()
	if !ok {
		var err error
		if body, err = r.readBody(r.length); err != nil {
			return nil, err
		}
	}
	return body[:len(body):len(body)], r.finishFrame() // an append cannot write over the next frame
}

// buffered returns the current frame's body when a Peer's read-ahead holds
// it whole, taking it from there, so that it is decoded in place.
func (r *Reader) buffered() ([]byte, bool) {
	ra, ok := r.r.(*readAhead)
	if !ok || r.rest.N != r.length || int64(ra.end-ra.pos) < r.length {
		return nil, false
	}
	frame := ra.buf[ra.pos : ra.pos+int(r.length)]
	ra.pos += int(r.length)
	r.rest.N = 0
	return frame, true
}

// decodeFrame decodes the current frame's whole body into v and ends the
// frame.
func (r *Reader) decodeFrame(frame []byte, v any) error {
	r.cfg.codec.ResetDecoderBytes(r.dec, frame)
	return r.endDecode(r.dec.Decode(v))
}

// streamFrame decodes the current frame into v, first what its buffer
// holds, then the rest as it arrives, so that decoding a large frame
// overlaps its transfer, and ends the frame. What it reads is kept in the
// frame's buffer all the same: after a read error (a deadline), the
// repeated call reads the rest into the buffer and decodes the whole frame,
// as GetVar does for a frame it has begun.
func (r *Reader) streamFrame(v any) error {
	if r.streamCodec == nil {
		// A frame decoded as it arrives gives what it gives read whole,
		// which an input limit does not bound: the frame bounds it.
		c, err := r.cfg.codec.With(gdvar.WithInputLimit(math.MaxInt64))
		if err != nil {
			return err
		}
		r.streamCodec = c
	}
	rec := recorder{r: r}
	r.streamCodec.ResetDecoder(r.dec, &rec)
	err := r.dec.Decode(v)
	r.cfg.codec.ResetDecoderBytes(r.dec, nil) // gives back its read buffer: an idle Reader holds none
	if rec.err == nil {
		_, _ = io.Copy(io.Discard, &rec) // the bytes after the value, kept too; an error is in rec.err
	}
	if rec.err != nil {
		if rec.err == io.EOF {
			rec.err = r.broken(&FrameError{Offset: r.off, Length: r.length, Err: io.ErrUnexpectedEOF})
		}
		return rec.err // a read error: the call can be repeated
	}
	return r.endDecode(err)
}

// recorder reads the current frame for streamFrame: what the frame's
// buffer holds, then the rest, which it keeps in the buffer. It notes the
// first error of the underlying reader: io.EOF when the input ends inside
// the frame.
type recorder struct {
	r   *Reader
	at  int64 // the bytes of the frame read so far
	err error
}

func (rec *recorder) Read(p []byte) (int, error) {
	r := rec.r
	if rec.at < r.bodyN {
		n := copy(p, r.body.bytes(int(r.bodyN))[rec.at:])
		rec.at += int64(n)
		return n, nil
	}
	if rec.err != nil {
		return 0, rec.err
	}
	n, err := r.rest.Read(p)
	rec.at += int64(n)
	for kept := 0; kept < n; {
		m := copy(r.body.room(int(r.bodyN), int(r.length)), p[kept:n])
		kept += m
		r.bodyN += int64(m)
	}
	if err != nil && !(err == io.EOF && r.rest.N == 0) {
		rec.err = err
	}
	return n, err
}

// endDecode ends the current frame, whose value decoded with err.
func (r *Reader) endDecode(err error) error {
	start, length := r.off, r.length
	if ferr := r.finishFrame(); ferr != nil {
		return ferr
	}
	if err != nil {
		if err == io.EOF { // an empty frame
			err = io.ErrUnexpectedEOF
		}
		return &FrameError{Offset: start, Length: length, Err: err}
	}
	return nil
}

// GetVarContext is [Reader.GetVar] that gives up when ctx is done. On a reader with
// read deadlines (a net.Conn), it sets the deadline from ctx and interrupts
// the read when ctx is cancelled, clearing the deadline afterwards; the
// error is then ctx's. Other readers are checked between reads only.
func (r *Reader) GetVarContext(ctx context.Context, v any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	dl, ok := r.src.(interface{ SetReadDeadline(time.Time) error })
	if !ok {
		return r.GetVar(v)
	}
	if r.watch == nil {
		r.watch = newWatch(r, dl.SetReadDeadline)
	}
	err := r.watch.bound(ctx, func() error { return r.GetVar(v) })
	if ctx.Err() != nil && err != nil && !errors.Is(err, ErrBroken) {
		return ctx.Err()
	}
	return err
}

// NextFrame starts reading the next frame and returns a Decoder bounded to
// it: it reads the frame's value token by token, however large, and cannot
// read past the frame. The Decoder is valid until the next call to the
// [Reader], which first drops whatever of the frame was not read. At the end
// of the stream NextFrame returns io.EOF.
func (r *Reader) NextFrame() (*gdvar.Decoder, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.start(useDecoder); err != nil {
		return nil, err
	}
	if frame, ok := r.buffered(); ok {
		r.cfg.codec.ResetDecoderBytes(r.dec, frame) // valid until the next call, which reads on
		return r.dec, nil
	}
	r.cfg.codec.ResetDecoder(r.dec, &r.rest) // rest ends where the frame does
	return r.dec, nil
}

// FrameLen returns the length of the frame [Reader.NextFrame] gave out last, while
// it is being read, or −1: a proxy writes a byte-exact copy of it with
// [Writer.WriteFrameLen], streaming, however large.
func (r *Reader) FrameLen() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.use != useDecoder {
		return -1
	}
	return r.length
}

// settle deals with a frame an earlier call left under way, before a call
// that reads for use: the same call, repeated after a read error, carries
// on with it (GetVar, SkipFrame); otherwise it is dropped (a frame NextFrame
// gave out, say), and an oversized one reported, as the interrupted call
// would have reported it.
func (r *Reader) settle(use frameUse) error {
	if r.err != nil {
		return r.err
	}
	if r.length < 0 || r.use == use && use != useDecoder {
		return nil
	}
	var report error // the oversized frame's, made before finishFrame moves on
	if r.use == useOversized {
		report = &FrameError{Offset: r.off, Length: r.length, Err: ErrFrameTooLarge}
	}
	if err := r.finishFrame(); err != nil {
		return err
	}
	return report
}

// SkipFrame drops the next frame without decoding it and returns its
// length.
func (r *Reader) SkipFrame() (int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.start(useSkip); err != nil {
		return 0, err
	}
	n := r.length
	return n, r.finishFrame()
}
