package resource

import (
	"errors"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/optset"
	"github.com/gdvar/gdvar/internal/viabinary"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

// A file's values are printed one after another as vartext.Append and
// varjson.Append print each one (through its binary form, read back), but
// by one Encoder and one Decoder for them all: those functions make new
// ones for every value, which cost more than a short property's text (a
// varjson Decoder's 64 KiB buffer, which it never gives back, for a few
// bytes of JSON).

// reread holds a value's binary form and reads it back, reusing both.
type reread struct {
	marshal []gdvar.Option
	read    []gdvar.Option // viabinary's, as the Append functions read it
	buf     []byte
	dec     *gdvar.Decoder
}

func newReread(marshal []gdvar.Option) reread {
	return reread{marshal: marshal, read: viabinary.Options(marshal), dec: gdvar.NewDecoderBytes(nil)}
}

// of returns a Decoder at the start of v's binary form.
func (r *reread) of(v any) (*gdvar.Decoder, error) {
	var err error
	if r.buf, err = gdvar.AppendMarshal(r.buf[:0], v, r.marshal...); err != nil {
		return nil, err
	}
	r.rewind()
	return r.dec, nil
}

// rewind makes the Decoder read the value again.
func (r *reread) rewind() { r.dec.ResetBytes(r.buf, r.read...) }

// textPrinter appends values in the text form, as vartext.Append does
// with the same options.
type textPrinter struct {
	bin reread
	enc *vartext.Encoder
	out []byte
}

func newTextPrinter(opts []gdvar.Option) *textPrinter {
	text, _, _ := optset.Read(opts, optset.TextKey, "resource") // an invalid option fails the Encoder
	dialect := vartext.Godot4
	if text.Dialect > 0 {
		dialect = vartext.Dialect(text.Dialect - 1)
	}
	p := &textPrinter{bin: newReread([]gdvar.Option{gdvar.WithEngine(dialect.Engine())})}
	p.enc = vartext.NewEncoder(p, opts...)
	return p
}

func (p *textPrinter) Write(b []byte) (int, error) {
	p.out = append(reserve(p.out, len(b)), b...)
	return len(b), nil
}

// append appends v's text to dst. After an error the printer prints
// nothing more.
func (p *textPrinter) append(dst []byte, v any) ([]byte, error) {
	dec, err := p.bin.of(v)
	if err != nil {
		return dst, err
	}
	p.out = dst
	err = p.enc.CopyValue(dec)
	dst, p.out = p.out, nil
	return dst, err
}

// jsonPrinter appends values in varjson's form, as varjson.Append does
// with the same options: in one pass that takes the forms values written
// by Godot take (varjson.Encoder.Guess), or, for a value that does not,
// in two.
type jsonPrinter struct {
	bin  reread
	opts []gdvar.Option
	enc  *varjson.Encoder // guessing; nil when a value needed two passes
	out  []byte
	err  error
}

func newJSONPrinter(opts []gdvar.Option) *jsonPrinter {
	shared, err := optset.SharedOf(opts, "resource", "vartext", "fileaccess")
	p := &jsonPrinter{bin: newReread([]gdvar.Option{gdvar.WithEngine(gdvar.Engine(shared.Engine)), gdvar.AllowObjects(true)}), err: err}
	p.opts = p.bin.read
	return p
}

func (p *jsonPrinter) Write(b []byte) (int, error) {
	p.out = append(reserve(p.out, len(b)), b...)
	return len(b), nil
}

// append appends v's JSON to dst.
func (p *jsonPrinter) append(dst []byte, v any) ([]byte, error) {
	if p.err != nil {
		return dst, p.err
	}
	dec, err := p.bin.of(v)
	if err != nil {
		return dst, err
	}
	if p.enc == nil {
		p.enc = varjson.NewEncoder(p, p.opts...)
		p.enc.Guess()
	}
	p.out = dst
	err = p.enc.CopyValue(dec)
	if errors.Is(err, varjson.ErrWrongGuess) { // again, after a first pass
		p.out = p.out[:len(dst)]
		p.enc = varjson.NewEncoder(p, p.opts...)
		p.bin.rewind()
		if err = p.enc.LookAhead(p.bin.dec); err == nil {
			p.bin.rewind()
			err = p.enc.CopyValue(p.bin.dec)
		}
		p.enc = nil // the next value: a guessing Encoder again
	}
	if err != nil {
		p.enc = nil // an Encoder that failed is done
		return dst, err
	}
	dst, p.out = p.out, nil
	return dst, nil
}
