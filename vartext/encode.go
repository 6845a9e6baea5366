package vartext

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/gdvar/gdvar"
)

// ErrNoTextForm is matched by the error for a value the text form cannot
// hold: Godot 2's Image and InputEvent, and a full object whose class name
// is not an identifier (the engine makes no object of such a class).
var ErrNoTextForm = errors.New("vartext: value has no text form")

// maxRecursion is the nesting past which Godot 4 and Godot 3.3+ stop
// printing: a deeper Array prints as "[]", a Dictionary as "{}" and an
// Object as "null" (the engine also logs "Max recursion reached").
const maxRecursion = 100

// flushSize is how much text an Encoder collects outside Dictionaries
// before writing it.
const flushSize = 64 << 10

// Encoder writes values in the text form, as the engine's var_to_str
// prints them, to an io.Writer: from gdvar tokens (WriteToken), such as a
// [gdvar.Decoder] reads from the binary form, or from Go values (Encode).
// Values follow one another with nothing between them.
//
// It streams: strings, packed arrays and Arrays are written as their
// tokens come, through a 64 KiB buffer. The one exception is a Dictionary,
// whose keys the engine prints sorted: its text, and the keys themselves,
// are held until its end, so the memory an Encoder uses is a small multiple
// of the text of the largest Dictionary being printed (including the
// Dictionaries and everything else inside it), plus the buffer.
type Encoder struct {
	w      io.Writer
	cfg    config
	check  *gdvar.Encoder // checks the tokens' structure
	out    []byte         // text not yet written, outside Dictionaries
	sink   *[]byte        // where text goes: out, or the innermost Dictionary's text
	frames []frame
	dictAt []int        // the indexes in frames of the open Dictionaries
	dicts  []*dictState // the printed Dictionaries' states, by nesting, reused
	ndicts int          // printed Dictionaries open
	keying *dictState   // the innermost Dictionary, while a key of it is read
	depth  int          // open Arrays, Dictionaries and objects
	str    quoter       // the string being written
	strEsc *escapes
	inStr  bool
	resVal bool // the next token is the value of a resource_path (resPath)
	err    error
	// Encode writes a value's binary encoding to bin and reads it back
	// with dec, both kept for the next value, so that values written one
	// after another allocate little each.
	bin []byte
	dec *gdvar.Decoder
}

// frame is an open Array, Dictionary, object or packed array.
type frame struct {
	kind   gdvar.Kind // the start token's kind
	muted  bool       // inside a value cut short: nothing is written
	n      int        // elements or properties written
	suffix string     // written at the end
	typ    gdvar.Type // a packed array's type
	wide   bool       // a packed array of 64-bit reals
	dict   *dictState // a printed Dictionary's state
	res    resForm    // an object that may print as Resource("path") or a reference
	bare   bool       // a reference's id is printed without quotes (Godot 3)
	ref    string     // its class: resourceClass, ExtResourceClass or SubResourceClass
	b64    []byte     // PackedByteArray bytes not yet written in base64 (at most 2)
	base64 bool       // a PackedByteArray written in base64
}

// resForm is how far an object of class Resource with one property has
// shown itself to be a resource loaded from a path (see resource).
type resForm uint8

const (
	resNone    resForm = iota // an object printed as Object(…)
	resPending                // nothing written yet: the property decides
	resPath                   // its property is resource_path: the value decides
	resWriting                // printing Resource("path"), the path as it is
)

// newEncoder returns an Encoder writing to w with checked settings.
func newEncoder(w io.Writer, cfg config) *Encoder {
	e := &Encoder{w: w, cfg: cfg}
	e.check = cfg.marshalCodec().NewEncoder(io.Discard)
	e.sink = &e.out
	return e
}

// atTop reports whether the Encoder is between values, not inside one.
func (e *Encoder) atTop() bool { return len(e.frames) == 0 && !e.inStr && e.check.Depth() == 0 }

// WriteToken writes the next token of a value. The tokens must form values
// as a [gdvar.Encoder] (of the dialect's engine version) accepts them; one
// that does not fit is refused with the gdvar.Encoder's error (matching
// [gdvar.ErrUnexpectedToken]), and the value can go on with the right token.
// Any other error is final: a value with no text form ([ErrNoTextForm]) or
// the writer's error.
func (e *Encoder) WriteToken(t gdvar.Token) error {
	if e.err != nil {
		return e.err
	}
	if err := e.check.WriteToken(t); err != nil {
		return err
	}
	return e.token(t)
}

