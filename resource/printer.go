package resource

import (
	"errors"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/varjson"
	"github.com/gdvar/gdvar/vartext"
)

// A file's values are printed one after another as vartext.Append and
// varjson.Append print each one (through its binary form, read back, but
// for the values of one token, which vartext prints directly), by one
// Encoder and one Decoder for them all: those functions make new ones for
// every value, which cost more than a short property's text (a varjson
// Decoder's 64 KiB buffer, which it never gives back, for a few bytes of
// JSON).

// textPrinter appends values in the text form, as vartext.Append does
// with the same options; its Encoder keeps what it turns each value into
// tokens with for the next.
type textPrinter struct {
	enc *vartext.Encoder
	out []byte
}

func newTextPrinter(text *vartext.Codec) *textPrinter {
	p := &textPrinter{}
	p.enc = text.NewEncoder(p)
	return p
}

func (p *textPrinter) Write(b []byte) (int, error) {
	p.out = append(reserve(p.out, len(b)), b...)
	return len(b), nil
}

// append appends v's text to dst. After an error the printer prints
// nothing more.
func (p *textPrinter) append(dst []byte, v any) ([]byte, error) {
	p.out = dst
	err := p.enc.Encode(v)
	dst, p.out = p.out, nil
	return dst, err
}

// jsonPrinter appends values in varjson's form, as varjson.Append does
// with the same options: in one pass that takes the forms values written
// by Godot take (varjson.Encoder.Guess), or, for a value that does not,
// in two.
type jsonPrinter struct {
	codec *gdvar.Codec     // of the binary form
	buf   []byte           // the binary form of the value being printed
	dec   *gdvar.Decoder   // reads it (codec's Unbounded), reused
	enc   *varjson.Encoder // guessing; nil when a value needed two passes
	out   []byte
}

// newJSONPrinter returns a jsonPrinter of values of engine version e.
func newJSONPrinter(e gdvar.Engine) *jsonPrinter {
	codec := gdvar.MustCodec(gdvar.WithEngine(e), gdvar.AllowObjects(true))
	return &jsonPrinter{codec: codec, dec: codec.Unbounded().NewDecoderBytes(nil)}
}

func (p *jsonPrinter) Write(b []byte) (int, error) {
	p.out = append(reserve(p.out, len(b)), b...)
	return len(b), nil
}

// rewind makes the Decoder read the value's binary form from its start.
func (p *jsonPrinter) rewind() { p.dec.ResetBytes(p.buf) }

// append appends v's JSON to dst.
func (p *jsonPrinter) append(dst []byte, v any) ([]byte, error) {
	var err error
	if p.buf, err = p.codec.AppendMarshal(p.buf[:0], v); err != nil {
		return dst, err
	}
	p.rewind()
	if p.enc == nil {
		p.enc = varjson.MustCodec(varjson.WithCodec(p.codec)).NewEncoder(p)
		p.enc.Guess()
	}
	p.out = dst
	err = p.enc.CopyValue(p.dec)
	if errors.Is(err, varjson.ErrWrongGuess) { // again, after a first pass
		p.out = p.out[:len(dst)]
		p.enc = varjson.MustCodec(varjson.WithCodec(p.codec)).NewEncoder(p)
		p.rewind()
		if err = p.enc.LookAhead(p.dec); err == nil {
			p.rewind()
			err = p.enc.CopyValue(p.dec)
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
