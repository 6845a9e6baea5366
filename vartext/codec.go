package vartext

import (
	"bytes"
	"errors"
	"io"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/fallback"
	"github.com/gdvar/gdvar/internal/optset"
)

// A Codec is a set of vartext options checked once: the dialect and the
// other settings of [Marshal], [Unmarshal], Decoders and Encoders. It never
// changes once made, so one Codec may serve any number of goroutines, and
// the packages that write text take it whole. A nil *Codec is the default,
// as are the package's Marshal and Unmarshal without options.
//
//	godot3, err := vartext.NewCodec(vartext.WithDialect(vartext.Godot3))
//	if err != nil { … }               // an invalid option, found once
//	text, err := godot3.Marshal(v)
type Codec struct{ cfg config }

// NewCodec returns the [Codec] of opts, or the error, matching
// [gdvar.ErrInvalidOption], of the first invalid one.
func NewCodec(opts ...Option) (*Codec, error) { return (*Codec)(nil).With(opts...) }

// MustCodec is [NewCodec] for options known to be valid, as in a package's
// variables (as [gdvar.MustCodec]): it panics on an invalid one.
func MustCodec(opts ...Option) *Codec { return optset.Must(NewCodec(opts...)) }

// With returns a Codec with c's settings and then opts, or the error of
// the first invalid option.
func (c *Codec) With(opts ...Option) (*Codec, error) {
	cfg, err := optset.With(c.config(), opts, func(c *config) error { return c.err })
	if err != nil {
		return nil, err
	}
	return &Codec{cfg: cfg}, nil
}

// config returns the Codec's settings: the defaults for a nil Codec.
func (c *Codec) config() config {
	if c == nil {
		return config{}
	}
	return c.cfg
}

// Dialect returns the dialect [WithDialect] set, and whether it was set
// (else [Godot4]).
func (c *Codec) Dialect() (Dialect, bool) {
	cfg := c.config()
	return cfg.dialect, cfg.dialectSet
}

// Marshal returns the text form of v, as the package's Marshal does, with
// the Codec's settings.
func (c *Codec) Marshal(v any) ([]byte, error) { return c.Append(nil, v) }

// Append appends the text form of v to dst, as [Marshal] prints it.
func (c *Codec) Append(dst []byte, v any) ([]byte, error) { return appendText(dst, v, c.config()) }

// AppendFloat appends the text of the float Variant v to dst, as Append
// prints it, without making an interface value of v.
func (c *Codec) AppendFloat(dst []byte, v float64) []byte {
	cfg := c.config()
	return cfg.appendFloat(dst, v)
}

// Unmarshal parses the one value in text into v, as the package's
// Unmarshal does, with the Codec's settings.
func (c *Codec) Unmarshal(text []byte, v any) error { return unmarshal(text, v, c.config()) }

// NewDecoder returns a [Decoder] reading the values in r with the Codec's
// settings.
func (c *Codec) NewDecoder(r io.Reader) *Decoder { return newDecoder(r, c.config()) }

// NewEncoder returns an [Encoder] writing to w with the Codec's settings.
func (c *Codec) NewEncoder(w io.Writer) *Encoder { return newEncoder(w, c.config()) }

// ToBinary converts one text value at src's offset to its binary form, as
// the package's ToBinary does, with the Codec's settings.
func (c *Codec) ToBinary(dst io.Writer, src io.ReadSeeker) error {
	return toBinary(dst, src, c.config())
}

// Marshal returns the text form of v as the engine's var_to_str prints it
// (var2str in Godot 3) in the dialect the options select ([Godot4] by
// default). v is any Go value [gdvar.Marshal] accepts, which is printed as
// the Godot value it marshals to: gdvar's generic form (what
// [gdvar.Unmarshal] puts in an interface{}: int64, float64, string,
// [gdvar.Vector2], []any, *gdvar.Dictionary, …), structs, maps, slices. Its
// errors are gdvar.Marshal's: a Go value nested too deep or containing
// itself fails cleanly ([gdvar.ErrTooDeep], [gdvar.ErrCycle]); an invalid
// option is an error matching [gdvar.ErrInvalidOption].
//
// Math types are printed with 32-bit reals, as the standard builds of the
// engine hold them. The common values of one token (strings, numbers,
// bools, null, StringNames, NodePaths) are printed directly; the rest go
// through their binary form.
func Marshal(v any, opts ...Option) ([]byte, error) { return Append(nil, v, opts...) }

