package vartext

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
)

// config is what vartext takes from its options; gdvar's own options other
// than WithMathPrecision do not apply to text.
type config struct {
	dialect   Dialect
	precision gdvar.Precision
	asHeld    bool  // values as the engine holds them read from text (see quoter, appendNodePath)
	resource  int8  // 0, or the format of the resource file whose syntax applies (see Entry, ExtResourceClass)
	err       error // the first invalid option
}

func newConfig(opts []gdvar.Option) config {
	text, shared, err := optset.Read(opts, optset.TextKey)
	c := config{err: err, asHeld: text.AsHeld, resource: text.Resource}
	if text.Dialect > 0 {
		c.dialect = Dialect(text.Dialect - 1)
	}
	if shared.Precision > 0 {
		c.precision = gdvar.Precision(shared.Precision - 1)
	}
	return c
}

// WithDialect selects the engine version of the text form (default Godot4).
func WithDialect(d Dialect) gdvar.Option {
	var err error
	if d > Godot2 {
		err = fmt.Errorf("vartext: unknown dialect %d", d)
	}
	return optset.Option(optset.TextKey, err, func(t *optset.Text) { t.Dialect = int8(d) + 1 }).(gdvar.Option)
}