// CopyValue reads the next value from dec and writes it, token by token,
// as WriteToken does. At the end of dec's input it returns io.EOF. A value
// copied whole (not inside one begun with WriteToken) skips WriteToken's
// checks, which the [Decoder] has made: this is the fast way to print the
// binary form. An error from dec is final.
func (e *Encoder) CopyValue(dec *gdvar.Decoder) error {
	if e.err != nil {
		return e.err
	}
	write := e.WriteToken
	if e.check.Depth() == 0 {
		write = e.token
	}
	for {
		t, err := dec.ReadToken()
		if err == io.EOF && len(e.frames) == 0 && !e.inStr {
			return err
		}
		if err != nil {
			e.err = err
			return err
		}
		if err := write(t); err != nil {
			return err
		}
		if dec.Depth() == 0 {
			return nil
		}
	}
}

// token writes a token that fits.
func (e *Encoder) token(t gdvar.Token) error {
	if e.err != nil {
		return e.err
	}
	kind := t.Kind()
	ds := e.keying
	if err := e.print(t); err != nil {
		e.err = err
		return err
	}
	switch kind {
	case gdvar.KindDictKey, gdvar.KindDictStart:
		e.keying = e.keyDict()
	case gdvar.KindDictEnd: // the key it belongs to is the outer Dictionary's
		e.keying = e.keyDict()
		ds = e.keying
	}
	if ds != nil && kind != gdvar.KindDictKey && ds.keyToken(t) {
		e.keying = nil
	}
	if len(e.frames) == 0 && !e.inStr || e.ndicts == 0 && len(e.out) >= flushSize {
		return e.flush()
	}
	return nil
}

// keyDict returns the innermost Dictionary if a key of it is being read.
func (e *Encoder) keyDict() *dictState {
	if len(e.dictAt) == 0 {
		return nil
	}
	if ds := e.frames[e.dictAt[len(e.dictAt)-1]].dict; ds != nil && ds.inKey {
		return ds
	}
	return nil
}

func (e *Encoder) flush() error {
	if len(e.out) == 0 {
		return nil
	}
	_, err := e.w.Write(e.out)
	e.out = e.out[:0]
	if err != nil {
		e.err = err
	}
	return err
}

// muted reports whether text is being dropped, inside a value cut short.
func (e *Encoder) muted() bool { return len(e.frames) > 0 && e.frames[len(e.frames)-1].muted }

func (e *Encoder) write(s string) { *e.sink = append(*e.sink, s...) }

func (e *Encoder) top() *frame { return &e.frames[len(e.frames)-1] }

// begin writes the separator before an element of an Array or packed
// array.
func (e *Encoder) begin() {
	if e.muted() || len(e.frames) == 0 {
		return
	}
	f := e.top()
	if f.kind == gdvar.KindArrayStart || f.kind == gdvar.KindPackedStart {
		if f.n > 0 {
			e.write(", ")
		}
		f.n++
	}
}

// tooDeep reports whether a container opening now is cut short.
func (e *Encoder) tooDeep() bool {
	d := e.cfg.dialect
	return e.depth > maxRecursion && (d == Godot4 || d == Godot3)
}

