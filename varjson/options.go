package varjson

import "github.com/gdvar/gdvar"

// An Option configures the reading and writing of the JSON form: a
// [Codec], which holds them made once, or [Marshal], [Unmarshal], an [Encoder],
// a [Decoder], [FromBinary] and [ToBinary]. varjson has one, [WithCodec], which
// takes gdvar's settings checked already: none can be invalid here.
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
// generic form) and, for [FromBinary], the limits and the other settings it
// reads the binary value with (default: gdvar's defaults, Godot 4).
func WithCodec(c *gdvar.Codec) Option { return func(cfg *config) { cfg.codec = c } }

// engine returns the engine version of the binary form.
func (c config) engine() gdvar.Engine { return c.codec.Engine() }

// objectCodecs are each engine version's codecs with full objects allowed,
// made once.
var objectCodecs = func() (c [gdvar.Godot2 + 1]*gdvar.Codec) {
	for e := range c {
		c[e] = gdvar.MustCodec(gdvar.WithEngine(gdvar.Engine(e)), gdvar.AllowObjects(true))
	}
	return c
}()

// binary returns the codec values go through, with full objects, as a
// value given to Marshal has already been accepted; its Unbounded reads
// back what it writes.
func (c config) binary() *gdvar.Codec { return objectCodecs[c.engine()] }