// Append appends the text form of v to dst, as [Marshal] prints it.
func Append(dst []byte, v any, opts ...Option) ([]byte, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return dst, err
	}
	return appendText(dst, v, cfg)
}

// Unmarshal parses the one value in text (as str_to_var does) and stores it
// in v, a non-nil pointer. Into an interface{} it stores gdvar's generic
// form (int64, float64, string, [gdvar.Vector2], []any, *gdvar.Dictionary, …);
// into other Go types it stores what [gdvar.Unmarshal] would from the value's
// binary encoding. Every dialect's spelling is read (Godot 3's Quat and
// PoolIntArray as well as Godot 4's Quaternion and PackedInt32Array); the
// dialect selects the engine for the conversion into Go types. An invalid
// option is an error matching [gdvar.ErrInvalidOption].
//
// Object(EncodedObjectAsID,"object_id":N,…), which is how var_to_str prints
// an object written as its id, gives back the [gdvar.ObjectID].
func Unmarshal(text []byte, v any, opts ...Option) error {
	cfg, err := newConfig(opts)
	if err != nil {
		return err
	}
	return unmarshal(text, v, cfg)
}

// NewDecoder returns a [Decoder] reading the values in r, or the error,
// matching [gdvar.ErrInvalidOption], of the first invalid option.
//
// Deprecated: Use [NewCodec] (or [MustCodec]) once and its
// [Codec.NewDecoder], which checks the options once for every Decoder
// made, as the package's other constructors do.
func NewDecoder(r io.Reader, opts ...Option) (*Decoder, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	return newDecoder(r, cfg), nil
}

// NewEncoder returns an [Encoder] writing to w in the dialect the options
// select ([Godot4] by default), or the error, matching
// [gdvar.ErrInvalidOption], of the first invalid option.
//
// Deprecated: Use [NewCodec] (or [MustCodec]) once and its
// [Codec.NewEncoder], which checks the options once for every Encoder
// made.
func NewEncoder(w io.Writer, opts ...Option) (*Encoder, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	return newEncoder(w, cfg), nil
}

// ToBinary reads one text value at src's offset and writes its binary form
// to dst, as [Decoder.DecodeTo] does; it leaves src just after the value, so
// that a loop converts a sequence, and returns io.EOF when only white space
// is left.
//
// It reads the value once ([Decoder.OnePass]); a value with a Dictionary key
// given twice is converted again from its start in two passes. dst gets
// one conversion only, held back as varjson.FromBinary holds it (a dst that
// takes back must also be an io.WriteSeeker: one pass fills in counts). A
// SyntaxError's offset, line and column are src's, counted from its offset
// 0. An invalid option is an error matching [gdvar.ErrInvalidOption], before
// anything is read.
func ToBinary(dst io.Writer, src io.ReadSeeker, opts ...Option) error {
	cfg, err := newConfig(opts)
	if err != nil {
		return err
	}
	return toBinary(dst, src, cfg)
}

// appendText is Append with checked settings.
func appendText(dst []byte, v any, cfg config) ([]byte, error) {
	if b, ok := cfg.appendLeaf(dst, v); ok {
		return b, nil
	}
	w := appendWriter{b: dst}
	err := newEncoder(&w, cfg).Encode(v)
	return w.b, err
}

// appendWriter appends what is written to b.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// unmarshal is Unmarshal with checked settings.
func unmarshal(text []byte, v any, cfg config) error {
	d := newDecoder(bytes.NewReader(text), cfg)
	if err := d.Decode(v); err != nil {
		if err == io.EOF {
			return d.p.s.errorf("no value")
		}
		return err
	}
	if d.p.s.skipSpace(); !d.p.s.atEnd() {
		return d.p.s.errorf("text after the value")
	}
	return nil
}

// toBinary is ToBinary with checked settings.
func toBinary(dst io.Writer, src io.ReadSeeker, cfg config) error {
	start, err := fallback.ToBinary(dst, src, func(r io.Reader) (fallback.TextDecoder, *gdvar.Codec) {
		dec := newDecoder(r, cfg)
		return dec, cfg.binary()
	}, ErrKeyTwice)
	if se := (*SyntaxError)(nil); errors.As(err, &se) {
		fallback.Place(src, start, &se.Offset, &se.Line, &se.Column)
	}
	return err
}
