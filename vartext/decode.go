package vartext

import (
	"errors"
	"io"
	"reflect"

	"github.com/gdvar/gdvar"
)

// Decoder reads values in the text form from an io.Reader, one after
// another (separated by white space, as a file of values on lines is), as
// str_to_var reads each. It holds 64 KiB of the text at a time: Decode
// holds the value it builds besides, DecodeTo nothing more than a number
// per container and long string of the value (see DecodeTo).
type Decoder struct {
	cfg    config
	r      io.Reader
	seeker io.Seeker // r, when it can go back
	origin int64     // r's offset when the Decoder started
	p      parser
	tree   treeBuilder
	toks   tokenBuilder
	keys   keyCheck
	once   bool // see OnePass
	err    error
}

// newDecoder returns a Decoder reading the values in r with checked
// settings.
func newDecoder(r io.Reader, cfg config) *Decoder {
	d := &Decoder{cfg: cfg, r: r}
	if s, ok := r.(io.Seeker); ok {
		if at, err := s.Seek(0, io.SeekCurrent); err == nil {
			d.seeker, d.origin = s, at
		}
	}
	d.p.cfg = d.cfg
	d.p.s.reset(r)
	return d
}

// ReadGodot42Floats reports whether a float decoded so far, in the Godot 4
// dialect, was in digits Godot 4.0 to 4.2 print and no later version
// does (see [WithGodot42Floats]): text those versions wrote.
func (d *Decoder) ReadGodot42Floats() bool { return d.p.floats42 }

// InputOffset returns the offset just after the last value decoded.
func (d *Decoder) InputOffset() int64 { return d.p.s.offset() }

// start skips to the next value, reporting io.EOF when there is none. An
// error of a Decoder is final: it stopped inside a value.
func (d *Decoder) start() error {
	if d.err != nil {
		return d.err
	}
	if d.p.s.skipSpace(); d.p.s.atEnd() {
		if err := d.p.s.inputError(); err != nil {
			return err
		}
		return io.EOF
	}
	d.p.depth = 0
	return nil
}

// parse reads a value into b; an error is final.
func (d *Decoder) parse(b builder) error {
	d.p.b = b
	if err := d.p.value(); err != nil {
		d.err = err
		return err
	}
	return nil
}

// Decode parses the next value into v, as [Unmarshal] does. It returns io.EOF
// when only white space and comments are left.
func (d *Decoder) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("vartext: Decode needs a non-nil pointer")
	}
	if err := d.start(); err != nil {
		return err
	}
	root, err := d.decodeAny()
	if err != nil {
		return err
	}
	if p, ok := v.(*any); ok {
		*p = root
		return nil
	}
	return d.cfg.binary().Convert(root, v)
}

// decodeAny parses the next value into the generic form.
func (d *Decoder) decodeAny() (any, error) {
	d.tree.reset(d.cfg)
	err := d.parse(&d.tree)
	root := d.tree.root
	d.tree.release()
	return root, err
}

// DecodeTo parses the next value and writes it to enc, the binary form's
// [Encoder], as tokens: math values with the reals of [gdvar.WithMathPrecision]. It
// returns io.EOF when only white space and comments are left.
//
// The binary form gives each container's element count and each string's
// length before the contents, where the text gives them after, so DecodeTo
// reads a value twice when its input can seek (a file, a bytes.Reader):
// first to note those counts, then to write the tokens. It then holds a
// number per container, packed array and string of more than 32 KiB, never
// the value itself, and the keys of the Dictionaries open, to find a key
// given twice (the engine keeps one entry of it). From an input that cannot
// seek, or when a Dictionary has a key twice, the value is built whole
// first, as Decode builds it.
func (d *Decoder) DecodeTo(enc *gdvar.Encoder) error {
	if err := d.start(); err != nil {
		return err
	}
	defer d.keys.release()
	if d.once {
		return d.decodeOnce(enc)
	}
	if d.seeker == nil {
		var v any
		if err := d.Decode(&v); err != nil {
			return err
		}
		return d.encode(enc, v)
	}
	m := d.p.s.mark()
	d.toks.sizing(d.cfg)
	d.keys.reset()
	d.p.keys, d.p.skim = &d.keys, true
	err := d.parse(&d.toks)
	d.p.keys, d.p.skim = nil, false
	if err != nil {
		return err
	}
	if _, err := d.seeker.Seek(d.origin+m.at, io.SeekStart); err != nil {
		d.err = err
		return err
	}
	d.p.s.restart(m)
	if d.keys.dups { // the engine keeps one entry of a key given twice
		var v any
		if err := d.Decode(&v); err != nil {
			return err
		}
		return d.encode(enc, v)
	}
	d.toks.writing(enc)
	return d.parse(&d.toks)
}

// OnePass makes DecodeTo read each value once, from any reader, giving
// each count and long string's length as [gdvar.DeferredCount]: the [Encoder]
// fills them in when they end, so it must write to an io.WriteSeeker (a
// file). DecodeTo then holds nothing more than the keys of the
// Dictionaries open, to find a key given twice. Such a Dictionary cannot be
// written in one pass (the engine keeps one entry of the key, where it
// came first, with the value it had last): DecodeTo returns [ErrKeyTwice],
// having written the value as it reads, and stands after the value. Drop
// what was written and decode the value again with a Decoder without
// OnePass, as [ToBinary] does.
func (d *Decoder) OnePass() { d.once = true }

// ErrKeyTwice is DecodeTo's error, after OnePass, for a value with a
// Dictionary that has a key twice.
var ErrKeyTwice = errors.New("vartext: a Dictionary has a key twice, which one pass cannot write: decode the value again without OnePass")

// decodeOnce is DecodeTo after OnePass.
func (d *Decoder) decodeOnce(enc *gdvar.Encoder) error {
	d.toks.deferring(d.cfg, enc)
	d.keys.reset()
	d.p.keys = &d.keys
	err := d.parse(&d.toks)
	d.p.keys = nil
	if err == nil && d.keys.dups {
		err = ErrKeyTwice
	}
	return err
}

// encode writes a value in the generic form to enc as DecodeTo does.
func (d *Decoder) encode(enc *gdvar.Encoder, v any) error { return d.writeTree(enc, v) }
