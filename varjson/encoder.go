package varjson

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/maphash"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
)

// flushSize is how much JSON the Encoder gathers before writing it out.
const flushSize = 32 << 10

// An Encoder writes the JSON form of values it reads token by token from a
// [gdvar.Decoder], so that a value of any size is printed in memory bounded by
// the Decoder's chunk size, the nesting depth and LookAhead's record.
//
// Some forms depend on the whole value: a Dictionary is a plain JSON object
// only if all its keys are distinct Strings, a long string or a packed array
// is printed as its content only if all of it is valid UTF-8 and written as
// Godot writes it (else it is a $Raw). CopyValue cannot see ahead, so it
// prints such a value in the form that holds whatever follows ($Dictionary,
// $Raw) unless LookAhead has read the same value first and recorded what
// the rest holds. With LookAhead, the output is the same as Marshal's for
// the value's generic form; without, it is lossless but plainer data may
// come out tagged. Reading the input twice needs an input that can be read
// twice (a file, a []byte); the record costs two bits per Dictionary,
// Object, packed array and multi-chunk string, and a hash of each key of
// the Dictionaries being read.
//
// The options select the engine version the [Decoder] reads (default Godot
// 4): $Raw values are written with it.
type Encoder struct {
	w       io.Writer
	e       encoder
	err     error
	plan    plan
	look    lookahead
	raw     *gdvar.Encoder // writes the bytes of each $Raw in turn, into base64
	b64     io.WriteCloser // base64 of what is written to it, into e.b
	leaf    bytesWriter    // a rarer single-token value's encoding
	leafEnc *gdvar.Encoder // writes it, one value after another
	guess   bool           // see Guess
}

// NewEncoder returns an [Encoder] that writes to w.
//
// Deprecated: Use [NewCodec] (or [MustCodec]) once and its
// [Codec.NewEncoder], which takes the options once for every Encoder
// made.
func NewEncoder(w io.Writer, opts ...Option) *Encoder { return newEncoder(w, newConfig(opts)) }

// newEncoder returns an Encoder that writes to w with the settings cfg.
func newEncoder(w io.Writer, cfg config) *Encoder {
	return &Encoder{w: w, e: encoder{cfg: cfg}, look: lookahead{seed: maphash.MakeSeed()}}
}

// output is the Encoder's pending output as an io.Writer, for base64 (and
// through it the $Raw encoder) to write into.
type output struct{ enc *Encoder }

func (o output) Write(p []byte) (int, error) {
	o.enc.e.b = append(o.enc.e.b, p...)
	return len(p), o.enc.maybeFlush()
}

func (enc *Encoder) maybeFlush() error {
	if len(enc.e.b) < flushSize {
		return nil
	}
	return enc.flush()
}

func (enc *Encoder) flush() error {
	if len(enc.e.b) == 0 {
		return nil
	}
	_, err := enc.w.Write(enc.e.b)
	enc.e.b = enc.e.b[:0]
	return err
}

// CopyValue reads the next value from dec and writes its JSON form, with
// nothing after it. At the end of dec's input it returns io.EOF. An error
// from dec or from the writer leaves the output cut short; the Encoder
// should then be discarded.
func (enc *Encoder) CopyValue(dec *gdvar.Decoder) error {
	if enc.err != nil {
		return enc.err
	}
	err := enc.next(dec)
	if err == nil {
		err = enc.flush()
	}
	if err != nil && err != io.EOF {
		enc.err = err
	}
	return err
}

// Guess makes CopyValue print, without LookAhead, what it would print
// after LookAhead, for values as Godot writes them: where a form depends
// on what comes later in the value, CopyValue takes the plainer one (a
// Dictionary whose first key is a String is a plain object; a long string
// or a packed array is written as Godot writes it) and checks the rest as
// it reads on. If the rest contradicts that, CopyValue returns
// [ErrWrongGuess], having written part of the value: drop what was written
// and print the value again with a new Encoder, after LookAhead, as
// [FromBinary] does. Values
// an engine wrote print in one pass instead of two.
func (enc *Encoder) Guess() { enc.guess = true }

// ErrWrongGuess is CopyValue's error when a form Guess took does not fit
// the rest of the value.
var ErrWrongGuess = errors.New("varjson: the value does not fit the form guessed for it; print it again after LookAhead")

// form returns the form LookAhead recorded for the next Dictionary, full
// Object, packed array or long string (plain: the plainer one), or the
// plainer one with verify set when the Encoder guesses.
func (enc *Encoder) form() (plain, verify bool) {
	if enc.plan.r < enc.plan.n || !enc.guess {
		return enc.plan.take(), false
	}
	return true, true
}

