package stream

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
)

// DefaultMaxFrame is the largest frame a Reader accepts unless told
// otherwise: small enough to be safe on a public port. Godot itself
// allocates whatever a length word says.
const DefaultMaxFrame = 16 << 20

// config is what a Reader, Writer, Peer or PacketPeer takes from its options:
// the list, checked here, goes on to gdvar's codec.
type config struct {
	codec         []gdvar.Option
	maxFrame      int64
	skipOversized bool
	err           error // the first invalid option
}

func newConfig(opts []gdvar.Option) config {
	s, _, err := optset.Read(opts, settingsKey, "stream")
	c := config{codec: optset.Forward(opts).([]gdvar.Option), maxFrame: s.maxFrame, skipOversized: s.skipOversized, err: err}
	if c.maxFrame == 0 {
		c.maxFrame = DefaultMaxFrame
	}
	return c
}

// settings are what this package's options set.
type settings struct {
	maxFrame      int64 // 0 when not set
	skipOversized bool
}

var settingsKey = optset.NewKey[settings]("stream")

// option makes a gdvar.Option, named name, of a setting of this package;
// a non-nil err makes it invalid.
func option(name string, err error, set func(*settings)) gdvar.Option {
	return optset.Option(settingsKey, "stream."+name, err, set).(gdvar.Option)
}

// WithMaxFrame sets the largest frame a Reader accepts, in bytes (default
// DefaultMaxFrame; at least 1). A longer frame fails before its body is read.
func WithMaxFrame(n int64) gdvar.Option {
	var err error
	if n < 1 {
		err = fmt.Errorf("stream: max frame %d", n)
	}
	return option("WithMaxFrame", err, func(s *settings) { s.maxFrame = n })
}

// SkipOversizedFrames, when on, makes a Reader skip a frame longer than the
// maximum (reading and dropping its body, with bounded memory) and go on
// with the next one, after reporting it. Without it, such a frame breaks the
// Reader, as the stream cannot be trusted: close the connection.
func SkipOversizedFrames(on bool) gdvar.Option {
	return option("SkipOversizedFrames", nil, func(s *settings) { s.skipOversized = on })
}
