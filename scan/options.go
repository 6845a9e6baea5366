package scan

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

// An Option configures a scan; each function checks them before it reads
// anything.
type Option func(*options)

// options are what the functions take from their Options.
type options struct {
	codec    *gdvar.Codec // nil for the default
	maxFrame int64        // 0 for stream's default
	err      error        // the first invalid option
}

// WithCodec sets the codec of the binary values scanned: their engine
// version (Values, Save; a ConfigFile's or resource file's values are its
// own version's) and limits. Full objects are read whatever it says.
func WithCodec(c *gdvar.Codec) Option { return func(o *options) { o.codec = c } }

// WithMaxFrame bounds a record Save reads, in bytes (default
// stream.DefaultMaxFrame; at least 1).
func WithMaxFrame(n int64) Option {
	return func(o *options) {
		o.maxFrame = n
		if n < 1 {
			o.invalid("scan.WithMaxFrame(%d): want at least 1", n)
		}
	}
}

// invalid records the first invalid option.
func (o *options) invalid(format string, args ...any) {
	if o.err == nil {
		o.err = fmt.Errorf("%w: "+format, append([]any{gdvar.ErrInvalidOption}, args...)...)
	}
}

// newOptions returns the settings opts make, or the error of the first
// invalid one.
func newOptions(opts []Option) (options, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	return o, o.err
}

// frames returns the stream options of Save, which reads with codec.
func (o *options) frames(codec *gdvar.Codec) []stream.Option {
	opts := []stream.Option{stream.WithCodec(codec)}
	if o.maxFrame != 0 {
		opts = append(opts, stream.WithMaxFrame(o.maxFrame))
	}
	return opts
}
