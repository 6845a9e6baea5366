package varjson

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/viabinary"
)

// An Option configures the reading and writing of the JSON form: Marshal,
// Unmarshal, an Encoder, a Decoder, FromBinary and ToBinary. varjson has
// one, WithCodec, which takes gdvar's settings checked already: none can
// be invalid here.
type Option func(*config)

// config is what varjson takes from its options.
type config struct {
	codec *gdvar.Codec // nil for the default
}

// newConfig returns the settings opts make.
func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithCodec sets the codec of the binary form: the engine version of what
// goes through it (values kept as $Raw, and Go values other than gdvar's
// generic form) and, for FromBinary, the limits and the other settings it
// reads the binary value with (default: gdvar's defaults, Godot 4).
func WithCodec(c *gdvar.Codec) Option { return func(cfg *config) { cfg.codec = c } }

// engine returns the engine version of the binary form.
func (c config) engine() gdvar.Engine { return c.codec.Engine() }

// binary returns the binary form values go through, with full objects, as
// a value given to Marshal has already been accepted.
func (c config) binary() viabinary.Form { return viabinary.Objects(c.engine()) }
