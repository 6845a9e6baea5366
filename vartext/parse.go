package vartext

import (
	"bytes"
	"encoding/base64"
	"errors"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// godotNaN is the NaN Godot writes (math.NaN has other bits), and
// negativeNaN the one Godot 3.2 prints as -nan.
var (
	godotNaN    = math.Float64frombits(0x7ff8000000000000)
	negativeNaN = math.Float64frombits(0xfff8000000000000)
)

// maxDepth bounds the containers a value may be nested in, as in the binary
// format (Godot fails deeper values).
const maxDepth = 1024

// builder receives a value from the parser as it reads it: a value of one
// token whole (in gdvar's generic form), a string in chunks, and the start,
// elements and end of containers, packed arrays and objects. A
// Dictionary's entries are dictKey, the key's value, then the value; an
// object's are property, then the value.
type builder interface {
	scalar(v any) error // nil, bool, NodePath, RID, Callable, Signal
	number(n number) error
	math(t gdvar.Type, n []float64) error // the numbers in wire order
	beginString(k gdvar.Kind) error       // KindString or KindStringName
	stringChunk(b []byte) error
	endString() error
	beginArray(elem gdvar.ContainerType) error
	endArray() error
	beginDict(key, value gdvar.ContainerType) error
	dictKey() error
	endDict() error
	beginPacked(t gdvar.Type) error
	packedInt(n int64) error // elements of PackedByteArray and the int arrays
	packedReal(f float64) error
	endPacked() error
	beginObject(class string) error
	property(name string) error
	endObject() error
}

// parser reads the text form as str_to_var does, and gives what it reads
// to a builder. It holds no more of the text than its scanner's window,
// whatever the size of a string or an Array.
type parser struct {
	s     scanner
	cfg   config
	b     builder
	depth int
	chunk []byte // decoded string bytes not yet given to the builder
	nums  []float64
	keys  *keyCheck
	skim  bool // only sizes are needed: floats are not converted
	tee   tee  // the builder while a key is captured
	// Strings are read as the engine reads them from a file (a
	// ConfigFile, a resource): each decoded anew, which drops a leading
	// byte order mark and ends it at its first NUL (see NextEntry).
	fileStrings bool
	// exponent is the text of the float last read if it has an exponent,
	// else "": only such digits can be Godot 4.0 to 4.2's alone.
	exponent string
	// floats42 says a float was read in digits only Godot 4.0 to 4.2
	// print (Decoder.ReadGodot42Floats).
	floats42 bool
}

// maxChunk is the most decoded string bytes given to a builder at once.
const maxChunk = 32 << 10

func (p *parser) value() error {
	s := &p.s
	s.skipSpace()
	switch c := s.peek(); {
	case c == '"':
		return p.str(gdvar.KindString, nil)
	case c == '&':
		s.next()
		return p.str(gdvar.KindStringName, nil)
	case c == '^':
		s.next()
		path, err := p.shortString()
		if err != nil {
			return err
		}
		return p.b.scalar(gdvar.ParseNodePath(path))
	case c == '[':
		return p.array(gdvar.UntypedContainer)
	case c == '{':
		return p.dictionary(gdvar.UntypedContainer, gdvar.UntypedContainer)
	case c == '-' || c == '.' || c >= '0' && c <= '9':
		n, err := p.number()
		if err != nil {
			return err
		}
		p.note42(n, false)
		return p.b.number(n)
	case isIdentByte(c):
		return p.named()
	}
	return s.errorf("want a value, found %s", s.found())
}

func isIdentByte(c byte) bool { return identBytes[c] }

// identBytes and numberBytes are the bytes of names (letters, digits, "_",
// and non-ASCII, as class names may be) and of numbers.
var identBytes, numberBytes = func() (id, num [256]bool) {
	for c := range 256 {
		b := byte(c)
		id[c] = b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b >= 0x80
		num[c] = b >= '0' && b <= '9' || b == '.' || b == 'e' || b == 'E' || b == '-' || b == '+'
	}
	return id, num
}()

// ident reads an identifier (letters, digits, "_", and non-ASCII, as class
// names may be).
func (p *parser) ident() (string, error) {
	w, err := p.word()
	return string(w), err
}

// word reads an identifier and returns its bytes, which the next word or
// number read replaces.
func (p *parser) word() ([]byte, error) {
	p.s.skipSpace()
	start := p.s.offset()
	w, err := p.s.readWord(&identBytes)
	if err == nil && !utf8.Valid(w) {
		err = p.s.errorAt(start, "invalid UTF-8 in a name")
	}
	return w, err
}

// expect consumes c or fails.
func (p *parser) expect(c byte) error {
	if p.s.skipSpace(); p.s.peek() != c || p.s.atEnd() {
		return p.s.errorf("want %q, found %s", c, p.s.found())
	}
	p.s.next()
	return nil
}

func (p *parser) expectAll(s string) error {
	for i := range len(s) {
		if err := p.expect(s[i]); err != nil {
			return err
		}
	}
	return nil
}

// enter counts a container, just after its opening byte; leave must
// follow.
func (p *parser) enter() error {
	if p.depth++; p.depth > maxDepth {
		return p.s.errorAt(p.s.offset()-1, "nested deeper than %d", maxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// number is an int or a float read.
type number struct {
	float bool
	i     int64
	f     float64
}

// number reads an int (no "." or exponent) or a float; "-inf" and "-nan",
// which Godot 3.2 prints, are floats too.
func (p *parser) number() (number, error) {
	s := &p.s
	p.exponent = ""
	start := s.offset()
	if c := s.peekAt(1); s.peek() == '-' && c >= 'a' && c <= 'z' {
		s.next()
		{
			name, err := p.word()
			if err != nil {
				return number{}, err
			}
			v, ok := negativeFloats[string(name)]
			if !ok {
				return number{}, s.errorAt(start, "unknown number -%s", name)
			}
			if s.peek() == '.' { // Godot 3.2 prints -inf.0 and -nan.0
				s.next()
				if s.next() != '0' {
					return number{}, s.errorAt(start, "bad number")
				}
			}
			return number{float: true, f: v}, nil
		}
	}
	w, err := s.readWord(&numberBytes)
	if err != nil {
		return number{}, err
	}
	return p.parseNumber(start, arenaString(w)) // w is not changed until the number is read
}

// parseNumber checks and converts a number's text: an optional '-', digits
// with at most one '.', and an optional exponent.
func (p *parser) parseNumber(start int64, w string) (number, error) {
	i := 0
	digits := func() int {
		n := 0
		for i < len(w) && w[i] >= '0' && w[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(w) && w[i] == '-' {
		i++
	}
	nd := digits()
	isFloat := false
	if i < len(w) && w[i] == '.' {
		i++
		nd += digits()
		isFloat = true
	}
	if nd == 0 {
		return number{}, p.s.errorAt(start, "bad number")
	}
	if i < len(w) && (w[i] == 'e' || w[i] == 'E') {
		i++
		if i < len(w) && (w[i] == '-' || w[i] == '+') {
			i++
		}
		if digits() == 0 {
			return number{}, p.s.errorAt(start, "bad number exponent")
		}
		isFloat = true
		p.exponent = w
	}
	if i < len(w) {
		return number{}, p.s.errorAt(start+int64(i), "bad number")
	}
	if isFloat && p.skim && !p.keys.inKey { // its value is not needed yet
		return number{float: true}, nil
	}
	if isFloat {
		return number{float: true, f: godotStrtod(w)}, nil
	}
	n, err := strconv.ParseInt(w, 10, 64)
	if errors.Is(err, strconv.ErrRange) { // Godot clamps
		n = math.MaxInt64
		if w[0] == '-' {
			n = math.MinInt64
		}
	}
	return number{i: n}, nil
}

// note42 notes n, a number just read, a float held in 32 bits where
// single is set, if its digits are those only Godot 4.0 to 4.2 print.
func (p *parser) note42(n number, single bool) {
	if n.float && p.exponent != "" && !p.floats42 && !p.skim && p.cfg.dialect == Godot4 {
		p.floats42 = onlyGodot42Digits(p.exponent, n.f, single)
	}
}

// real reads a float, an int (as a float) or a named special: a math
// component or a packed array's element, held in 32 bits where single
// is set.
func (p *parser) real(single bool) (float64, error) {
	p.s.skipSpace()
	start := p.s.offset()
	if c := p.s.peek(); c != '-' && c != '.' && (c < '0' || c > '9') {
		name, err := p.word()
		if err != nil {
			return 0, err
		}
		if f, ok := specialFloats[string(name)]; ok {
			return f, nil
		}
		return 0, p.s.errorAt(start, "want a number")
	}
	n, err := p.number()
	if !n.float {
		return float64(n.i), err
	}
	p.note42(n, single)
	return n.f, err
}

// specialFloats are the names of floats that are not numbers, and
// negativeFloats those after a "-".
var (
	specialFloats  = map[string]float64{"inf": math.Inf(1), "inf_neg": math.Inf(-1), "nan": godotNaN}
	negativeFloats = map[string]float64{"inf": math.Inf(-1), "nan": negativeNaN}
)

// integer reads an int.
func (p *parser) integer() (int64, error) {
	p.s.skipSpace()
	start := p.s.offset()
	if c := p.s.peek(); c != '-' && (c < '0' || c > '9') {
		return 0, p.s.errorf("want an integer, found %s", p.s.found())
	}
	n, err := p.number()
	if !n.float || err != nil {
		return n.i, err
	}
	return 0, p.s.errorAt(start, "want an integer")
}

// str reads a quoted string and gives it to the builder in chunks; key,
// if not nil, notes it as a Dictionary key.
func (p *parser) str(kind gdvar.Kind, key *keyCapture) error {
	if err := p.b.beginString(kind); err != nil {
		return err
	}
	if key != nil {
		key.beginString(kind)
	}
	chunks := 0
	flush := func() error {
		if key != nil {
			key.stringChunk(p.chunk)
		}
		chunks++
		return p.flushChunk()
	}
	if err := p.quoted(flush); err != nil {
		return err
	}
	if len(p.chunk) > 0 || chunks == 0 { // not after a full chunk that ended the string
		if err := flush(); err != nil {
			return err
		}
	}
	return p.b.endString()
}

func (p *parser) flushChunk() error {
	err := p.b.stringChunk(p.chunk)
	p.chunk = p.chunk[:0]
	return err
}

// shortString reads a quoted string of at most gdvar.DefaultMaxNameBytes
// (a NodePath, a property name, a script path).
func (p *parser) shortString() (string, error) {
	start := p.s.offset()
	err := p.quoted(func() error {
		if len(p.chunk) < gdvar.DefaultMaxNameBytes {
			return nil
		}
		return p.s.errorAt(start, "string longer than %d bytes", gdvar.DefaultMaxNameBytes)
	})
	s := string(p.chunk)
	p.chunk = p.chunk[:0]
	return s, err
}

// quoted reads a quoted string with Godot's escapes into p.chunk, calling
// full when it holds maxChunk bytes or more. As in the engine, an unknown
// escape gives the character after the backslash (so "\a" reads back as
// "a"), and a carriage return stays (it is File.get_as_text that drops
// them, not str_to_var). Bytes that are not UTF-8 are read as the engine's
// decoder reads them (see utf8.go).
func (p *parser) quoted(full func() error) error {
	s := &p.s
	if err := p.expect('"'); err != nil {
		return err
	}
	p.chunk = p.chunk[:0]
	first, ended := true, false
	for {
		if len(p.chunk) >= maxChunk {
			if p.fileStrings {
				p.fileString(first, &ended)
			}
			first = false
			if err := full(); err != nil {
				return err
			}
		}
		if s.atEnd() {
			return s.errorf("unterminated string")
		}
		i, end := s.pos, min(len(s.buf), s.pos+maxChunk)
		for i < end && !stringStops[s.buf[i]] { // plain ASCII: copied as it is
			i++
		}
		p.chunk = append(p.chunk, s.buf[s.pos:i]...)
		if s.pos = i; i == end {
			continue
		}
		switch c := s.next(); {
		case c == '"':
			if p.fileStrings {
				p.fileString(first, &ended)
			}
			return nil
		case c == '\\':
			if err := p.escape(); err != nil {
				return err
			}
		case c < utf8.RuneSelf:
			p.chunk = append(p.chunk, c)
		default:
			if err := p.multibyte(c); err != nil {
				return err
			}
		}
	}
}

// fileString makes p.chunk, the next piece of a string, what the engine
// keeps of it when it reads a file (see parser.fileStrings; the caller
// checks it, off the path of str_to_var's text): first says it is the
// string's first piece, ended that a NUL ended the string.
func (p *parser) fileString(first bool, ended *bool) {
	if *ended {
		p.chunk = p.chunk[:0]
		return
	}
	if first {
		p.chunk = bytes.TrimPrefix(p.chunk, bom)
	}
	if i := bytes.IndexByte(p.chunk, 0); i >= 0 {
		p.chunk, *ended = p.chunk[:i], true
	}
}

// stringStops are the bytes a string's text is not copied past as it is:
// the end, an escape, a newline (for the line count) and non-ASCII (for its
// check).
var stringStops = func() (s [256]bool) {
	for _, c := range []byte{'"', '\\', '\n'} {
		s[c] = true
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		s[c] = true
	}
	return s
}()

// multibyte reads the rest of a UTF-8 sequence that starts with c, as the
// dialect's engine decodes it: Godot 3 keeps what its decoder takes and
// refuses the rest; Godot 4 puts U+FFFD in place of what it refuses.
func (p *parser) multibyte(c byte) error {
	s := &p.s
	at := s.offset() - 1
	s.peekAt(4) // the longest sequence, if the input has it
	var seq [6]byte
	seq[0] = c
	b := seq[:copy(seq[1:], s.buf[s.pos:])+1]
	if p.cfg.dialect == Godot4 {
		n, ok := godot4Len(b[:min(len(b), utf8.UTFMax)])
		if ok {
			p.chunk = append(p.chunk, b[:n]...)
		} else {
			p.chunk = append(p.chunk, replacement...)
		}
		s.pos += n - 1
		return nil
	}
	n := godot3Len(b)
	if n == 0 {
		return s.errorAt(at, "invalid UTF-8 in a string (%s refuses the whole text)", p.cfg.dialect)
	}
	p.chunk = append(p.chunk, b[:n]...)
	s.pos += n - 1
	return nil
}

// escape reads what follows a backslash.
func (p *parser) escape() error {
	s := &p.s
	if s.atEnd() {
		return s.errorf("unterminated string")
	}
	switch e := s.next(); e {
	case 'b':
		p.chunk = append(p.chunk, '\b')
	case 'f':
		p.chunk = append(p.chunk, '\f')
	case 'n':
		p.chunk = append(p.chunk, '\n')
	case 'r':
		p.chunk = append(p.chunk, '\r')
	case 't':
		p.chunk = append(p.chunk, '\t')
	case 'u', 'U':
		r, err := p.codePoint(e)
		if err != nil {
			return err
		}
		p.chunk = utf8.AppendRune(p.chunk, r)
	default:
		if e >= utf8.RuneSelf {
			return p.multibyte(e)
		}
		p.chunk = append(p.chunk, e)
	}
	return nil
}

// codePoint reads the hex digits of \uXXXX (joining a surrogate pair) or
// \UXXXXXX.
func (p *parser) codePoint(kind byte) (rune, error) {
	s := &p.s
	hex := func(n int) (rune, error) {
		var v rune
		for range n {
			c := s.peek()
			d, ok := hexDigit(c)
			if !ok || s.atEnd() {
				return 0, s.errorf("bad \\%c escape", kind)
			}
			s.next()
			v = v<<4 | d
		}
		return v, nil
	}
	if kind == 'U' {
		return hex(6)
	}
	r, err := hex(4)
	if err != nil || !utf16.IsSurrogate(r) {
		return r, err
	}
	if s.peek() != '\\' {
		return utf8.RuneError, nil
	}
	s.next()
	if s.peek() != 'u' {
		return 0, s.errorf("bad \\u escape")
	}
	s.next()
	lo, err := hex(4)
	return utf16.DecodeRune(r, lo), err
}

func hexDigit(c byte) (rune, bool) {
	switch {
	case c >= '0' && c <= '9':
		return rune(c - '0'), true
	case c >= 'a' && c <= 'f':
		return rune(c-'a') + 10, true
	case c >= 'A' && c <= 'F':
		return rune(c-'A') + 10, true
	}
	return 0, false
}

// list reads "(" or "[" items separated by commas, with an optional
// trailing comma, up to the closing byte.
func (p *parser) list(closing byte, item func() error) error {
	s := &p.s
	for {
		if s.skipSpace(); s.peek() == closing && !s.atEnd() {
			s.next()
			return nil
		}
		if err := item(); err != nil {
			return err
		}
		switch s.skipSpace(); s.peek() {
		case ',':
			s.next()
		case closing:
		default:
			return s.errorf("want ',' or %q, found %s", closing, s.found())
		}
	}
}

func (p *parser) array(elem gdvar.ContainerType) error {
	if err := p.expect('['); err != nil {
		return err
	}
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	if err := p.b.beginArray(elem); err != nil {
		return err
	}
	if err := p.list(']', p.value); err != nil {
		return err
	}
	return p.b.endArray()
}

func (p *parser) dictionary(key, value gdvar.ContainerType) error {
	if err := p.expect('{'); err != nil {
		return err
	}
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	if err := p.b.beginDict(key, value); err != nil {
		return err
	}
	if p.keys != nil {
		p.keys.enter()
		defer p.keys.leave()
	}
	err := p.list('}', func() error {
		if err := p.b.dictKey(); err != nil {
			return err
		}
		if err := p.key(); err != nil {
			return err
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		return p.value()
	})
	if err != nil {
		return err
	}
	return p.b.endDict()
}

// key reads a Dictionary's key, noting it when keys are checked: a String,
// the common key, as it is read, another through a tee.
func (p *parser) key() error {
	k := p.keys
	if k == nil || k.inKey {
		return p.value()
	}
	if k.capture == nil {
		k.capture = new(keyCapture)
	}
	k.capture.reset(p.cfg)
	if p.s.skipSpace(); p.s.peek() == '"' {
		err := p.str(gdvar.KindString, k.capture)
		if err == nil {
			k.note()
		}
		return err
	}
	b := p.b
	p.tee = tee{b, k.capture}
	k.inKey, p.b = true, &p.tee
	err := p.value()
	k.inKey, p.b = false, b
	if err == nil {
		k.note()
	}
	return err
}

// named reads what starts with an identifier: a keyword or a constructor.
func (p *parser) named() error {
	start := p.s.offset()
	name, err := p.word()
	if err != nil {
		return err
	}
	switch string(name) {
	case "null", "nil":
		return p.b.scalar(nil)
	case "true", "false":
		return p.b.scalar(string(name) == "true")
	case "Array":
		return p.typedArray()
	case "Dictionary":
		return p.typedDictionary()
	case "Object":
		return p.object()
	case ExtResourceClass, SubResourceClass:
		if p.cfg.resource > 0 {
			return p.reference(string(name))
		}
		fallthrough
	case "Resource":
		if p.s.skipSpace(); p.s.peek() == '(' {
			return p.resource()
		}
	}
	if f, ok := specialFloats[string(name)]; ok {
		return p.b.number(number{float: true, f: f})
	}
	typ, ok := typeByName[string(name)]
	if !ok {
		return p.s.errorAt(start, "unknown name %q", name)
	}
	if err := p.expect('('); err != nil {
		return err
	}
	switch {
	case typ.IsMath():
		return p.math(typ)
	case typ.IsPacked():
		return p.packed(typ)
	case typ == gdvar.TypeStringName:
		if err := p.str(gdvar.KindStringName, nil); err != nil {
			return err
		}
		return p.expect(')')
	case typ == gdvar.TypeNodePath:
		path, err := p.shortString()
		if err != nil {
			return err
		}
		if err := p.b.scalar(gdvar.ParseNodePath(path)); err != nil {
			return err
		}
		return p.expect(')')
	case typ == gdvar.TypeRID:
		var id int64
		if err := p.list(')', func() (err error) { id, err = p.integer(); return err }); err != nil {
			return err
		}
		return p.b.scalar(gdvar.RID(id))
	case typ == gdvar.TypeCallable:
		return p.closeScalar(gdvar.Callable{})
	case typ == gdvar.TypeSignal:
		return p.closeScalar(gdvar.Signal{})
	}
	return p.s.errorAt(start, "%s has no constructor in the text form", typ)
}

// closeScalar reads the ")" of a constructor without arguments and gives v
// to the builder.
func (p *parser) closeScalar(v any) error {
	if err := p.expect(')'); err != nil {
		return err
	}
	return p.b.scalar(v)
}

// math reads a math value's components, after its "(".
func (p *parser) math(t gdvar.Type) error {
	comps, count := p.nums[:0], 0
	err := p.list(')', func() error {
		f, err := p.real(true)
		if count++; count <= 16 {
			comps = append(comps, f)
		}
		return err
	})
	p.nums = comps
	if err != nil {
		return err
	}
	if t == gdvar.TypeColor && count == 3 {
		comps, count = append(comps, 1), 4 // Color(r, g, b) is opaque
	}
	if n := t.Components(); count != n {
		return p.s.errorf("%s takes %d numbers, not %d", t, n, count)
	}
	return p.b.math(t, comps)
}

// packed reads a packed array's elements, after its "(".
func (p *parser) packed(typ gdvar.Type) error {
	if err := p.b.beginPacked(typ); err != nil {
		return err
	}
	var err error
	switch typ {
	case gdvar.TypePackedByteArray:
		if p.s.skipSpace(); p.s.peek() == '"' { // base64, as Godot 4.3+ may write large ones
			err = p.base64()
			break
		}
		err = p.packedInts(0, math.MaxUint8)
	case gdvar.TypePackedInt32Array:
		err = p.packedInts(math.MinInt32, math.MaxInt32)
	case gdvar.TypePackedInt64Array:
		err = p.packedInts(math.MinInt64, math.MaxInt64)
	case gdvar.TypePackedStringArray:
		err = p.list(')', func() error { return p.str(gdvar.KindString, nil) })
	default:
		n, per, single := 0, mathwalk.PerElement(typ), typ != gdvar.TypePackedFloat64Array
		err = p.list(')', func() error {
			f, err := p.real(single)
			if err == nil {
				err = p.b.packedReal(f)
			}
			n++
			return err
		})
		if err == nil && n%per != 0 {
			return p.s.errorf("%d numbers do not make whole elements of %s", n, typ)
		}
	}
	if err != nil {
		return err
	}
	return p.b.endPacked()
}

func (p *parser) packedInts(lo, hi int64) error {
	return p.list(')', func() error {
		p.s.skipSpace()
		start := p.s.offset()
		n, err := p.integer()
		if err == nil && (n < lo || n > hi) {
			err = p.s.errorAt(start, "%d out of range", n)
		}
		if err != nil {
			return err
		}
		return p.b.packedInt(n)
	})
}

// base64 reads PackedByteArray("…") after its "(", decoding as it goes.
func (p *parser) base64() error {
	start := p.s.offset()
	var rest []byte // a partial group of four characters
	decode := func(last bool) error {
		text := append(rest, p.chunk...)
		n := len(text) / 4 * 4
		if last {
			n = len(text)
		}
		out, err := base64.StdEncoding.DecodeString(string(text[:n]))
		if err != nil {
			return p.s.errorAt(start, "bad base64 in PackedByteArray: %v", err)
		}
		for _, c := range out {
			if err := p.b.packedInt(int64(c)); err != nil {
				return err
			}
		}
		rest = append(rest[:0], text[n:]...)
		p.chunk = p.chunk[:0]
		return nil
	}
	if err := p.quoted(func() error { return decode(false) }); err != nil {
		return err
	}
	if err := decode(true); err != nil {
		return err
	}
	return p.expect(')')
}

// containerType reads the type in Array[T] or Dictionary[K, V]: a builtin
// type, "Variant", Resource("path") for a script, or a class name.
func (p *parser) containerType() (gdvar.ContainerType, error) {
	p.s.skipSpace()
	start := p.s.offset()
	name, err := p.ident()
	switch {
	case err != nil:
		return gdvar.ContainerType{}, err
	case name == "":
		return gdvar.ContainerType{}, p.s.errorf("want a type, found %s", p.s.found())
	case name == "Variant":
		return gdvar.ContainerType{}, nil
	case p.cfg.resource > 0 && name == ExtResourceClass:
		id, err := p.referenceID()
		if err != nil {
			return gdvar.ContainerType{}, err
		}
		name, ok := id.(string)
		if !ok {
			name = strconv.FormatInt(id.(int64), 10)
		}
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: name}, nil
	case name == "Resource" && p.s.peek() == '(':
		p.s.next()
		path, err := p.shortString()
		if err == nil {
			err = p.expect(')')
		}
		return gdvar.ContainerType{Kind: gdvar.TypedScript, Name: path}, err
	}
	if t, ok := typeByName[name]; ok {
		if t == gdvar.TypeNil {
			return gdvar.ContainerType{}, p.s.errorAt(start, "%s is not an element type", name)
		}
		return gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: t}, nil
	}
	return gdvar.ContainerType{Kind: gdvar.TypedClass, Name: name}, nil
}

// typedArray reads Array[T]([…]) after "Array".
func (p *parser) typedArray() error {
	if err := p.expect('['); err != nil {
		return err
	}
	typ, err := p.containerType()
	if err != nil {
		return err
	}
	if err := p.expectAll("]("); err != nil {
		return err
	}
	if err := p.array(typ); err != nil {
		return err
	}
	return p.expect(')')
}

// typedDictionary reads Dictionary[K, V]({…}) after "Dictionary".
func (p *parser) typedDictionary() error {
	if err := p.expect('['); err != nil {
		return err
	}
	key, err := p.containerType()
	if err != nil {
		return err
	}
	if err := p.expect(','); err != nil {
		return err
	}
	value, err := p.containerType()
	if err != nil {
		return err
	}
	if err := p.expectAll("]("); err != nil {
		return err
	}
	if err := p.dictionary(key, value); err != nil {
		return err
	}
	return p.expect(')')
}

// resource reads Resource("path") after "Resource" (or ExtResource or
// SubResource, which str_to_var and ConfigFile read alike): the resource
// the engine loads from the path, held as an object of class Resource with
// the one property resource_path, which the Encoder prints back as
// Resource("path").
func (p *parser) resource() error {
	p.s.next()
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	if err := p.b.beginObject(resourceClass); err != nil {
		return err
	}
	if err := p.b.property(resourcePath); err != nil {
		return err
	}
	p.s.skipSpace()
	if p.s.peek() != '"' {
		return p.s.errorf("want the resource's path as a string, found %s", p.s.found())
	}
	if err := p.str(gdvar.KindString, nil); err != nil {
		return err
	}
	if err := p.expect(')'); err != nil {
		return err
	}
	return p.b.endObject()
}

// In the syntax of a resource file (.tres, .tscn; package resource), a
// reference to one of the file's resources, ExtResource(id) to an
// [ext_resource] or SubResource(id) to a [sub_resource], is held as an
// object of class [ExtResourceClass] or [SubResourceClass] whose one property,
// [RefID], holds the id: a string, or an int64 as Godot 3 writes ids. The
// script of a typed container, ExtResource(id) there, is a
// [gdvar.TypedScript] whose Name is the id. Outside that syntax, ExtResource
// and SubResource read as Resource does, as str_to_var reads them.
const (
	ExtResourceClass = "ExtResource"
	SubResourceClass = "SubResource"
	RefID            = "id"
)

// reference reads ExtResource(id) or SubResource(id) after its name, in a
// resource file's syntax.
func (p *parser) reference(class string) error {
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	id, err := p.referenceID()
	if err != nil {
		return err
	}
	if err := p.b.beginObject(class); err != nil {
		return err
	}
	if err := p.b.property(RefID); err != nil {
		return err
	}
	if s, ok := id.(string); ok {
		err = p.b.beginString(gdvar.KindString)
		if err == nil {
			err = p.b.stringChunk([]byte(s))
		}
		if err == nil {
			err = p.b.endString()
		}
	} else {
		err = p.b.number(number{i: id.(int64)})
	}
	if err != nil {
		return err
	}
	return p.b.endObject()
}

// referenceID reads "(id)" after ExtResource or SubResource: a string, or
// an integer (Godot 3's ids, which Godot 4 reads too).
func (p *parser) referenceID() (any, error) {
	if err := p.expect('('); err != nil {
		return nil, err
	}
	var id any
	var err error
	if p.s.skipSpace(); p.s.peek() == '"' {
		id, err = p.shortString()
	} else {
		id, err = p.integer()
	}
	if err != nil {
		return nil, err
	}
	return id, p.expect(')')
}

// The object a resource loaded from a path is held as.
const (
	resourceClass = "Resource"
	resourcePath  = "resource_path"
)

// object reads Object(Class,"name":value,…) after "Object".
func (p *parser) object() error {
	if err := p.expect('('); err != nil {
		return err
	}
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	class, err := p.ident()
	if err != nil {
		return err
	}
	if class == "" {
		return p.s.errorf("want a class name, found %s", p.s.found())
	}
	if err := p.b.beginObject(class); err != nil {
		return err
	}
	if p.s.skipSpace(); p.s.peek() == ',' {
		p.s.next()
	}
	err = p.list(')', func() error {
		name, err := p.shortString()
		if err != nil {
			return err
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		if err := p.b.property(name); err != nil {
			return err
		}
		return p.value()
	})
	if err != nil {
		return err
	}
	return p.b.endObject()
}
