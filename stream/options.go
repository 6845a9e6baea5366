// Package stream carries Godot Variant values over connections and files
// with Godot's own framings:
//
//   - Peer (Reader and Writer): StreamPeer.put_var/get_var on TCP, TLS or
//     StreamPeerBuffer, PacketPeerStream, FileAccess.store_var/get_var save
//     files, and the editor's remote debugger: a u32 length, then the value.
//   - PacketPeer: PacketPeerUDP (and WebSocket messages): one datagram is one
//     bare value.
//
// Values go through gdvar's value layer (PutVar, GetVar) or its token layer
// (NextFrame, WriteFrame), which reads and writes frames of any size with
// bounded memory.
package stream

import (
	"github.com/gdvar/gdvar"
)

// DefaultMaxFrame is the largest frame a Reader accepts unless told
// otherwise: small enough to be safe on a public port. Godot itself
// allocates whatever a length word says.
const DefaultMaxFrame = 16 << 20

// Option configures a Reader, Writer, Peer or PacketPeer.
type Option func(*config)

type config struct {
	codec         []gdvar.Option
	maxFrame      int64
	skipOversized bool
}

func newConfig(opts []Option) config {
	c := config{maxFrame: DefaultMaxFrame}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithEngine selects the Godot version of the wire format (default Godot 4).
func WithEngine(e gdvar.Engine) Option {
	return func(c *config) { c.codec = append(c.codec, gdvar.WithEngine(e)) }
}

// AllowObjects accepts full objects, as get_var(true) does. Off by default,
// as in Godot.
func AllowObjects(allow bool) Option {
	return func(c *config) { c.codec = append(c.codec, gdvar.AllowObjects(allow)) }
}

// WithLimits sets the codec's limits (see gdvar.Limits).
func WithLimits(l gdvar.Limits) Option {
	return func(c *config) { c.codec = append(c.codec, gdvar.WithLimits(l)) }
}

// WithCodecOptions passes options to gdvar's codec as the Reader decodes
// and the Writer encodes, such as gdvar.WithMathPrecision for a double
// build of Godot or gdvar.Semantic.
func WithCodecOptions(opts ...gdvar.Option) Option {
	return func(c *config) { c.codec = append(c.codec, opts...) }
}

// WithMaxFrame sets the largest frame a Reader accepts, in bytes (default
// DefaultMaxFrame). A longer frame fails before its body is read.
func WithMaxFrame(n int64) Option { return func(c *config) { c.maxFrame = n } }

// SkipOversizedFrames makes a Reader skip a frame longer than the maximum
// (reading and dropping its body, with bounded memory) and go on with the
// next one, after reporting it. Without it, such a frame breaks the Reader,
// as the stream cannot be trusted: close the connection.
func SkipOversizedFrames() Option { return func(c *config) { c.skipOversized = true } }
