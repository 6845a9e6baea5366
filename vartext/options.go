package vartext

import (
	"fmt"

	"github.com/gdvar/gdvar"

	"github.com/gdvar/gdvar/internal/optset"
)

// An Option configures the reading and writing of the text form: a [Codec],
// an [Encoder], a [Decoder], [Marshal], [Unmarshal]. Each is checked once, where
// the value is made or the function called.
type Option func(*config)

// config is what vartext takes from its options.
type config struct {
	dialect     Dialect
	dialectSet  bool // WithDialect was given
	precision   gdvar.Precision
	asHeld      bool  // values as the engine holds them read from text (see quoter, appendNodePath)
	resource    int8  // 0, or the format of the resource file whose syntax applies (see Entry, ExtResourceClass)
	exactFloats bool  // see WithExactFloats
	floats42    bool  // see WithGodot42Floats
	exactText   bool  // strings and NodePaths held from text read back as held (see stringBOM, appendNodePath)
	keepSorted  bool  // see KeepSortedKeys
	err         error // the first invalid option
}

// newConfig returns the settings opts make, or the error, matching
// gdvar.ErrInvalidOption, of the first invalid one.
func newConfig(opts []Option) (config, error) {
	return optset.With(config{}, opts, func(c *config) error { return c.err })
}

// invalid records the first invalid option.
func (c *config) invalid(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%w: "+format, append([]any{gdvar.ErrInvalidOption}, args...)...)
	}
}

// WithDialect selects the engine version of the text form (default [Godot4]).
func WithDialect(d Dialect) Option {
	return func(c *config) {
		c.dialect, c.dialectSet = d, true
		if d > Godot2 {
			c.invalid("vartext.WithDialect(%d): unknown dialect", d)
		}
	}
}

// WithMathPrecision selects the reals of the math types and packed vector
// arrays a [Decoder] reads from text into their binary form (DecodeTo,
// [ToBinary]) and Go values: Single (the default, as the standard builds of
// the engine hold them) or Double, as a precision=double build does.
func WithMathPrecision(p gdvar.Precision) Option {
	return func(c *config) {
		c.precision = p
		if p > gdvar.Double {
			c.invalid("vartext.WithMathPrecision(%d): unknown precision", p)
		}
	}
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
func WithExactFloats(on bool) Option { return func(c *config) { c.exactFloats = on } }

// WithGodot42Floats makes the Godot 4 dialect print a float as Godot 4.0
// to 4.2 did where that differs from what later versions print and its
// digits read back as the same float, so that a file those editors
// wrote comes back as it was (see [Decoder.ReadGodot42Floats]). Those
// versions printed every float with C's %g, six significant digits, of a
// math component's or a 32-bit packed array's float32 or of a float's
// float64; later ones print the shortest digits that read back. The two
// differ for a 32-bit subnormal (3.58732e-43, where 4.3 prints 3.59e-43),
// a 64-bit one below 1e-318 or so, and a number from 1e6 to 1e15, which
// %g prints in scientific notation (1.23457e+06, where 4.3 prints
// 1234570). A float whose six digits do not read back as it is printed
// as by default. The older dialects print six digits anyway.
func WithGodot42Floats(on bool) Option { return func(c *config) { c.floats42 = on } }

// WithResourceFormat makes values read and written in the syntax of the
// text resource files (.tres, .tscn) of a format: 2 (Godot 3), 3 (Godot 4)
// or 4 (Godot 4, for a file holding a PackedVector4Array or a long
// PackedByteArray); 0, the default, for none. In that syntax
// ExtResource("id") and SubResource("id") are references, objects of class
// [ExtResourceClass] and [SubResourceClass], a [Decoder] reads a section's tag
// (Entry.Attrs), an Array or Dictionary typed with a script names it as
// ExtResource("id"), and format 4 writes a PackedByteArray in base64 and
// negative infinity as -inf.
func WithResourceFormat(format int) Option {
	return func(c *config) {
		c.resource = int8(format)
		if format != 0 && (format < 2 || format > 4) {
			c.invalid("vartext.WithResourceFormat(%d): want 2, 3, 4 or 0", format)
		}
	}
}

// AsReadFromText makes an [Encoder] write values as the engine holds them
// once it read them from text (a ConfigFile's, a resource file's), rather
// than as it holds them decoded from the binary form: a String,
// StringName or NodePath name keeps a leading byte order mark, which the
// decoding drops, and Godot 3 keeps the "/" of an absolute NodePath of no
// names. ConfigFiles and resource files are written so.
func AsReadFromText(on bool) Option { return func(c *config) { c.asHeld = on } }

// KeepSortedKeys makes an [Encoder] keep a Dictionary's keys in their own
// order where the engine's sort would move only keys its comparison finds
// equal (Godot 4's Objects: a resource file's ExtResource and SubResource
// keys; Colors). The engine's sort is not stable: run again over more than
// 16 such keys, as a re-save does, it reorders them, so the text it wrote
// would not come back. Resource files read from text are written so;
// their re-save through the engine is not.
func KeepSortedKeys(on bool) Option { return func(c *config) { c.keepSorted = on } }

// WithExactStrings, with [AsReadFromText], makes an [Encoder] write a String,
// StringName or NodePath whose text starts with a byte order mark with one
// more: both engines' readers drop the first, and then read back the value
// as held. Without it the engines' own writers are followed, whose text of
// "\uFEFFa" reads back as "a", and of a path "\uFEFF/a" as "/a".
func WithExactStrings(on bool) Option { return func(c *config) { c.exactText = on } }

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
