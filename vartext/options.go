package vartext

import "github.com/gdvar/gdvar"

// Option configures Marshal, Unmarshal, an Encoder and a Decoder.
type Option func(*config)

type config struct {
	dialect   Dialect
	precision gdvar.Precision
}

func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c
}

// WithDialect selects the engine version of the text form (default Godot4).
func WithDialect(d Dialect) Option { return func(c *config) { c.dialect = d } }

// WithMathPrecision selects the reals of the math values a Decoder reads
// (Decode into Go types other than interface{}, and DecodeTo): gdvar.Single
// by default, as the standard builds of the engine read text, or
// gdvar.Double, as double-precision builds do. Colors are always 32-bit.
func WithMathPrecision(p gdvar.Precision) Option { return func(c *config) { c.precision = p } }