// errMismatch is the error when the plan does not fit the value.
var errMismatch = errors.New("varjson: CopyValue read another value than LookAhead")

// value writes the value t starts; base is dec's depth before t.
func (enc *Encoder) value(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	e := &enc.e
	switch t.Kind() {
	case gdvar.KindArrayStart:
		return enc.array(dec, t, base)
	case gdvar.KindDictStart:
		return enc.dictionary(dec, t, base)
	case gdvar.KindObjectStart:
		return enc.object(dec, t, base)
	case gdvar.KindPackedStart:
		return enc.packed(dec, t, base)
	case gdvar.KindString, gdvar.KindStringName:
		if !t.IsLast() {
			return enc.longString(dec, t, base)
		}
	}
	if !t.IsCanonical() {
		return enc.rawValue(dec, t, base)
	}
	switch k := t.Kind(); k {
	case gdvar.KindNil:
		e.b = append(e.b, "null"...)
	case gdvar.KindBool:
		e.b = strconv.AppendBool(e.b, t.Bool())
	case gdvar.KindInt32, gdvar.KindInt64:
		e.b = strconv.AppendInt(e.b, t.Int(), 10)
	case gdvar.KindFloat32, gdvar.KindFloat64:
		e.float(t.Float())
	case gdvar.KindString, gdvar.KindStringName:
		s := t.Bytes()
		if !utf8.Valid(s) {
			return enc.rawValue(dec, t, base)
		}
		w := e.openString(k, len(s))
		w.text(e, s)
		w.close(e)
	case gdvar.KindRID, gdvar.KindObjectID:
		if k == gdvar.KindRID {
			e.tag("RID")
		} else {
			e.tag("ObjectID")
		}
		e.b = strconv.AppendUint(e.b, t.ID(), 10)
		e.b = append(e.b, '}')
	case gdvar.KindCallable:
		e.b = append(e.b, `{"$Callable":null}`...)
	case gdvar.KindSignal:
		if !utf8.Valid(t.Bytes()) {
			return enc.rawValue(dec, t, base)
		}
		e.tag("Signal")
		e.b = appendString(e.b, t.Bytes())
		e.field("object")
		e.b = strconv.AppendUint(e.b, t.ID(), 10)
		e.b = append(e.b, '}')
	case gdvar.KindNodePath:
		return enc.nodePath(dec, t, base)
	default:
		if t.Type().IsMath() {
			enc.mathValue(t)
			break
		}
		return enc.leafValue(dec, t, base)
	}
	return enc.maybeFlush()
}

// mathValue writes a math token's components, in wire order.
func (enc *Encoder) mathValue(t gdvar.Token) {
	e := &enc.e
	typ := t.Type()
	e.tag(typ.String())
	e.b = append(e.b, '[')
	b := t.Bytes()
	switch {
	case typ.IsIntegerMath():
		for i := 0; i+4 <= len(b); i += 4 {
			e.comma(i)
			e.b = strconv.AppendInt(e.b, int64(int32(binary.LittleEndian.Uint32(b[i:]))), 10)
		}
	case t.Is64():
		for i := 0; i+8 <= len(b); i += 8 {
			e.comma(i)
			e.float(math.Float64frombits(binary.LittleEndian.Uint64(b[i:])))
		}
	default:
		for i := 0; i+4 <= len(b); i += 4 {
			e.comma(i)
			e.float32(math.Float32frombits(binary.LittleEndian.Uint32(b[i:])))
		}
	}
	e.b = append(e.b, ']')
	e.wide(!t.Is64())
	e.b = append(e.b, '}')
}

// leafValue writes one of Godot 2's Image and InputEvent through its
// generic form, as Marshal does.
func (enc *Encoder) leafValue(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	b, err := enc.leafBytes(dec, t, base)
	if err != nil {
		return err
	}
	var v any
	if err := enc.e.cfg.binary().Unmarshal(b, &v); err != nil {
		return err
	}
	if err := enc.e.leaf(v); err != nil {
		return err
	}
	return enc.maybeFlush()
}

// leafBytes returns the bytes of the value t starts, as written, in a
// buffer the next call reuses.
func (enc *Encoder) leafBytes(dec *gdvar.Decoder, t gdvar.Token, base int) ([]byte, error) {
	if enc.leafEnc == nil {
		enc.leafEnc = enc.e.cfg.binary().NewEncoder(&enc.leaf)
	}
	enc.leaf.b = enc.leaf.b[:0]
	err := copyRest(enc.leafEnc, dec, t, base)
	if err == nil {
		err = enc.leafEnc.Flush()
	}
	return enc.leaf.b, err
}

// bytesWriter appends to a slice; FromBinary takes back a first pass
// from it (fallback.Rewinder) rather than hold it.
type bytesWriter struct{ b []byte }

