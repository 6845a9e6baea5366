package vartext

import (
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/viabinary"
)

// forms are the binary forms values go through, made once: forms[e][0] of
// engine version e with the reals gdvar's Marshal chooses (Encode's),
// forms[e][1+p] with the reals of precision p (a Decoder's, whose text
// values have the reals WithMathPrecision selects).
var forms = func() (f [gdvar.Godot2 + 1][gdvar.Double + 2]viabinary.Form) {
	for e := range f {
		engine := gdvar.WithEngine(gdvar.Engine(e))
		f[e][0] = viabinary.MustForm(gdvar.MustCodec(engine))
		for p := gdvar.Single; p <= gdvar.Double; p++ {
			f[e][1+p] = viabinary.MustForm(gdvar.MustCodec(engine, gdvar.WithMathPrecision(p)))
		}
	}
	return f
}()

// binary returns the binary form of the values a Decoder reads: of the
// dialect's engine version, with the reals of the precision.
func (c *config) binary() viabinary.Form { return forms[c.dialect.Engine()][1+c.precision] }

// marshalForm returns the binary form Encode prints a Go value through:
// of the dialect's engine version, with the reals gdvar's Marshal chooses.
func (c *config) marshalForm() viabinary.Form { return forms[c.dialect.Engine()][0] }
