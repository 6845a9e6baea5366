package vartext

import "github.com/gdvar/gdvar"

// codecs are the binary codecs values go through, made once: codecs[e][0]
// of engine version e with the reals gdvar's Marshal chooses (Encode's),
// codecs[e][1+p] with the reals of precision p (a Decoder's, whose text
// values have the reals WithMathPrecision selects). What one writes, its
// Unbounded reads back.
var codecs = func() (c [gdvar.Godot2 + 1][gdvar.Double + 2]*gdvar.Codec) {
	for e := range c {
		engine := gdvar.WithEngine(gdvar.Engine(e))
		c[e][0] = gdvar.MustCodec(engine)
		for p := gdvar.Single; p <= gdvar.Double; p++ {
			c[e][1+p] = gdvar.MustCodec(engine, gdvar.WithMathPrecision(p))
		}
	}
	return c
}()

// binary returns the codec of the values a Decoder reads: of the dialect's
// engine version, with the reals of the precision.
func (c *config) binary() *gdvar.Codec { return codecs[c.dialect.Engine()][1+c.precision] }

// marshalCodec returns the codec Encode prints a Go value through: of the
// dialect's engine version, with the reals gdvar's Marshal chooses.
func (c *config) marshalCodec() *gdvar.Codec { return codecs[c.dialect.Engine()][0] }
