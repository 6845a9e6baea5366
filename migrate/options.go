package migrate

import (
	"fmt"

	"github.com/gdvar/gdvar"
)

// An Option configures [Save] and [Values], which check them before they read
// or write anything.
type Option func(*options)

// options are what Save and Values take from their Options.
type options struct {
	codec    *gdvar.Codec // nil: full objects accepted, the default limits
	maxFrame int64        // 0 for stream's default
	err      error        // the first invalid option
}

// WithCodec sets the codec the source is read with: its limits, and
// whether it accepts full objects ([gdvar.AllowObjects]). Its values are
// read as Godot 3's, in their semantic form ([gdvar.Semantic]), whatever it
// says. Without WithCodec, full objects are accepted (migrating one does
// not make it), within the default limits.
func WithCodec(c *gdvar.Codec) Option { return func(o *options) { o.codec = c } }

// WithMaxFrame bounds a record [Save] reads, in bytes (default
// stream.DefaultMaxFrame, 16 MiB; at least 1).
func WithMaxFrame(n int64) Option {
	return func(o *options) {
		o.maxFrame = n
		if n < 1 && o.err == nil {
			o.err = fmt.Errorf("%w: migrate.WithMaxFrame(%d): want at least 1", gdvar.ErrInvalidOption, n)
		}
	}
}

// anyObjects reads Godot 3's values with full objects accepted, in their
// semantic form, which Godot 4 then gets as it writes them.
var anyObjects = gdvar.MustCodec(gdvar.AllowObjects(true), gdvar.WithEngine(gdvar.Godot3), gdvar.Semantic(true))

// source returns the checked options opts make, and the codec of the
// source they describe.
func source(opts []Option) (options, *gdvar.Codec, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.err != nil {
		return o, nil, o.err
	}
	if o.codec == nil {
		return o, anyObjects, nil
	}
	c, err := o.codec.With(gdvar.WithEngine(gdvar.Godot3), gdvar.Semantic(true))
	return o, c, err
}
