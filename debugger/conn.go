package debugger

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

// MaxFrame is the longest frame a [Conn] reads or writes, its length word
// included: the engine's debugger buffer, 8 MiB, plus that word. Godot 4.6.3
// drops a connection that sends it a longer one; older versions lose step.
const MaxFrame = 8<<20 + 4

// maxMessage3 bounds the frames of one Godot 3 message together (a name, a
// count, then a frame a value): twice the engine's buffer.
const maxMessage3 = 2 * MaxFrame

// maxCommand3 is the longest frame sent to a Godot 3 game: its input ring
// is 64 KiB, and a command must fit in it with room to spare.
const maxCommand3 = 60 << 10

// Message is one debugger message: its name, the thread it is about (Godot
// 4's main thread is 1; Godot 3 has no thread and says 0) and its data.
type Message struct {
	Name   string
	Thread int64
	Data   []any
}

// ErrMalformed is what a *MessageError matches with errors.Is.
var ErrMalformed = errors.New("debugger: malformed message")

// ErrCutShort is a message whose write the context cut short after part of
// it went out: the stream is out of step, so the [Conn] writes nothing more
// (and a [Session] ends).
var ErrCutShort = errors.New("debugger: a message was cut short")

// MessageError is a frame that decoded but is not a message: Godot 4
// messages are [String name, int thread, Array data]. The [Conn] goes on with
// the next frame.
type MessageError struct {
	Offset int64  // where the frame starts in the stream
	Reason string // what is wrong
}

func (e *MessageError) Error() string {
	return fmt.Sprintf("debugger: malformed message at offset %d: %s", e.Offset, e.Reason)
}

// Unwrap returns [ErrMalformed].
func (e *MessageError) Unwrap() error { return ErrMalformed }

// Conn reads and writes the messages of one debugger connection. Its
// engine is Godot 4 or Godot 3, which frame messages differently; [Detect]
// finds which from the first frame. One goroutine may Read while others
// Write.
type Conn struct {
	r      *stream.Reader
	engine gdvar.Engine
	codec  *gdvar.Codec // the engine's, for messages

	first []byte // the frame Detect read, for the first Read

	writing chan struct{} // holds a token while a write is under way
	w       *stream.Writer
	out     sender // w's writer
	broken  error  // an ErrCutShort, once a write was cut short
}

// The codecs of the messages: values, never raw bytes, and no full objects.
var (
	codec4 = gdvar.MustCodec(gdvar.Semantic(true))
	codec3 = gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.Semantic(true))
)

// NewConn returns a [Conn] speaking engine's framing ([gdvar.Godot4] or
// [gdvar.Godot3]) on rw.
func NewConn(rw io.ReadWriter, engine gdvar.Engine) *Conn {
	return newConn(rw, engine, frameReader(rw))
}

// newConn returns a Conn on rw reading its frames with r.
func newConn(rw io.ReadWriter, engine gdvar.Engine, r *stream.Reader) *Conn {
	c := &Conn{r: r, engine: engine, codec: codec4, writing: make(chan struct{}, 1), out: sender{w: rw}}
	if engine == gdvar.Godot3 {
		c.codec = codec3
	}
	w, err := stream.NewWriter(&c.out, stream.WithCodec(c.codec))
	if err != nil {
		panic(err) // options of a checked codec, valid
	}
	c.w = w
	return c
}

// frameReader returns the Reader of rw's frames. A Peer's Reader reads
// ahead: a small frame, and Godot 3 sends a frame a value, takes one read
// from the connection, not two. It reads frames, and Godot 3's counts,
// which every engine's codec reads alike.
func frameReader(rw io.ReadWriter) *stream.Reader {
	p, err := stream.NewPeer(rw, stream.WithMaxFrame(MaxFrame-4))
	if err != nil {
		panic(err) // a constant maximum, valid
	}
	return p.Reader
}

// Detect reads the first frame a game sends and returns a [Conn] in its
// framing: Godot 4's first frame is an Array (set_pid), Godot 3's the
// String name of its first message ("output").
func Detect(rw io.ReadWriter) (*Conn, error) {
	r := frameReader(rw)
	b, err := r.ReadFrame()
	if err != nil {
		return nil, err
	}
	engine := gdvar.Godot4
	if len(b) >= 4 && binary.LittleEndian.Uint32(b)&0xff == 4 { // STRING in both
		engine = gdvar.Godot3
	}
	c := newConn(rw, engine, r)
	c.first = b
	return c, nil
}

// Engine returns the engine version whose framing c speaks.
func (c *Conn) Engine() gdvar.Engine { return c.engine }

// Read returns the next message. A frame that is not a message is a
// *MessageError, after which Read can go on; any other error (the game
// gone, a frame over [MaxFrame], a Godot 3 message out of step) ends the
// connection.
func (c *Conn) Read() (Message, error) {
	off := c.r.Offset()
	b, err := c.frame()
	if err != nil {
		return Message{}, err
	}
	if c.engine != gdvar.Godot3 {
		return ParseMessage(b, off)
	}
	return c.read3(b, off)
}

// frame returns the next frame's bytes.
func (c *Conn) frame() ([]byte, error) {
	if b := c.first; b != nil {
		c.first = nil
		return b, nil
	}
	return c.r.ReadFrame()
}