func (e *Encoder) print(t gdvar.Token) error {
	if e.resVal {
		e.resourceValue(t)
	}
	switch t.Kind() {
	case gdvar.KindDictKey:
		if ds := e.top().dict; ds != nil {
			ds.startKey()
		}
	case gdvar.KindObjectProperty:
		e.property(t.Name())
	case gdvar.KindArrayEnd, gdvar.KindObjectEnd, gdvar.KindPackedEnd:
		f := e.pop()
		if !f.muted {
			if f.base64 {
				*e.sink = base64.StdEncoding.AppendEncode(*e.sink, f.b64)
			}
			e.write(f.suffix)
		}
	case gdvar.KindDictEnd:
		e.dictEnd()
	case gdvar.KindString, gdvar.KindStringName:
		e.stringChunk(t)
	case gdvar.KindPackedChunk:
		if !e.muted() {
			e.packedChunk(t)
		}
	case gdvar.KindArrayStart:
		return e.arrayStart(t)
	case gdvar.KindDictStart:
		return e.dictStart(t)
	case gdvar.KindObjectStart:
		return e.objectStart(t)
	case gdvar.KindPackedStart:
		e.begin()
		d := e.cfg.dialect
		f := frame{kind: gdvar.KindPackedStart, muted: e.muted(), typ: t.Type(), wide: t.Is64(), suffix: d.closing()}
		// Format 4 of resource files writes bytes in base64.
		f.base64 = e.cfg.resource >= 4 && t.Type() == gdvar.TypePackedByteArray && t.Len() > 0
		if !f.muted {
			e.write(d.typeName(t.Type()))
			e.write(d.opening())
			if f.base64 {
				e.write(`"`)
				f.suffix = `")`
			}
		}
		e.push(f)
	case gdvar.KindImageStart, gdvar.KindInputEvent:
		return fmt.Errorf("%w: %s", ErrNoTextForm, t.Type())
	default:
		e.begin()
		if !e.muted() {
			*e.sink = e.appendScalar(*e.sink, t)
		}
	}
	return nil
}

func (e *Encoder) push(f frame) {
	e.frames = append(e.frames, f)
	switch f.kind {
	case gdvar.KindArrayStart, gdvar.KindDictStart, gdvar.KindObjectStart:
		e.depth++
	}
}

func (e *Encoder) pop() frame {
	f := e.frames[len(e.frames)-1]
	e.frames = e.frames[:len(e.frames)-1]
	switch f.kind {
	case gdvar.KindArrayStart, gdvar.KindDictStart, gdvar.KindObjectStart:
		e.depth--
	}
	return f
}

func (e *Encoder) arrayStart(t gdvar.Token) error {
	e.begin()
	f := frame{kind: gdvar.KindArrayStart, muted: e.muted() || e.tooDeep()}
	if !e.muted() {
		d := e.cfg.dialect
		typed := d == Godot4 && isTyped(t.ElemType())
		if typed {
			e.write("Array[")
			if err := e.containerType(t.ElemType()); err != nil {
				return err
			}
			e.write("](")
		}
		switch {
		case f.muted:
			e.write("[]")
		case d == Godot4:
			e.write("[")
			f.suffix = "]"
		default:
			e.write("[ ")
			f.suffix = " ]"
		}
		if typed {
			if f.muted {
				e.write(")")
			}
			f.suffix += ")"
		}
	}
	e.push(f)
	return nil
}

func (e *Encoder) dictStart(t gdvar.Token) error {
	e.begin()
	f := frame{kind: gdvar.KindDictStart, muted: e.muted() || e.tooDeep()}
	if !e.muted() {
		if e.cfg.dialect == Godot4 && (isTyped(t.KeyType()) || isTyped(t.ValueType())) {
			e.write("Dictionary[")
			if err := e.containerType(t.KeyType()); err != nil {
				return err
			}
			e.write(", ")
			if err := e.containerType(t.ValueType()); err != nil {
				return err
			}
			e.write("](")
			f.suffix = ")"
		}
		if f.muted {
			e.write("{}")
			e.write(f.suffix)
		} else {
			if e.ndicts == len(e.dicts) {
				e.dicts = append(e.dicts, &dictState{kb: keyBuilder{bom: held(e.cfg.asHeld)}})
			}
			f.dict = e.dicts[e.ndicts]
			f.dict.reset()
			e.ndicts++
			e.sink = &f.dict.text
		}
	}
	e.dictAt = append(e.dictAt, len(e.frames))
	e.push(f)
	return nil
}

func (e *Encoder) dictEnd() {
	f := e.pop()
	e.dictAt = e.dictAt[:len(e.dictAt)-1]
	if f.dict == nil {
		return
	}
	e.ndicts--
	e.sink = &e.out
	if e.ndicts > 0 {
		e.sink = &e.dicts[e.ndicts-1].text
	}
	*e.sink = f.dict.appendSorted(*e.sink, e.cfg.dialect, e.cfg.asHeld, e.cfg.keepSorted)
	e.write(f.suffix)
}

