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
	ext, err := optset.Read(opts)
	c := config{err: err, asHeld: ext.AsHeld, resource: ext.Resource}
	if ext.Dialect > 0 {
		c.dialect = Dialect(ext.Dialect - 1)
	}
	if ext.Precision > 0 {
		c.precision = gdvar.Precision(ext.Precision - 1)
	}
	return c
}

// WithDialect selects the engine version of the text form (default Godot4).
func WithDialect(d Dialect) gdvar.Option {
	return optset.Option(func(e *optset.Ext) error {
		e.Dialect = int8(d) + 1
		if d > Godot2 {
			return fmt.Errorf("vartext: unknown dialect %d", d)
		}
		return nil
	}).(gdvar.Option)
}