// ParseMessage decodes one Godot 4 frame (without its length word) as a
// message; off is where it was in the stream, for errors.
func ParseMessage(frame []byte, off int64) (Message, error) {
	var v any
	if err := codec4.Unmarshal(frame, &v); err != nil {
		return Message{}, &MessageError{off, err.Error()}
	}
	a, ok := v.([]any)
	if !ok || len(a) < 3 {
		return Message{}, &MessageError{off, fmt.Sprintf("%T is not an Array of 3", v)}
	}
	name, ok1 := a[0].(string)
	thread, ok2 := a[1].(int64)
	data, ok3 := a[2].([]any)
	if !ok1 || !ok2 || !ok3 {
		return Message{}, &MessageError{off, fmt.Sprintf("[%T, %T, %T] is not [String, int, Array]", a[0], a[1], a[2])}
	}
	return Message{name, thread, data}, nil
}

// read3 reads the rest of a Godot 3 message whose name frame is b: a count,
// then that many values, each a frame. A name or count of the wrong type
// leaves the stream out of step, so it ends the connection.
func (c *Conn) read3(b []byte, off int64) (Message, error) {
	var name string
	if err := c.codec.Unmarshal(b, &name); err != nil {
		return Message{}, fmt.Errorf("debugger: Godot 3 message name at offset %d: %w", off, err)
	}
	var count int64
	if err := c.r.GetVar(&count); err != nil {
		return Message{}, fmt.Errorf("debugger: Godot 3 message %s count: %w", shown(name), err)
	}
	total := int64(len(b)) + 8
	if count < 0 || count > maxMessage3/8 {
		return Message{}, fmt.Errorf("debugger: Godot 3 message %s of %d values", shown(name), count)
	}
	m := Message{Name: name, Data: make([]any, 0, min(count, 1024))}
	var bad error
	for range count {
		v, err := c.r.ReadFrame()
		if err != nil {
			return Message{}, fmt.Errorf("debugger: Godot 3 message %s: %w", shown(name), err)
		}
		if total += int64(len(v)) + 4; total > maxMessage3 {
			return Message{}, fmt.Errorf("debugger: Godot 3 message %s over %d bytes", shown(name), maxMessage3)
		}
		var x any
		if err := c.codec.Unmarshal(v, &x); err != nil && bad == nil {
			bad = &MessageError{off, fmt.Sprintf("%s: value %d: %v", shown(name), len(m.Data), err)}
		}
		m.Data = append(m.Data, x)
	}
	if bad != nil {
		return Message{}, bad
	}
	return m, nil
}

// Write sends a message to the game: in Godot 4 [name, thread, data] (the
// main thread is 1), in Godot 3 [name, data…] (thread is unused). It does
// not check data against what the engine expects: [Session] does. It waits
// as long as the game takes to read the message: WriteContext bounds that.
func (c *Conn) Write(name string, thread int64, data []any) error {
	return c.WriteContext(context.Background(), name, thread, data)
}

// WriteContext is Write within the context: where the connection has write
// deadlines (a net.Conn), the wait for the game to read ends with it, with
// its error. If part of the message went out, the error also matches
// [ErrCutShort], and so does every later write's.
func (c *Conn) WriteContext(ctx context.Context, name string, thread int64, data []any) error {
	select {
	case c.writing <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("debugger: sending %s: %w", name, ctx.Err())
	}
	defer func() { <-c.writing }()
	if c.broken != nil {
		return c.broken
	}
	var v any = []any{name, thread, data}
	limit := int64(MaxFrame)
	if c.engine == gdvar.Godot3 {
		v, limit = append([]any{name}, data...), maxCommand3
	}
	var size int64 // the frame's, its length word included
	c.out.begin(ctx)
	err := c.w.WriteFrame(func(enc *gdvar.Encoder) error {
		if err := enc.Encode(v); err != nil {
			return err
		}
		if size = 4 + enc.OutputOffset(); size > limit {
			return fmt.Errorf("debugger: message %q of %d bytes is over the engine's %d", name, size, limit)
		}
		return nil
	})
	sent, werr := c.out.end()
	switch {
	case err == nil:
		return nil
	case sent > 0:
		c.broken = fmt.Errorf("%w: %d of the %d bytes of %s sent", ErrCutShort, sent, size, name)
		return fmt.Errorf("%w: %w", c.broken, werr)
	case werr != nil:
		return fmt.Errorf("debugger: sending %s: %w", name, werr)
	}
	return err
}

// sender is the connection as a Conn's stream.Writer writes to it: each
// write bounded by the context of the message being sent, and counted, to
// tell a message cut short from one not sent at all.
type sender struct {
	w    io.Writer
	ctx  context.Context
	sent int
	err  error
}

// begin starts a message sent within ctx.
func (s *sender) begin(ctx context.Context) { s.ctx, s.sent, s.err = ctx, 0, nil }

// end ends the message, and returns how much of it was written and the
// write error, if any.
func (s *sender) end() (int, error) {
	s.ctx = nil // not kept past the message
	return s.sent, s.err
}

func (s *sender) Write(b []byte) (int, error) {
	n, err := writeWithin(s.ctx, s.w, b)
	s.sent += n
	if err != nil && s.err == nil {
		s.err = err
	}
	return n, err
}