func (e *Encoder) objectStart(t gdvar.Token) error {
	e.begin()
	class := t.Name()
	f := frame{kind: gdvar.KindObjectStart, muted: e.muted() || class == "" || e.tooDeep()}
	if !e.muted() {
		switch {
		case f.muted:
			e.write("null")
		case !isIdentifier(class):
			return fmt.Errorf("%w: an object of class %q", ErrNoTextForm, class)
		case class == resourceClass && t.Len() == 1,
			e.cfg.resource > 0 && (class == ExtResourceClass || class == SubResourceClass) && t.Len() == 1:
			f.res, f.ref = resPending, class
		default:
			e.objectPrefix(&f, class)
		}
	}
	e.push(f)
	return nil
}

// objectPrefix writes the start of Object(Class,…).
func (e *Encoder) objectPrefix(f *frame, class string) {
	e.write("Object(")
	e.write(class)
	e.write(",")
	f.suffix = ")\n"
	f.res = resNone
}

// A resource the engine loaded from a path, which Resource("path") in text
// stands for, is read as an object of class Resource whose one property is
// resource_path (parser.resource). The engine prints such a resource as
// Resource("path") (Godot 3: Resource( "path")), the path as it is, with
// no escapes; so does the Encoder. Any other object of class Resource is
// printed as Object(Resource,…), which the engine writes for a Resource
// with no path. In a resource file's syntax, references (ExtResourceClass)
// are printed alike, as ExtResource("id") (Godot 3: ExtResource( 1 )).

// refProperty is the one property of an object printed as Resource(…) or
// as a reference.
func refProperty(class string) string {
	if class == resourceClass {
		return resourcePath
	}
	return RefID
}

// resourceValue prints the start of an object of class Resource, or of a
// reference, now that its one property's value begins with t.
func (e *Encoder) resourceValue(t gdvar.Token) {
	e.resVal = false
	f := e.top()
	isInt := t.Kind() == gdvar.KindInt32 || t.Kind() == gdvar.KindInt64
	if t.Kind() != gdvar.KindString && (f.ref == resourceClass || !isInt) {
		e.objectPrefix(f, f.ref)
		e.property(refProperty(f.ref))
		return
	}
	f.res = resWriting
	e.write(f.ref)
	e.write(e.cfg.dialect.opening())
	f.suffix = e.cfg.dialect.closing()
	switch {
	case f.ref == resourceClass:
		f.suffix = ")"
	case e.cfg.dialect == Godot4 && isInt: // Godot 4 writes every id as a string
		e.write(`"`)
		f.suffix = `")`
	case e.cfg.dialect != Godot4: // and Godot 3 as a number
		f.bare = true
	}
}

// property writes an object's property name. The engine writes names as
// they are, which no text parser (its own included) reads back when a name
// holds a double quote; gdvar escapes a backslash and a double quote as in
// a String, which changes nothing for any other name.
func (e *Encoder) property(name string) {
	f := e.top()
	if f.muted {
		return
	}
	if f.res == resPending {
		if name == refProperty(f.ref) {
			f.res, e.resVal = resPath, true
			return
		}
		e.objectPrefix(f, f.ref)
	}
	if f.n > 0 {
		e.write(",")
	}
	f.n++
	e.write(`"`)
	*e.sink, _ = escape(*e.sink, stringBytes(name), &multilineEscapes)
	e.write(`":`)
}

// stringChunk writes a chunk of a String or StringName, or of a
// PackedStringArray element.
func (e *Encoder) stringChunk(t gdvar.Token) {
	muted := e.muted()
	if !e.inStr {
		e.begin()
		e.inStr = true
		e.str.start(t.Len(), e.cfg.stringBOM())
		e.strEsc = &multilineEscapes
		godot4 := e.cfg.dialect == Godot4
		switch {
		case len(e.frames) > 0 && e.top().kind == gdvar.KindPackedStart || t.Kind() == gdvar.KindStringName && godot4:
			e.strEsc = e.cfg.dialect.cEscapes()
		case len(e.frames) > 0 && e.top().res == resWriting:
			e.strEsc = &rawEscapes
		}
		if !muted && t.Kind() == gdvar.KindStringName && godot4 {
			e.write("&")
		}
		if !muted && !e.bareString() {
			e.write(`"`)
		}
	}
	if muted {
		e.str.remain -= len(t.Bytes())
	} else {
		*e.sink = e.str.chunk(*e.sink, t.Bytes(), e.strEsc)
	}
	if e.str.remain == 0 {
		e.inStr = false
		if !muted && !e.bareString() {
			e.write(`"`)
		}
	}
}

