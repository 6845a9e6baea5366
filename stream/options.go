package stream

import (
	"fmt"

	"github.com/gdvar/gdvar"
)

// DefaultMaxFrame is the largest frame a [Reader] accepts unless told
// otherwise: small enough to be safe on a public port. Godot itself
// allocates whatever a length word says.
const DefaultMaxFrame = 16 << 20

// An Option configures a [Reader], [Writer], [Peer] or [PacketPeer]. The
// constructors check them once, and the value they make keeps them.
type Option func(*options)

// options are what a Reader, Writer, Peer or PacketPeer takes from its
// Options.
type options struct {
	codec         *gdvar.Codec // nil for the default
	maxFrame      int64
	skipOversized bool
	err           error // the first invalid option
}

// newOptions returns the settings opts make, or the error, matching
// gdvar.ErrInvalidOption, of the first invalid one.
func newOptions(opts []Option) (options, error) {
	o := options{maxFrame: DefaultMaxFrame}
	for _, opt := range opts {
		opt(&o)
	}
	return o, o.err
}

// invalid records the first invalid option.
func (o *options) invalid(format string, args ...any) {
	if o.err == nil {
		o.err = fmt.Errorf("%w: "+format, append([]any{gdvar.ErrInvalidOption}, args...)...)
	}
}

// WithCodec sets the codec that reads and writes the frames' values: its
// engine version, limits and the rest of gdvar's settings (default: the
// default Codec's, as nil is).
func WithCodec(c *gdvar.Codec) Option { return func(o *options) { o.codec = c } }

// WithMaxFrame sets the largest frame a [Reader] accepts, in bytes (default
// [DefaultMaxFrame]; at least 1). A longer frame fails before its body is read.
func WithMaxFrame(n int64) Option {
	return func(o *options) {
		o.maxFrame = n
		if n < 1 {
			o.invalid("stream.WithMaxFrame(%d): want at least 1", n)
		}
	}
}

// SkipOversizedFrames, when on, makes a [Reader] skip a frame longer than the
// maximum (reading and dropping its body, with bounded memory) and go on
// with the next one, after reporting it. Without it, such a frame breaks the
// Reader, as the stream cannot be trusted: close the connection.
func SkipOversizedFrames(on bool) Option { return func(o *options) { o.skipOversized = on } }
