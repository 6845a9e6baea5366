package configfile

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/gdvar/gdvar/vartext"
)

// File is a ConfigFile: sections in order, each with its keys in order.
// The zero File is empty and writes Godot 4's form; [New] chooses another.
type File struct {
	dialect vartext.Dialect
	text    *vartext.Codec // the values' text: nil for the default
	s       store
	like    *File // the file UnmarshalJSON's JSON was edited from (Like), or nil
}

// An Option configures a [File]: [New], [Read] and Clone check them before they
// read anything.
type Option func(*config)

// config is what a File takes from its options.
type config struct {
	text *vartext.Codec
	err  error // the first invalid option
}

// WithText sets the options of the values' text ([vartext.WithDialect],
// [vartext.WithExactFloats], …): the [File] is written in its dialect (Godot 4
// by default). An invalid one is [New]'s or [Read]'s error, matching
// gdvar.ErrInvalidOption.
func WithText(opts ...vartext.Option) Option {
	return func(c *config) {
		text, err := c.text.With(opts...)
		c.text, c.err = text, cmp.Or(c.err, err) // the first error; the text, unused then
	}
}

// New returns an empty [File] written as the options say, or the error,
// matching gdvar.ErrInvalidOption, of the first invalid one.
func New(opts ...Option) (*File, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	if c.err != nil {
		return nil, c.err
	}
	f := &File{text: c.text}
	f.dialect, _ = c.text.Dialect()
	return f, nil
}

// Clone returns a copy of f written as New(opts...) writes: the same
// sections and keys in the same order (but the section "" first in Godot
// 4), each with f's value, shared. A copy costs what f holds, where
// setting each key into a new [File] also grows it step by step. An invalid
// option is the error, matching gdvar.ErrInvalidOption.
func (f *File) Clone(opts ...Option) (*File, error) {
	g, err := New(opts...)
	if err != nil {
		return nil, err
	}
	g.s = f.s.clone()
	return g, nil
}

// Read reads a ConfigFile as the engine's load does, into a [File] written
// in the same dialect. On a syntax error it returns the error with the
// keys read before it, which the engine keeps too. An invalid option is
// the error, matching gdvar.ErrInvalidOption, before anything is read.
func Read(r io.Reader, opts ...Option) (*File, error) {
	f, err := New(opts...)
	if err != nil {
		return nil, err
	}
	d := f.text.NewDecoder(r)
	current := ""
	var v any
	for {
		e, err := d.NextEntry()
		if err == io.EOF {
			return f, nil
		}
		if err != nil {
			return f, err
		}
		if e.Section {
			current = e.Name
			continue
		}
		if err := d.Decode(&v); err != nil {
			if err == io.EOF {
				err = fmt.Errorf("configfile: key %q: no value before the end of the input", e.Name)
			}
			return f, err
		}
		if e.Name != "" { // as the engine, which drops an empty key
			f.Set(current, e.Name, v)
		}
	}
}

// Dialect returns the engine version the file is written for.
func (f *File) Dialect() vartext.Dialect { return f.dialect }

// Sections returns the sections' names, in order.
func (f *File) Sections() []string {
	names := make([]string, 0, f.s.held)
	for name := range f.sections() {
		names = append(names, name)
	}
	return names
}

// sections yields the sections by name and number, in order: as they
// came, but the section "" first in Godot 4, whose set_value puts it
// first.
func (f *File) sections() iter.Seq2[string, int32] {
	return func(yield func(string, int32) bool) {
		top := int32(-1)
		if f.dialect == vartext.Godot4 {
			if top = f.s.find(""); top >= 0 && !yield("", top) {
				return
			}
		}
		for name, sec := range f.s.all() {
			if sec != top && !yield(name, sec) {
				return
			}
		}
	}
}

// Keys returns the keys of a section, in order, or nil if there is no such
// section.
func (f *File) Keys(section string) []string {
	sec := f.s.find(section)
	if sec < 0 {
		return nil
	}
	keys := make([]string, 0, f.s.sections.at(sec).keys)
	for k := range f.s.keys(sec) {
		keys = append(keys, k)
	}
	return keys
}

// Key is a key of a section.
type Key struct{ Section, Name string }

// All yields every key with its value, section by section, in the order
// of [File.Sections] and [File.Keys], without making lists of them. The [File] must not
// change during the walk.
func (f *File) All() iter.Seq2[Key, any] {
	return func(yield func(Key, any) bool) {
		for name, sec := range f.sections() {
			for k, v := range f.s.keys(sec) {
				if !yield(Key{name, k}, v) {
					return
				}
			}
		}
	}
}

