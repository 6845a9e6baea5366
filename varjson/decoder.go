package varjson

import (
	"bytes"
	"errors"
	"io"
	"reflect"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
)

// Unmarshal parses the JSON form of one value and stores it in v, a non-nil
// pointer: gdvar's generic form into an interface{}, or what [gdvar.Unmarshal]
// would store from the value's binary encoding into other Go types.
// [gdvar.Marshal] of the generic value gives back the bytes the JSON was made
// from.
func Unmarshal(data []byte, v any, opts ...Option) error {
	return unmarshal(data, v, newConfig(opts))
}

// unmarshal is Unmarshal with the settings cfg.
func unmarshal(data []byte, v any, cfg config) error {
	d := newDecoder(bytes.NewReader(data), cfg)
	if err := d.Decode(v); err != nil {
		if err == io.EOF {
			return &SyntaxError{Msg: "no value"}
		}
		return err
	}
	if d.dec.PeekKind() != 0 {
		return &SyntaxError{Offset: d.InputOffset(), Msg: "text after the value"}
	}
	if _, err := d.dec.ReadToken(); err != io.EOF {
		return d.syntax(err)
	}
	return nil
}

// Decoder reads a sequence of JSON values from an io.Reader, such as the
// JSON Lines gdvar's command writes for a save file. The JSON syntax is read
// by github.com/go-json-experiment/json/jsontext.
type Decoder struct {
	cfg    config
	r      io.Reader
	seeker io.ReadSeeker // r, when it can go back
	origin int64         // with a seeker: r's offset when the Decoder started
	next   int64         // with a seeker: r's offset of the next value
	dec    *jsontext.Decoder
	lines  lineCounter // r, as dec reads it
	mark   linePos     // with a seeker: where the next value starts
	marked bool        // whether mark's line is known
	base   int64       // r's offset of dec's offset 0
	err    error
	stream streamer
	like   *Decoder // see Like
}

// OnePass makes DecodeTo read each value once, from any reader, giving
// each count as [gdvar.DeferredCount]: the [Encoder] fills them in when they
// end, so it must write to an io.WriteSeeker (a file). DecodeTo then holds
// no note of the value, only its path and a JSON string at a time. One
// pass takes the plain form of what the JSON gives after the content it
// modifies: a typed Array's "$type", a typed Dictionary's "$key_type" and
// "$value_type", a vector array's "$wide". A value that has one (or that
// nests too deep, which two passes report) is [ErrTwoPasses], written in
// part; like any error of DecodeTo, it ends the Decoder. Drop what was
// written and decode the value again with a Decoder without OnePass, as
// [ToBinary] does.
func (d *Decoder) OnePass() { d.stream.once = true }

// ErrTwoPasses is DecodeTo's error, after OnePass, for a value that one
// pass cannot write.
var ErrTwoPasses = errors.New("varjson: the value has members after the content they modify, which one pass cannot write: decode it again without OnePass")

// jsonOptions are jsontext's options for the JSON form: a Dictionary may
// have a key twice (the engine's bytes can), and nothing else is relaxed.
var jsonOptions = jsontext.AllowDuplicateNames(true)

// NewDecoder returns a [Decoder] reading the values in r.
//
// Deprecated: Use [NewCodec] (or [MustCodec]) once and its
// [Codec.NewDecoder], which takes the options once for every Decoder
// made, as vartext's and gdvar's constructors do.
func NewDecoder(r io.Reader, opts ...Option) *Decoder { return newDecoder(r, newConfig(opts)) }

// newDecoder returns a Decoder reading the values in r with the settings
// cfg.
func newDecoder(r io.Reader, cfg config) *Decoder {
	d := &Decoder{cfg: cfg, r: r}
	if s, ok := r.(io.ReadSeeker); ok {
		if at, err := s.Seek(0, io.SeekCurrent); err == nil {
			d.seeker, d.origin, d.next, d.base = s, at, at, at
		}
	}
	d.mark, d.marked = linePos{at: d.origin, prev: d.origin - 1}, true
	d.lines = lineCounter{r: r}
	d.lines.reset(d.mark, true)
	d.dec = jsontext.NewDecoder(&d.lines, jsonOptions)
	return d
}

// InputOffset returns the offset in the input just after the last value
// decoded (relative to where r was when the Decoder started).
func (d *Decoder) InputOffset() int64 { return d.base + d.dec.InputOffset() - d.origin }

// syntax turns jsontext's error into a *SyntaxError with the input's
// offset, and gives a SyntaxError its line and column where they are known.
func (d *Decoder) syntax(err error) error {
	var se *jsontext.SyntacticError
	if errors.As(err, &se) {
		err = &SyntaxError{Offset: d.base + se.ByteOffset - d.origin, Msg: se.Err.Error()}
	}
	var e *SyntaxError
	if errors.As(err, &e) && e.Line == 0 {
		if pos, ok := d.place(e.Offset + d.origin); ok { // the error ends d: it may seek
			e.Line, e.Column = int(pos.lines+1), int(pos.at-pos.prev)
		}
	}
	return err
}