// bareString reports whether the string being written is a reference's id
// written without quotes.
func (e *Encoder) bareString() bool {
	return len(e.frames) > 0 && e.top().res == resWriting && e.top().bare
}

// isTyped reports whether the engine takes a container of element type c
// for typed: a builtin type of Nil is none.
func isTyped(c gdvar.ContainerType) bool {
	return c.Kind != gdvar.Untyped && (c.Kind != gdvar.TypedBuiltin || c.Builtin != gdvar.TypeNil)
}

// containerType writes the type of Array[T] or Dictionary[K, V].
func (e *Encoder) containerType(c gdvar.ContainerType) error {
	switch {
	case !isTyped(c):
		e.write("Variant")
	case c.Kind == gdvar.TypedBuiltin:
		e.write(e.cfg.dialect.typeName(c.Builtin))
	case c.Kind == gdvar.TypedClass && !isIdentifier(c.Name):
		return fmt.Errorf("%w: a container of class %q", ErrNoTextForm, c.Name)
	case c.Kind == gdvar.TypedClass:
		e.write(c.Name)
	case c.Kind == gdvar.TypedScript && e.cfg.resource > 0:
		e.write(`ExtResource("`)
		e.write(c.Name)
		e.write(`")`)
	case c.Kind == gdvar.TypedScript:
		e.write(`Resource("`)
		*e.sink, _ = escape(*e.sink, stringBytes(c.Name), &multilineEscapes)
		e.write(`")`)
	}
	return nil
}

// appendScalar appends a one-token value.
func (e *Encoder) appendScalar(b []byte, t gdvar.Token) []byte {
	d := e.cfg.dialect
	switch t.Kind() {
	case gdvar.KindNil:
		return append(b, "null"...)
	case gdvar.KindBool:
		return strconv.AppendBool(b, t.Bool())
	case gdvar.KindInt32, gdvar.KindInt64:
		return strconv.AppendInt(b, t.Int(), 10)
	case gdvar.KindFloat32, gdvar.KindFloat64:
		return e.cfg.newInf(e.cfg.appendFloat(b, t.Float()), len(b))
	case gdvar.KindNodePath:
		return e.cfg.appendNodePath(b, t.NodePath())
	case gdvar.KindRID:
		if d != Godot4 { // older engines print nothing for a RID
			return b
		}
		b = append(b, "RID("...)
		if t.ID() != 0 {
			b = strconv.AppendUint(b, t.ID(), 10)
		}
		return append(b, ')')
	case gdvar.KindObjectID:
		if t.ID() == 0 {
			return append(b, "null"...)
		}
		b = append(b, `Object(EncodedObjectAsID,"object_id":`...)
		b = strconv.AppendInt(b, int64(t.ID()), 10)
		return append(b, ",\"script\":null)\n"...)
	case gdvar.KindCallable:
		return append(b, "Callable()"...)
	case gdvar.KindSignal:
		return append(b, "Signal()"...)
	}
	return e.cfg.newInf(e.cfg.appendMath(b, t.Type(), t.Bytes(), t.Is64()), len(b))
}

// newInf rewrites the inf_neg of numbers appended to b from start as -inf,
// which format 4 of resource files writes (Godot 4's text elsewhere keeps
// inf_neg for older readers).
func (c *config) newInf(b []byte, start int) []byte {
	if c.resource < 4 || !bytes.Contains(b[start:], []byte(infNeg)) {
		return b
	}
	fixed := bytes.ReplaceAll(b[start:], []byte(infNeg), []byte("-inf"))
	return append(b[:start], fixed...)
}

const infNeg = "inf_neg"

