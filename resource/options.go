package resource

import (
	"cmp"
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
)

// An Option configures [Read] and [NewFile], which check them before they read
// anything.
type Option func(*config)

// config is what Read and NewFile take from their options.
type config struct {
	text       *vartext.Codec // nil for the default
	scripts    Scripts
	maxContent int64 // fileaccess's default when 0
	err        error // the first invalid option
}

// newConfig returns the settings opts make, or the error, matching
// gdvar.ErrInvalidOption, of the first invalid one.
func newConfig(opts []Option) (config, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	return c, c.err
}

// WithText sets the options of the values' text ([vartext.WithDialect],
// [vartext.WithExactFloats], …). Its dialect chooses the engine version:
// without one, a text file's format says it, and a binary file's header;
// [NewFile]'s [File] is Godot 4's. An invalid one is [Read]'s or NewFile's
// error, matching [gdvar.ErrInvalidOption].
func WithText(opts ...vartext.Option) Option {
	return func(c *config) {
		text, err := c.text.With(opts...)
		c.text, c.err = text, cmp.Or(c.err, err) // the first error; the text, unused then
	}
}

// WithScripts has [Read] and [NewFile]'s [File] know what its scripts declare:
// a value Godot 4.6 loads into a typed Array or Dictionary is written
// typed, as it saves it; the binary form's names table names every stored
// variable, those left at their defaults too, and writes null those
// declared an Object, which the text form leaves out (Godot 4.6 and 3).
// Without it a File has only what the file says (see docs/resources.md).
// A [Scripts] that is also a [Shaders] gives the code of the project's
// shaders too, which a ShaderMaterial's parameters follow.
func WithScripts(s Scripts) Option { return func(c *config) { c.scripts = s } }

// WithMaxContentSize sets the most content [Read] accepts in a compressed
// binary file, as [fileaccess.WithMaxContentSize] does (default
// [fileaccess.DefaultMaxContentSize]; at least 1).
func WithMaxContentSize(n int64) Option {
	return func(c *config) {
		c.maxContent = n
		if n < 1 && c.err == nil {
			c.err = fmt.Errorf("%w: resource.WithMaxContentSize(%d): want at least 1", gdvar.ErrInvalidOption, n)
		}
	}
}

// container returns the fileaccess options of a compressed file's content.
func (c *config) container() []fileaccess.Option {
	if c.maxContent == 0 {
		return nil
	}
	return []fileaccess.Option{fileaccess.WithMaxContentSize(c.maxContent)}
}

// textOf returns the text of a file of dialect d read or made with c: c's
// options, in d.
func (c *config) textOf(d vartext.Dialect) (*vartext.Codec, error) {
	return c.text.With(vartext.WithDialect(d))
}