// restart puts the jsontext decoder at the start of the next value, next,
// of a seekable input.
func (d *Decoder) restart() error {
	if _, err := d.seeker.Seek(d.next, io.SeekStart); err != nil {
		return err
	}
	d.lines.reset(d.mark, d.marked)
	d.dec.Reset(&d.lines, jsonOptions)
	d.base = d.next
	return nil
}

// valueStart is the offset of the first byte of the value start readied,
// for a ValueError: InputOffset is where the last token ended, before the
// white space jsontext has read past since.
func (d *Decoder) valueStart() int64 {
	unread := d.dec.UnreadBuffer()
	return d.InputOffset() + int64(len(unread)-len(bytes.TrimLeft(unread, " \t\r\n")))
}

// start readies the next value, reporting io.EOF when only white space is
// left. An error of a Decoder is final. jsontext is where the last value
// ended (a value's second pass leaves it there too): the next is read on
// from what it read ahead, not from the input again.
func (d *Decoder) start() error {
	if d.err != nil {
		return d.err
	}
	if d.dec.PeekKind() == 0 {
		_, err := d.dec.ReadToken()
		if err == io.EOF {
			return io.EOF
		}
		d.err = d.syntax(err)
		return d.err
	}
	return nil
}

// finish notes where the next value starts, or the error that ended d.
func (d *Decoder) finish(err error) error {
	if err != nil {
		d.err = d.syntax(err)
		return d.err
	}
	d.next = d.base + d.dec.InputOffset()
	if d.seeker != nil { // start seeks back to next
		d.mark, d.marked = d.place(d.next)
	}
	return nil
}

// place returns the line of input offset at, which the line counter has
// read past: from the newlines it keeps or, where it no longer keeps that
// far back, counted again from the value's start in an input that can
// seek (which the caller then seeks again).
func (d *Decoder) place(at int64) (linePos, bool) {
	pos, ok := d.lines.position(at)
	if !ok && d.seeker != nil && d.marked && at >= d.mark.at {
		var err error
		pos, err = scan(d.seeker, d.mark, at)
		ok = err == nil
	}
	return pos, ok
}

// Decode reads the next value into v, as [Unmarshal] does. It returns io.EOF
// when only white space is left. It holds the whole value.
func (d *Decoder) Decode(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("varjson: Decode needs a non-nil pointer")
	}
	if err := d.start(); err != nil {
		return err
	}
	// The converter's path and the reader's stacks stay from one value to
	// the next: a small value does not pay for their first chunks, nor a
	// deep one for its path anew.
	d.stream.c = converter{start: d.valueStart(), jq: d.like != nil, path: d.stream.c.path[:0]}
	r := d.stream.treeReader(d.dec, 0)
	r.at = d.base - d.origin
	g, err := d.stream.c.read(r)
	clear(d.stream.c.path[:cap(d.stream.c.path)]) // its keys
	if err := d.finish(err); err != nil {
		return err
	}
	if d.like != nil {
		if g, err = d.likeValue(g); err != nil {
			d.err = err
			return err
		}
	}
	if p, ok := v.(*any); ok {
		*p = g
		return nil
	}
	return d.cfg.binary().Convert(g, v)
}

// DecodeTo reads the next value and writes it to enc, the binary form's
// [Encoder], as tokens. It returns io.EOF when only white space is left.
//
// The binary form gives each container's element count before its
// elements, and a typed Array's type (JSON's "$type") or a vector array's
// width before the content, where the JSON gives them after, so DecodeTo
// reads a value twice when its input can seek (a file, a bytes.Reader):
// first to note, for each container of more than 64 KiB of JSON, its count
// and those members, then to write the tokens. Parts smaller than that are
// converted whole, as Decode converts them, and so is a JSON string (a long
// string, a base64 PackedByteArray): the JSON reader holds a string whole.
// From an input that cannot seek, the value is converted whole first.
func (d *Decoder) DecodeTo(enc *gdvar.Encoder) error {
	if d.stream.once && d.like == nil {
		if err := d.start(); err != nil {
			return err
		}
		d.stream.reset(d.cfg, d.valueStart(), d.base-d.origin)
		err := d.stream.write(d.dec, enc)
		if errors.Is(err, gdvar.ErrTooDeep) {
			err = ErrTwoPasses // the first of two passes says where the JSON nests too deep, if it does
		}
		return d.finish(err)
	}
	if d.seeker == nil || d.like != nil {
		var v any
		if err := d.Decode(&v); err != nil {
			return err
		}
		return enc.Encode(v)
	}
	if err := d.start(); err != nil {
		return err
	}
	s := &d.stream
	s.reset(d.cfg, d.valueStart(), d.base-d.origin)
	if err := s.size(d.dec, 0); err != nil {
		return d.finish(err)
	}
	if err := d.restart(); err != nil {
		d.err = err
		return err
	}
	s.zero = d.base - d.origin // jsontext's offsets count from where it went back to
	return d.finish(s.write(d.dec, enc))
}