// Get returns a key's value, and whether the key is there.
func (f *File) Get(section, key string) (any, bool) { return f.s.get(section, key) }

// Set sets a key's value, as the engine's set_value does: a new key comes
// last in its section, a key set again keeps its place, and nil erases the
// key (and the section with its last key). A new section comes last, but
// the section "" comes first in Godot 4.
func (f *File) Set(name, key string, v any) {
	if v == nil {
		f.s.remove(name, key)
		return
	}
	f.s.set(name, key, v)
}

// WriteTo writes the file as the engine's save does (see [File.Append]), through
// a buffer of 64 KiB, not holding its text whole. On an error (a value
// with no text form in the dialect) the text before the value has been
// written.
func (f *File) WriteTo(w io.Writer) (int64, error) {
	c := &countingWriter{w: w}
	b := bufio.NewWriterSize(c, 64<<10)
	err := f.write(b)
	if err == nil {
		err = b.Flush()
	}
	return c.n, err
}

// countingWriter counts the bytes written to w.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Append appends the file's text, as the dialect's ConfigFile.save writes
// it, to dst: a blank line between sections, each "[name]" and a blank
// line, then a line "key=value" a key. Godot 4 writes the section "" with
// no header and escapes "]" in names as "\]"; Godot 3 writes "[]" for it
// and names as they are. A space, which reading trims, goes before a
// name's leading byte order mark (which reading would drop) and, in Godot
// 4, after its trailing backslash (which would escape the "]"): the
// engine's save writes none, and cannot read back what it wrote. [File.Keys]
// holding a character that would not read back (white space, "=", quotes,
// brackets, ";", non-ASCII) are quoted, as property_name_encode does,
// except in Godot 3.2, which writes every key as it is.
func (f *File) Append(dst []byte) ([]byte, error) {
	w := appendWriter{b: dst}
	err := f.write(&w)
	return w.b, err
}

// appendWriter appends what is written to b.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// write writes the file's text to w (see Append): the text around the
// values from a buffer of a line, the values with one vartext.Encoder (an
// Encoder a value took hundreds of bytes each).
func (f *File) write(w io.Writer) error {
	// Values are written as the engine holds them read from text: a
	// String keeps a leading byte order mark (one left by the decoding
	// that dropped the first), Godot 3 an absolute empty NodePath its "/".
	held, err := f.text.With(vartext.AsReadFromText(true))
	if err != nil {
		return err
	}
	enc := held.NewEncoder(w)
	var line []byte
	first := true
	for name, sec := range f.sections() {
		if !first {
			line = append(line, '\n')
		}
		first = false
		if f.dialect != vartext.Godot4 || name != "" {
			line = append(f.appendHeader(line, name), "\n\n"...)
		}
		for k, v := range f.s.keys(sec) {
			line = append(f.appendKey(line, k), '=')
			if _, err := w.Write(line); err != nil {
				return err
			}
			if err := enc.Encode(v); err != nil {
				return fmt.Errorf("configfile: [%s] %s: %w", name, k, err)
			}
			line = append(line[:0], '\n')
		}
	}
	_, err = w.Write(line)
	return err
}

// appendHeader appends a section's header as the dialect's save writes
// it, but padded with a space where the engine's reading would change the
// name: before a leading byte order mark, which the decoding drops, and,
// in Godot 4, before the "]" after a trailing backslash, which would
// escape it (the padding is trimmed on reading).
func (f *File) appendHeader(dst []byte, name string) []byte {
	dst = append(dst, '[')
	if !f.namesAsBytes() && strings.HasPrefix(name, "\ufeff") {
		dst = append(dst, ' ')
	}
	if f.dialect != vartext.Godot4 {
		return append(append(dst, name...), ']')
	}
	dst = append(dst, strings.ReplaceAll(name, "]", `\]`)...)
	if strings.HasSuffix(name, `\`) {
		dst = append(dst, ' ')
	}
	return append(dst, ']')
}

// appendKey appends a key as the dialect writes it: as a property's name,
// but in Godot 3.2, whose ConfigFile writes every key as it is.
func (f *File) appendKey(dst []byte, k string) []byte {
	if f.namesAsBytes() {
		return append(dst, k...)
	}
	return f.dialect.AppendPropertyName(dst, k)
}

// namesAsBytes reports whether the dialect's ConfigFile writes section
// names and keys as they are and reads them a byte a character, undecoded
// (Godot 3.2 and 2).
func (f *File) namesAsBytes() bool {
	return f.dialect == vartext.Godot32 || f.dialect == vartext.Godot2
}

// Bytes returns the file's text (see [File.Append]).
func (f *File) Bytes() ([]byte, error) { return f.Append(nil) }