// appendNodePath appends a NodePath as the engine prints it, each name as
// the engine decodes it (see quoter), or as it holds it read from text
// (asHeld: a name keeps a leading byte order mark). Godot 3 makes an empty
// path of an absolute one without names it decodes, but not of one it
// read from text; Godot 4 leaves out the ":" of subnames that come to
// nothing. Both engines' readers drop a byte order mark that starts the
// text, which can leave a path of other names, or an absolute one
// ("\uFEFF/a" reads as "/a"): with exactText such a text gets one more.
func (c *config) appendNodePath(b []byte, p gdvar.NodePath) []byte {
	d, asHeld := c.dialect, c.asHeld
	esc := d.cEscapes()
	b = append(b, `NodePath("`...)
	start := len(b)
	if p.Absolute && (d == Godot4 || asHeld || len(p.Names)+len(p.SubNames) > 0) {
		b = append(b, '/')
	}
	name := func(s string) {
		var q quoter
		q.start(len(s), held(asHeld))
		b = q.chunk(b, stringBytes(s), esc)
	}
	for i, n := range p.Names {
		if i > 0 {
			b = append(b, '/')
		}
		name(n)
	}
	if c.exactText && bytes.HasPrefix(b[start:], bom) {
		b = slices.Insert(b, start, bom...)
	}
	colon := len(b)
	for _, s := range p.SubNames {
		b = append(b, ':')
		name(s)
	}
	if d == Godot4 && len(b) == colon+1 {
		b = b[:colon]
	}
	return append(b, `")`...)
}

// appendMath appends a math value from its wire payload.
func (c *config) appendMath(b []byte, t gdvar.Type, payload []byte, wide bool) []byte {
	var buf [16]float64
	nums := appendNumbers(buf[:0], t, payload, wide)
	b = append(b, c.dialect.typeName(t)...)
	b = append(b, c.dialect.opening()...)
	b = c.appendNumberList(b, 0, t, nums)
	return append(b, c.dialect.closing()...)
}

// appendNumberList appends numbers separated by ", ", after n already
// written.
func (c *config) appendNumberList(b []byte, n int, t gdvar.Type, nums []float64) []byte {
	ints := t.IsIntegerMath() || t == gdvar.TypePackedByteArray || t == gdvar.TypePackedInt32Array
	for i, f := range nums {
		if n+i > 0 {
			b = append(b, ", "...)
		}
		if ints {
			b = strconv.AppendInt(b, int64(f), 10)
		} else {
			b = c.appendReal(b, f, t == gdvar.TypePackedFloat64Array)
		}
	}
	return b
}

// packedChunk writes a chunk of a packed array of numbers.
func (e *Encoder) packedChunk(t gdvar.Token) {
	f := e.top()
	b := *e.sink
	if f.base64 { // whole groups of 3 bytes now, the rest with the next chunk
		data := t.Bytes()
		if len(f.b64) > 0 {
			k := min(3-len(f.b64), len(data))
			f.b64 = append(f.b64, data[:k]...)
			data = data[k:]
			if len(f.b64) < 3 {
				return
			}
			b = base64.StdEncoding.AppendEncode(b, f.b64)
			f.b64 = f.b64[:0]
		}
		n := len(data) / 3 * 3
		*e.sink = base64.StdEncoding.AppendEncode(b, data[:n])
		f.b64 = append(f.b64, data[n:]...)
		return
	}
	if f.typ == gdvar.TypePackedInt64Array { // not exact as float64
		data := t.Bytes()
		for i := 0; i+8 <= len(data); i += 8 {
			if f.n > 0 {
				b = append(b, ", "...)
			}
			f.n++
			b = strconv.AppendInt(b, int64(binary.LittleEndian.Uint64(data[i:])), 10)
		}
		*e.sink = b
		return
	}
	var buf [768]float64
	data := t.Bytes()
	for len(data) > 0 {
		part := data[:min(len(data), len(buf))] // a whole number of elements of any type
		data = data[len(part):]
		nums := appendNumbers(buf[:0], f.typ, part, f.wide)
		b = e.cfg.newInf(e.cfg.appendNumberList(b, f.n, f.typ, nums), len(b))
		f.n += len(nums)
	}
	*e.sink = b
}

// opening is what follows a constructor's name: "(" in Godot 4, "( " in
// older versions.
func (d Dialect) opening() string {
	if d == Godot4 {
		return "("
	}
	return "( "
}

func (d Dialect) closing() string {
	if d == Godot4 {
		return ")"
	}
	return " )"
}

// isIdentifier reports whether a class name can be read back from the text
// form.
func isIdentifier(s string) bool {
	for i := range len(s) {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return s != ""
}
