package vartext

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
)

// config is what vartext takes from its options; gdvar's own options other
// than WithMathPrecision do not apply to text.
type config struct {
	dialect     Dialect
	precision   gdvar.Precision
	asHeld      bool  // values as the engine holds them read from text (see quoter, appendNodePath)
	resource    int8  // 0, or the format of the resource file whose syntax applies (see Entry, ExtResourceClass)
	exactFloats bool  // see WithExactFloats
	exactText   bool  // strings and NodePaths held from text read back as held (see stringBOM, appendNodePath)
	err         error // the first invalid option
}

func newConfig(opts []gdvar.Option) config {
	text, shared, err := optset.Read(opts, optset.TextKey, "vartext")
	c := config{err: err, asHeld: text.AsHeld, resource: text.Resource, exactFloats: text.Exact, exactText: text.ExactText}
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
	return optset.Option(optset.TextKey, "vartext.WithDialect", err, func(t *optset.Text) { t.Dialect = int8(d) + 1 }).(gdvar.Option)
}

// WithExactFloats makes the Godot 4 dialect write every 64-bit float in
// digits Godot's parser reads back as the same number, so that a value
// written here and loaded by the engine is the value given.
//
// By default floats are printed as var_to_str prints them: the shortest
// digits a correctly rounding parser reads back, or the 32-bit float's
// digits for a value that is exactly one. Godot's own parser is not
// correctly rounding (it keeps 18 digits, leading zeros included, and
// scales by rounded powers of ten): it reads a quarter of the floats
// between 1e-20 and 1e20 drawn at random, 1 in 13 of the floats Godot 3's
// text holds (six significant digits) and nearly every 32-bit float held
// as a 64-bit one, one unit in the last place off. With the option such a
// float is written in the shortest other digits the engine reads exactly,
// or failing those, in 16 to 18 digits near its own. Every float read from
// Godot 3's text is then read back exactly (the six digits Godot 3 wrote
// are among those tried, and read as what Godot 3 read); of random ones,
// 1 in 120 between 1e-20 and 1e20 and 1 in 25 of any size (mostly the
// very large and very small) get no digits from the search, and are
// written as var_to_str writes them. Components of math types and 32-bit
// packed arrays, held in 32 bits, are read back exactly either way.
// The search costs a few microseconds for each float that needs it
// (BenchmarkExactFloats), against 70 ns to print one.
//
// The older dialects print six significant digits, as their engines do;
// the option does not change them.
func WithExactFloats(on bool) gdvar.Option {
	return optset.Option(optset.TextKey, "vartext.WithExactFloats", nil, func(t *optset.Text) { t.Exact = on }).(gdvar.Option)
}

// stringBOM is what a String, StringName or PackedStringArray element
// keeps of a leading byte order mark: none as the engine decodes it, one
// as it holds it read from text, and with exactText one more, which the
// engines' readers drop.
func (c *config) stringBOM() bomRule {
	switch {
	case !c.asHeld:
		return dropBOM
	case c.exactText:
		return doubleBOM
	}
	return keepBOM
}