func (w *bytesWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

func (w *bytesWriter) Offset() int64 { return int64(len(w.b)) }

func (w *bytesWriter) Rewind(at int64) error {
	w.b = w.b[:at]
	return nil
}

// copyRest writes t and the rest of the value it starts to w.
func copyRest(w *gdvar.Encoder, dec *gdvar.Decoder, t gdvar.Token, base int) error {
	if err := w.WriteToken(t); err != nil {
		return err
	}
	for dec.Depth() > base {
		t, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if err := w.WriteToken(t); err != nil {
			return err
		}
	}
	return nil
}

// rawValue writes the value t starts as {"$Raw": base64 of its bytes},
// streaming them.
func (enc *Encoder) rawValue(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	enc.e.tag("Raw")
	enc.e.b = append(enc.e.b, '"')
	if enc.raw == nil {
		enc.raw = enc.e.cfg.binary().NewEncoder(enc.base64())
	}
	err := copyRest(enc.raw, dec, t, base)
	if err == nil {
		err = enc.raw.Flush()
	}
	if err != nil {
		return err
	}
	if err := enc.b64.Close(); err != nil {
		return err
	}
	enc.e.b = append(enc.e.b, `"}`...)
	return enc.maybeFlush()
}

// base64 returns the Encoder's base64 writer, made once: it can go on
// after each Close.
func (enc *Encoder) base64() io.WriteCloser {
	if enc.b64 == nil {
		enc.b64 = base64.NewEncoder(base64.StdEncoding, output{enc})
	}
	return enc.b64
}

// array writes an Array: a JSON array, or a $Array when typed or shared.
func (enc *Encoder) array(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	typ := t.ElemType()
	if !t.IsCanonical() || !canonicalType(typ) {
		return enc.rawValue(dec, t, base)
	}
	tagged := typ.Kind != gdvar.Untyped || t.Shared()
	if tagged {
		enc.e.tag("Array")
	}
	enc.e.b = append(enc.e.b, '[')
	for i := range t.Len() {
		enc.e.comma(i)
		if err := enc.next(dec); err != nil {
			return err
		}
	}
	if err := enc.end(dec, gdvar.KindArrayEnd); err != nil {
		return err
	}
	enc.e.b = append(enc.e.b, ']')
	if tagged {
		enc.e.containerType("type", typ)
		enc.e.shared(t.Shared())
		enc.e.b = append(enc.e.b, '}')
	}
	return nil
}

// next writes the next value of dec.
func (enc *Encoder) next(dec *gdvar.Decoder) error {
	base := dec.Depth()
	t, err := dec.ReadToken()
	if err != nil {
		return err
	}
	return enc.value(dec, t, base)
}

// end reads the token that closes a container or packed array.
func (enc *Encoder) end(dec *gdvar.Decoder, k gdvar.Kind) error {
	t, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if t.Kind() != k {
		return errMismatch
	}
	return nil
}

// dictionary writes a Dictionary: a plain JSON object when LookAhead found
// its keys fit one (or, guessing, when the first one does), else a
// $Dictionary of entries.
func (enc *Encoder) dictionary(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	plain, verify := enc.form()
	if verify {
		plain = plainType(t)
	}
	// The types are read now: t's extras are the Decoder's, which a nested
	// Dictionary's token overwrites.
	keyType, valueType := t.KeyType(), t.ValueType()
	if !t.IsCanonical() || !plain && (!canonicalType(keyType) || !canonicalType(valueType)) {
		return enc.rawValue(dec, t, base)
	}
	var k gdvar.Token // guessing, the first key, read before choosing
	var kbase int     // the depth before it
	var keys *keySet
	if verify && plain && t.Len() > 0 {
		if err := enc.end(dec, gdvar.KindDictKey); err != nil {
			return err
		}
		kbase = dec.Depth()
		var err error
		if k, err = dec.ReadToken(); err != nil {
			return err
		}
		keys = enc.look.open()
		defer enc.look.close()
		plain = enc.newKey(keys, k)
		if !plain && (!canonicalType(keyType) || !canonicalType(valueType)) {
			return ErrWrongGuess // a $Raw, which must start before the key
		}
	}
	e := &enc.e
	if plain {
		e.b = append(e.b, '{')
	} else {
		e.tag("Dictionary")
		e.b = append(e.b, '[')
	}
	for i := range t.Len() {
		e.comma(i)
		read := i > 0 || k.Kind() == gdvar.KindInvalid
		if read {
			if err := enc.end(dec, gdvar.KindDictKey); err != nil {
				return err
			}
		}
		if plain {
			if read {
				var err error
				if k, err = dec.ReadToken(); err != nil {
					return err
				}
				if verify && !enc.newKey(keys, k) {
					return ErrWrongGuess
				}
				if !verify && !plainKey(k) {
					return errMismatch
				}
			}
			e.b = append(appendString(e.b, k.Bytes()), ':')
		} else {
			e.b = append(e.b, '[')
			var err error
			if read {
				err = enc.next(dec)
			} else {
				err = enc.value(dec, k, kbase)
			}
			if err != nil {
				return err
			}
			e.b = append(e.b, ',')
		}
		if err := enc.next(dec); err != nil {
			return err
		}
		if !plain {
			e.b = append(e.b, ']')
		}
	}
	if err := enc.end(dec, gdvar.KindDictEnd); err != nil {
		return err
	}
	if plain {
		e.b = append(e.b, '}')
		return nil
	}
	e.b = append(e.b, ']')
	e.containerType("key_type", keyType)
	e.containerType("value_type", valueType)
	e.shared(t.Shared())
	e.b = append(e.b, '}')
	return nil
}

// object writes a full object, or a $Raw when LookAhead did not find it
// fit for JSON (property names twice or not UTF-8, odd padding).
func (enc *Encoder) object(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	plain, verify := enc.form()
	if !plain || verify && !(t.IsCanonical() && utf8.ValidString(t.Name())) {
		return enc.rawValue(dec, t, base)
	}
	var names *keySet
	if verify {
		names = enc.look.open()
		defer enc.look.close()
	}
	e := &enc.e
	e.tag("Object")
	e.b = appendString(e.b, t.Name())
	e.field("properties")
	e.b = append(e.b, '{')
	for i := range t.Len() {
		e.comma(i)
		p, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if p.Kind() != gdvar.KindObjectProperty {
			return errMismatch
		}
		if verify && !enc.newProperty(names, p) {
			return ErrWrongGuess
		}
		e.b = append(appendString(e.b, p.Name()), ':')
		if err := enc.next(dec); err != nil {
			return err
		}
	}
	if err := enc.end(dec, gdvar.KindObjectEnd); err != nil {
		return err
	}
	e.b = append(e.b, "}}"...)
	return nil
}

// longString writes a string that comes in several chunks: as a JSON string
// when LookAhead found it valid UTF-8 with zero padding, else as a $Raw.
func (enc *Encoder) longString(dec *gdvar.Decoder, t gdvar.Token, base int) error {
	plain, verify := enc.form()
	if !plain || verify && !t.IsCanonical() {
		return enc.rawValue(dec, t, base)
	}
	e := &enc.e
	w := e.openString(t.Kind(), t.Len())
	var chk textCheck
	for {
		if verify {
			chk.next(t)
		}
		w.text(e, t.Bytes())
		if err := enc.maybeFlush(); err != nil {
			return err
		}
		if t.IsLast() {
			break
		}
		var err error
		if t, err = dec.ReadToken(); err != nil {
			return err
		}
	}
	if verify && !chk.ok(t) {
		return ErrWrongGuess
	}
	w.close(e)
	return nil
}

// stringWriter writes a String's or StringName's text: "text", or
// {"$StringName": "text"}; longer than piece bytes, {"$String": ["…", …]}
// or {"$StringName": ["…", …]}, in pieces of about piece bytes cut between
// characters, so that a JSON reader never holds a huge string.
type stringWriter struct {
	name, pieces bool
	in           int // bytes in the current piece
}

// openString starts a string of kind k and size bytes.
func (e *encoder) openString(k gdvar.Kind, size int) stringWriter {
	w := stringWriter{name: k == gdvar.KindStringName, pieces: size > piece}
	switch {
	case w.name:
		e.tag("StringName")
	case w.pieces:
		e.tag("String")
	}
	if w.pieces {
		e.b = append(e.b, '[')
	}
	e.b = append(e.b, '"')
	return w
}

// text writes the next bytes of the string, which may split a character.
func (w *stringWriter) text(e *encoder, p []byte) {
	for w.pieces && w.in+len(p) > piece {
		k := max(0, piece-w.in)
		for k < len(p) && !utf8.RuneStart(p[k]) {
			k++
		}
		if k == len(p) {
			break // no character starts in p past the piece's size: it goes on
		}
		e.b = append(appendEscaped(e.b, p[:k]), `","`...)
		p, w.in = p[k:], 0
	}
	e.b = appendEscaped(e.b, p)
	w.in += len(p)
}

func (w *stringWriter) close(e *encoder) {
	e.b = append(e.b, '"')
	if w.pieces {
		e.b = append(e.b, ']')
	}
	if w.name || w.pieces {
		e.b = append(e.b, '}')
	}
}
