package varjson

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// bigSize is the JSON size from which DecodeTo streams a tagged value
// instead of converting it whole (a variable for the tests, which stream
// all).
var bigSize int64 = 64 << 10

// chunkElems is how many packed elements DecodeTo writes in one chunk.
const chunkElems = 4096

// How the second pass writes a JSON container.
const (
	streamed   = iota + 1 // token by token: an Array, a plain Dictionary, a large tagged value
	whole                 // converted whole: a small or rare tagged value
	simpleMath            // a math value of plain numbers, built without a tree
)

// noted is what DecodeTo's first pass notes of a container: how it is
// written, its element count and, for a tagged one, its members after the
// tag.
type noted struct {
	how    uint8
	wide   bool // "$wide": true (reals read with 64-bit digits)
	need   bool // wide, a real needs 64 bits and the engine has them: the array's width
	beyond bool // a real read with 64-bit digits needs 64 bits
	count  int
	mods   members // "$type", "$key_type", "$value_type", "$wide": their JSON
}

// members are a tagged value's members after its tag, in order: a few at
// most, so a list, which costs a small value far less than a map.
type members []member

// maxModifiers is the most members after its tag a value streamed may have
// ("$type", "$key_type", "$value_type", "$wide" and "$shared" are the
// most any has); a value with more is odd, read whole, and its members no
// longer kept, so that finding one twice stays linear.
const maxModifiers = 8

type member struct {
	name string
	raw  []byte // its JSON
}

// get returns the JSON of member name, or nil.
func (ms members) get(name string) []byte {
	for _, m := range ms {
		if m.name == name {
			return m.raw
		}
	}
	return nil
}

// note is noted as the first pass keeps it: 8 bytes a container, the
// members after a tag aside.
type note struct {
	count      uint32
	how        uint8
	wide, need bool
}

// streamer is DecodeTo's state: the first pass's notes, one per container
// the second pass meets, in the order it meets them, and the second pass's
// path and chunk.
type streamer struct {
	once  bool // one pass (Decoder.OnePass): no notes, every count deferred
	cfg   config
	at    int64 // the value's offset in the input
	zero  int64 // the input offset of the JSON reader's offset 0
	notes []note
	mods  map[int]members // a large tagged value's members after its tag, by note
	taken int
	b     noted // the note taken last
	c     converter
	chunk []byte
	str   []byte     // an unquoted string
	nums  []byte     // a math value's components' text
	math  [16]uint64 // a math value's components (the most: Projection's 16 reals)
	comps []float64  // a packed vector's components
	arena []byte     // the keys on the path
	parts reader     // the reader of the parts read as trees, its stacks kept from one to the next
}

// treeReader returns the reader of a part read as a tree, depth levels
// into it, with the stacks the last part left, emptied.
func (s *streamer) treeReader(dec *jsontext.Decoder, depth int) *reader {
	stack, entries, pairs := s.parts.stack, s.parts.entries, s.parts.pairs
	stack.Empty()
	entries.Empty()
	pairs.Empty()
	s.parts = reader{dec: dec, at: s.zero, depth: depth, stack: stack, entries: entries, pairs: pairs}
	return &s.parts
}

func (s *streamer) reset(cfg config, at, zero int64) {
	s.cfg, s.at, s.zero = cfg, at, zero
	s.notes, s.taken = s.notes[:0], 0
	clear(s.mods)
	if s.c.path == nil {
		s.c.path = make([]segment, 0, 64) // room for the converter's pushes too
	}
	s.c = converter{start: at, path: s.c.path[:0]}
}

// reserve adds a note for a container the first pass starts reading.
func (s *streamer) reserve() int {
	s.notes = append(s.notes, note{how: streamed})
	return len(s.notes) - 1
}

// set keeps b as note i.
func (s *streamer) set(i int, b noted) error {
	if b.count > math.MaxInt32 {
		return s.c.errorf("more than %d elements", math.MaxInt32)
	}
	s.notes[i] = note{count: uint32(b.count), how: b.how, wide: b.wide, need: b.need}
	if b.mods != nil && b.how == streamed {
		if s.mods == nil {
			s.mods = map[int]members{}
		}
		s.mods[i] = b.mods
	}
	return nil
}

// take returns the second pass's next note; in one pass, the note of a
// container streamed with its count deferred.
func (s *streamer) take() (*noted, error) {
	if s.once {
		s.b = noted{how: streamed, count: gdvar.DeferredCount}
		return &s.b, nil
	}
	if s.taken == len(s.notes) {
		return nil, s.c.errorf("the input changed between the two passes")
	}
	n := s.notes[s.taken]
	s.b = noted{count: int(n.count), how: n.how, wide: n.wide, need: n.need, mods: s.mods[s.taken]}
	s.taken++
	return &s.b, nil
}

// streamedModifier reports whether the second pass streams a tagged value
// with member k (raw, its JSON) after the tag: one the converter takes, and
// not Godot 2's "$shared".
func (t *tagSpec) streamedModifier(k string, raw []byte) bool {
	if k == "$wide" {
		return t.takes(k) && (string(raw) == "true" || string(raw) == "false")
	}
	return k != "$shared" && k != "$properties" && t.takes(k)
}

// size reads the next value for the first pass, noting its containers.
func (s *streamer) size(dec *jsontext.Decoder, depth int) error {
	if depth > maxDepth {
		return &SyntaxError{Offset: s.zero + dec.InputOffset(), Msg: "nested too deep"}
	}
	switch dec.PeekKind() {
	case '[':
		i := s.reserve()
		n, err := s.sizeElements(dec, depth, s.size)
		if err != nil {
			return err
		}
		return s.set(i, noted{how: streamed, count: n})
	case '{':
		return s.sizeObject(dec, depth)
	}
	return dec.SkipValue()
}

// sizeElements reads an array, each element with each, and counts them.
func (s *streamer) sizeElements(dec *jsontext.Decoder, depth int, each func(*jsontext.Decoder, int) error) (int, error) {
	if _, err := dec.ReadToken(); err != nil {
		return 0, err
	}
	n := 0
	for ; dec.PeekKind() != ']'; n++ {
		if err := each(dec, depth+1); err != nil {
			return n, err
		}
	}
	_, err := dec.ReadToken()
	return n, err
}

func (s *streamer) sizeObject(dec *jsontext.Decoder, depth int) error {
	start := dec.InputOffset()
	i := s.reserve()
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	b := noted{how: streamed}
	var t *tagSpec // the tag, if the first member is one
	odd := false   // a member the converter refuses, or Godot 2's "$shared": converted whole
	props := 0
	mathArg := false // a math value's argument is its components, plain numbers
	for n := 0; dec.PeekKind() != '}'; n++ {
		name, err := s.readString(dec)
		if err != nil {
			return err
		}
		switch {
		case n == 0 && bytes.HasPrefix(name, []byte("$")):
			_, t = tagOf(name)
			if t.arg == argComponents {
				mathArg, err = s.sizeMath(dec, t)
				break
			}
			err = s.sizeContent(dec, depth, t, &b)
		case t == nil:
			b.count++
			err = s.size(dec, depth+1)
		case string(name) == "$properties" && t.arg == argClass && dec.PeekKind() == '{':
			props++
			err = s.sizeProperties(dec, depth, &b)
		default:
			k := string(name) // before the next read, which may reuse its bytes
			var raw jsontext.Value
			if raw, err = dec.ReadValue(); err == nil && !odd { // an odd value is read whole: its members are not kept
				odd = len(b.mods) == maxModifiers || b.mods.get(k) != nil || !t.streamedModifier(k, raw)
				b.mods = append(b.mods, member{k, append([]byte(nil), raw...)})
			}
		}
		if err != nil {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if t != nil {
		switch {
		case mathArg && !odd:
			b.how = simpleMath
		case t.stream == nil || odd || b.how == whole || t.arg == argClass && props != 1 || dec.InputOffset()-start <= bigSize:
			s.notes = s.notes[:i+1] // the second pass reads it whole
			b = noted{how: whole}
		}
		b.wide = string(b.mods.get("$wide")) == "true"
		b.need = b.wide && b.beyond && s.cfg.engine() == gdvar.Godot4 // only Godot 4 has 64-bit vector arrays
	}
	return s.set(i, b)
}

// sizeContent reads a tag's argument: the elements of an Array, the
// entries of a Dictionary, the elements of a packed array (as the second
// pass reads them: whole, noting whether a vector's reals need 64 bits).
func (s *streamer) sizeContent(dec *jsontext.Decoder, depth int, t *tagSpec, b *noted) error {
	if dec.PeekKind() != '[' {
		if t.inPieces() {
			b.how = whole // one string: converted whole
		}
		return s.size(dec, depth+1)
	}
	var err error
	switch {
	case t.arg == argText: // pieces: count their bytes
		_, err = s.sizeElements(dec, depth, func(dec *jsontext.Decoder, _ int) error {
			text, err := s.readString(dec)
			b.count += len(text)
			return err
		})
	case t.arg == argValues:
		b.count, err = s.sizeElements(dec, depth, s.size)
	case t.arg == argEntries:
		b.count, err = s.sizeElements(dec, depth, func(dec *jsontext.Decoder, depth int) error {
			if dec.PeekKind() != '[' {
				return s.size(dec, depth)
			}
			_, err := s.sizeElements(dec, depth, s.size)
			return err
		})
	case t.arg == argBase64: // pieces: count the bytes they decode to
		_, err = s.sizeElements(dec, depth, func(dec *jsontext.Decoder, _ int) error {
			text, err := s.readString(dec)
			b.count += base64.StdEncoding.DecodedLen(len(text)) - bytes.Count(text[max(0, len(text)-2):], []byte("="))
			return err
		})
	case t.arg == argVectors && t.takes("$wide"):
		b.count, err = s.sizeElements(dec, depth, func(dec *jsontext.Decoder, _ int) error {
			// The digits are read as "$wide" says, which comes later: read
			// as 64-bit here; a real that only reads as 32-bit (a NaN's bits)
			// decides nothing, and the second pass reads it right.
			comps, bad, err := s.readReals(dec, true)
			for _, c := range comps {
				b.beyond = b.beyond || needs64(c) && bad == nil
			}
			return err
		})
	default:
		b.count, err = s.sizeElements(dec, depth, func(dec *jsontext.Decoder, _ int) error { return dec.SkipValue() })
	}
	return err
}

// sizeProperties counts the members of an Object's "$properties".
func (s *streamer) sizeProperties(dec *jsontext.Decoder, depth int, b *noted) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for ; dec.PeekKind() != '}'; b.count++ {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		if err := s.size(dec, depth+1); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// tree reads the next value as the converter's tree.
func (s *streamer) tree(dec *jsontext.Decoder) (any, error) {
	return s.treeReader(dec, 0).value()
}

// readReals reads a vector element, [x, y, …] (with 64-bit digits when
// wide), into s.comps: plain numbers without a tree, which cost 40 bytes
// and more per byte of such JSON. bad is the first element or component
// that is not a real; err an error of the JSON, after which s cannot go on.
func (s *streamer) readReals(dec *jsontext.Decoder, wide bool) (comps []float64, bad, err error) {
	if dec.PeekKind() != '[' {
		tree, err := s.tree(dec)
		if err != nil {
			return nil, nil, err
		}
		_, bad = s.c.items(tree)
		return nil, bad, nil
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, nil, err
	}
	s.comps = s.comps[:0]
	for dec.PeekKind() != ']' {
		var f float64
		var e error
		if dec.PeekKind() == '0' {
			raw, err := dec.ReadValue()
			if err != nil {
				return nil, nil, err
			}
			if wide {
				f, e = s.c.float64Of(number(raw))
			} else {
				var f32 float32
				f32, e = s.c.float32Of(number(raw))
				f = float64(f32)
			}
		} else {
			tree, err := s.tree(dec)
			if err != nil {
				return nil, nil, err
			}
			f, e = s.c.real(tree, !wide)
		}
		if bad == nil {
			bad = e
		}
		s.comps = append(s.comps, f)
	}
	_, err = dec.ReadToken()
	return s.comps, bad, err
}

// write reads the next value and writes its tokens to enc.
func (s *streamer) write(dec *jsontext.Decoder, enc *gdvar.Encoder) error {
	switch dec.PeekKind() {
	case '[', '{':
	case '"':
		text, err := s.readString(dec)
		if err != nil {
			return err
		}
		return enc.WriteToken(gdvar.StringChunkToken(len(text), text))
	case '0':
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		return s.number(enc, raw)
	default: // null, true, false
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		switch tok.Kind() {
		case 'n':
			return enc.WriteToken(gdvar.NilToken)
		case 't', 'f':
			return enc.WriteToken(gdvar.BoolToken(tok.Bool()))
		}
		return s.c.errorf("unexpected %s", tok.Kind())
	}
	b, err := s.take()
	if err != nil {
		return err
	}
	if b.how == whole {
		c := converter{start: s.at, path: s.c.path}
		v, err := c.read(s.treeReader(dec, 0))
		if err != nil {
			return err
		}
		return enc.Encode(v)
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if tok.Kind() == '[' {
		return s.array(dec, enc, b.count, gdvar.UntypedContainer)
	}
	if dec.PeekKind() == '}' { // an empty Dictionary
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		return writeAll(enc, gdvar.DictStartToken(0, gdvar.UntypedContainer, gdvar.UntypedContainer), gdvar.DictEndToken)
	}
	name, err := s.readString(dec)
	if err != nil {
		return err
	}
	if bytes.HasPrefix(name, []byte("$")) {
		tag, t := tagOf(name)
		switch {
		case (b.how == simpleMath || s.once) && t.arg == argComponents:
			return s.mathValue(dec, enc, t, b)
		case s.once && (t.stream == nil || t.inPieces() && dec.PeekKind() != '['):
			return s.wholeFrom(dec, enc, tag) // as two passes do (see sizeContent)
		case b.how == simpleMath || t.stream == nil: // not what the first pass noted
			return s.c.errorf("the input changed between the two passes")
		}
		return s.tagged(dec, enc, t, b)
	}
	return s.plainDictionary(dec, enc, name, b)
}

// readString reads a JSON string, a value or a member name, and returns its
// text, valid until the next read.
func (s *streamer) readString(dec *jsontext.Decoder) ([]byte, error) {
	raw, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	if len(raw) < 2 || raw[0] != '"' {
		return nil, s.c.errorf("want a string, found %.20s", raw)
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1], nil
	}
	s.str, err = jsontext.AppendUnquote(s.str[:0], raw)
	return s.str, err
}

// keep returns a copy of b that lasts until the arena is cut back: the
// key of a path segment, which outlives the decoder's buffer.
func (s *streamer) keep(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	start := len(s.arena)
	s.arena = append(s.arena, b...)
	return unsafe.String(&s.arena[start], len(b))
}

// number writes a JSON number: an int without "." or exponent, else a
// float, each with the width Godot gives it.
func (s *streamer) number(enc *gdvar.Encoder, raw []byte) error {
	text := unsafeString(raw)
	if !strings.ContainsAny(text, ".eE") {
		i, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return s.c.errorf("int %s out of range", raw)
		}
		return enc.WriteToken(gdvar.IntToken(i))
	}
	f, err := parseFloat(text, 64)
	if err != nil {
		return s.c.errorf("float %s out of range", raw)
	}
	return enc.WriteToken(gdvar.FloatToken(f))
}

// elements writes an array's elements, up to and with its ']'.
func (s *streamer) elements(dec *jsontext.Decoder, enc *gdvar.Encoder) error {
	for i := 0; dec.PeekKind() != ']'; i++ {
		s.c.pushIndex(i)
		err := s.write(dec, enc)
		s.c.pop()
		if err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// plainDictionary writes {"key": value, …} from its first member on.
func (s *streamer) plainDictionary(dec *jsontext.Decoder, enc *gdvar.Encoder, name []byte, b *noted) error {
	if err := enc.WriteToken(gdvar.DictStartToken(b.count, gdvar.UntypedContainer, gdvar.UntypedContainer)); err != nil {
		return err
	}
	mark := len(s.arena)
	defer func() { s.arena = s.arena[:mark] }()
	for {
		s.arena = s.arena[:mark]
		key := s.keep(name)
		if strings.HasPrefix(key, "$") {
			return s.c.errorf("member %q: a Dictionary key starting with $ must use the $Dictionary form", key)
		}
		if err := writeAll(enc, gdvar.DictKeyToken, gdvar.StringToken(key)); err != nil {
			return err
		}
		s.c.pushKey(key)
		err := s.write(dec, enc)
		s.c.pop()
		if err != nil {
			return err
		}
		if dec.PeekKind() == '}' {
			break
		}
		if name, err = s.readString(dec); err != nil {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.DictEndToken)
}

// tagged writes a large tagged value, from its tag's argument on; its
// other members were noted by the first pass and are skipped.
func (s *streamer) tagged(dec *jsontext.Decoder, enc *gdvar.Encoder, t *tagSpec, b *noted) error {
	s.c.pushTag(t.name[1:])
	defer s.c.pop()
	err := t.stream(s, dec, enc, t.typ, b)
	if err != nil || t.arg == argClass { // an Object reads its "$properties" member itself
		return err
	}
	return s.skipMembers(dec)
}

// wholeFrom converts a tagged value whole, in one pass, its tag read.
func (s *streamer) wholeFrom(dec *jsontext.Decoder, enc *gdvar.Encoder, tag string) error {
	o := &object{}
	if err := o.add(s.treeReader(dec, 1), tag); err != nil { // in its '{'
		return err
	}
	if err := s.members(dec, o); err != nil {
		return err
	}
	return s.convert(enc, o)
}

// skipMembers skips a tagged value's members after its argument, which the
// first pass noted, and its '}'. In one pass, where nothing was noted, a
// member there is ErrTwoPasses.
func (s *streamer) skipMembers(dec *jsontext.Decoder) error {
	if s.once && dec.PeekKind() != '}' {
		return ErrTwoPasses
	}
	for dec.PeekKind() != '}' {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		if err := dec.SkipValue(); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// modifiers returns the noted members as the tree the converter reads.
func (b *noted) modifiers() (*object, error) {
	o := &object{}
	for _, m := range b.mods {
		v, err := newReader(m.raw, 0).value()
		if err != nil {
			return nil, err
		}
		o.keys, o.values = append(o.keys, m.name), append(o.values, v)
	}
	return o, nil
}

// open reads the '[' that starts a tag's argument.
func (s *streamer) open(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err == nil && tok.Kind() != '[' {
		err = s.c.errorf("want an array, found %s", tok.Kind())
	}
	return err
}

// typedArray writes a large {"$Array": […], "$type": …} from its argument on.
func (s *streamer) typedArray(dec *jsontext.Decoder, enc *gdvar.Encoder, _ gdvar.Type, b *noted) error {
	mods, err := b.modifiers()
	if err != nil {
		return err
	}
	typ, err := s.c.containerType(mods, "$type")
	if err != nil {
		return err
	}
	if err := s.open(dec); err != nil {
		return err
	}
	return s.array(dec, enc, b.count, typ)
}

// array writes an Array of n elements of type typ, its '[' read.
func (s *streamer) array(dec *jsontext.Decoder, enc *gdvar.Encoder, n int, typ gdvar.ContainerType) error {
	if err := enc.WriteToken(gdvar.ArrayStartToken(n, typ)); err != nil {
		return err
	}
	if err := s.elements(dec, enc); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.ArrayEndToken)
}

func (s *streamer) dictionary(dec *jsontext.Decoder, enc *gdvar.Encoder, _ gdvar.Type, b *noted) error {
	mods, err := b.modifiers()
	if err != nil {
		return err
	}
	kt, err := s.c.containerType(mods, "$key_type")
	if err != nil {
		return err
	}
	vt, err := s.c.containerType(mods, "$value_type")
	if err != nil {
		return err
	}
	if err := s.open(dec); err != nil {
		return err
	}
	if err := enc.WriteToken(gdvar.DictStartToken(b.count, kt, vt)); err != nil {
		return err
	}
	for i := 0; dec.PeekKind() != ']'; i++ {
		s.c.pushEntry(i)
		err := s.entry(dec, enc)
		s.c.pop()
		if err != nil {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.DictEndToken)
}

// entry writes a $Dictionary entry, [key, value].
func (s *streamer) entry(dec *jsontext.Decoder, enc *gdvar.Encoder) error {
	if err := s.open(dec); err != nil {
		return err
	}
	if err := enc.WriteToken(gdvar.DictKeyToken); err != nil {
		return err
	}
	for range 2 {
		if dec.PeekKind() == ']' {
			return s.c.errorf("an entry is [key, value]")
		}
		if err := s.write(dec, enc); err != nil {
			return err
		}
	}
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != ']' {
		if err == nil {
			err = s.c.errorf("an entry is [key, value]")
		}
		return err
	}
	return nil
}

// object writes {"$Object": "Class", "$properties": {…}} from the class on.
func (s *streamer) object(dec *jsontext.Decoder, enc *gdvar.Encoder, _ gdvar.Type, b *noted) error {
	class, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if class.Kind() != '"' {
		return s.c.errorf("want the class name")
	}
	n := b.count
	if n == gdvar.DeferredCount && class.String() == "" {
		n = 0 // a null object: no count to defer
	}
	if err := enc.WriteToken(gdvar.ObjectStartToken(class.String(), n)); err != nil {
		return err
	}
	props := 0
	for ; dec.PeekKind() != '}'; props++ {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if name.String() != "$properties" {
			return s.c.errorf("$Object does not take %q", name.String())
		}
		if s.once && (props > 0 || dec.PeekKind() != '{') { // converted whole in two passes
			return ErrTwoPasses
		}
		if _, err := dec.ReadToken(); err != nil { // {
			return err
		}
		for dec.PeekKind() != '}' {
			p, err := dec.ReadToken()
			if err != nil {
				return err
			}
			if err := enc.WriteToken(gdvar.ObjectPropertyToken(p.String())); err != nil {
				return err
			}
			s.c.pushKey(p.String())
			err = s.write(dec, enc)
			s.c.pop()
			if err != nil {
				return err
			}
		}
		if _, err := dec.ReadToken(); err != nil { // }
			return err
		}
	}
	if s.once && props == 0 {
		return ErrTwoPasses
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.ObjectEndToken)
}

// stringPieces writes a long String or StringName (typ), a list of pieces,
// from its '[' on: each piece as a chunk; in one pass, where the length is
// only known at the ']', an empty chunk then gives it.
func (s *streamer) stringPieces(dec *jsontext.Decoder, enc *gdvar.Encoder, typ gdvar.Type, b *noted) error {
	chunk := gdvar.StringChunkToken
	if typ == gdvar.TypeStringName {
		chunk = gdvar.StringNameChunkToken
	}
	if err := s.open(dec); err != nil {
		return err
	}
	written := 0
	for i := 0; dec.PeekKind() != ']'; i++ {
		s.c.pushIndex(i)
		text, err := s.readString(dec)
		s.c.pop()
		if err != nil {
			return err
		}
		if len(text) == 0 {
			continue // nothing to write (and after the last byte, a new value)
		}
		if err := enc.WriteToken(chunk(b.count, text)); err != nil { // b.count: DeferredCount in one pass
			return err
		}
		written += len(text)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if s.once || written == 0 { // the length, or the empty string
		return enc.WriteToken(chunk(written, nil))
	}
	return nil
}

// packed writes a packed array's elements in chunks.
func (s *streamer) packed(dec *jsontext.Decoder, enc *gdvar.Encoder, typ gdvar.Type, b *noted) error {
	p := gdvar.Single
	if b.need {
		p = gdvar.Double
	}
	if err := s.open(dec); err != nil {
		return err
	}
	if err := enc.WriteToken(gdvar.PackedStartToken(typ, b.count, p)); err != nil {
		return err
	}
	s.chunk = s.chunk[:0]
	for i := 0; dec.PeekKind() != ']'; i++ {
		s.c.pushIndex(i)
		var err error
		if typ == gdvar.TypePackedByteArray {
			err = s.piece(dec, enc)
		} else {
			err = s.element(dec, enc, typ, b)
		}
		s.c.pop()
		if err != nil {
			return err
		}
		if (i+1)%chunkElems == 0 {
			if err := s.flushChunk(enc); err != nil {
				return err
			}
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if err := s.flushChunk(enc); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.PackedEndToken)
}

// piece writes a PackedByteArray's base64 piece.
func (s *streamer) piece(dec *jsontext.Decoder, enc *gdvar.Encoder) error {
	text, err := s.readString(dec)
	if err != nil {
		return err
	}
	start := len(s.chunk)
	s.chunk = slices.Grow(s.chunk, base64.StdEncoding.DecodedLen(len(text)))
	n, err := base64.StdEncoding.Decode(s.chunk[start:cap(s.chunk)], text)
	if err != nil {
		return s.c.errorf("bad base64: %v", err)
	}
	s.chunk = s.chunk[:start+n]
	return s.flushChunk(enc)
}

func (s *streamer) flushChunk(enc *gdvar.Encoder) error {
	if len(s.chunk) == 0 {
		return nil
	}
	err := enc.WriteToken(gdvar.PackedChunkToken(s.chunk))
	s.chunk = s.chunk[:0]
	return err
}

// element appends one packed element to the chunk (or, for a
// PackedStringArray, writes it).
func (s *streamer) element(dec *jsontext.Decoder, enc *gdvar.Encoder, typ gdvar.Type, b *noted) error {
	if typ == gdvar.TypePackedColorArray {
		return s.color(dec)
	}
	if per := mathwalk.PerElement(typ); per > 1 {
		comps, err, jsonErr := s.readReals(dec, b.wide)
		if jsonErr != nil {
			return jsonErr
		}
		if err != nil && s.once {
			return ErrTwoPasses // it may read with 64-bit digits, if "$wide" follows
		}
		if err != nil {
			return err
		}
		if len(comps) != per {
			return s.c.errorf("an element takes %d components, not %d", per, len(comps))
		}
		for _, c := range comps {
			if b.need {
				s.chunk = binary.LittleEndian.AppendUint64(s.chunk, math.Float64bits(c))
			} else {
				s.chunk = binary.LittleEndian.AppendUint32(s.chunk, math.Float32bits(float32(c)))
			}
		}
		return nil
	}
	if dec.PeekKind() == '0' && typ != gdvar.TypePackedStringArray {
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		return s.numberElement(typ, number(raw))
	}
	tree, err := s.tree(dec)
	if err != nil {
		return err
	}
	switch typ { // not a plain number: a {"$float": …}, or an error
	case gdvar.TypePackedInt32Array, gdvar.TypePackedInt64Array:
		return s.c.errorf("want an integer, found %s", describe(tree))
	case gdvar.TypePackedFloat32Array:
		f, err := s.c.real32(tree)
		s.chunk = binary.LittleEndian.AppendUint32(s.chunk, math.Float32bits(f))
		return err
	case gdvar.TypePackedFloat64Array:
		f, err := s.c.real(tree, false)
		s.chunk = binary.LittleEndian.AppendUint64(s.chunk, math.Float64bits(f))
		return err
	}
	str, err := s.c.text(tree)
	if err != nil {
		return err
	}
	return enc.WriteToken(gdvar.StringToken(str))
}

// numberElement appends a numeric packed array's element written as a
// plain number, the common one, read without a tree.
func (s *streamer) numberElement(typ gdvar.Type, n number) error {
	switch typ {
	case gdvar.TypePackedInt32Array:
		i, err := s.c.intOf(n, math.MinInt32, math.MaxInt32)
		s.chunk = binary.LittleEndian.AppendUint32(s.chunk, uint32(i))
		return err
	case gdvar.TypePackedInt64Array:
		i, err := s.c.intOf(n, math.MinInt64, math.MaxInt64)
		s.chunk = binary.LittleEndian.AppendUint64(s.chunk, uint64(i))
		return err
	case gdvar.TypePackedFloat32Array:
		f, err := s.c.float32Of(n)
		s.chunk = binary.LittleEndian.AppendUint32(s.chunk, math.Float32bits(f))
		return err
	}
	f, err := s.c.float64Of(n)
	s.chunk = binary.LittleEndian.AppendUint64(s.chunk, math.Float64bits(f))
	return err
}

// color appends a Color element's four float32 channels.
func (s *streamer) color(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '[' {
		tree, err := s.tree(dec)
		if err == nil {
			_, err = s.c.items(tree)
		}
		return err
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	n := 0
	var bad error
	for ; dec.PeekKind() != ']'; n++ {
		var f float32
		var e error
		if dec.PeekKind() == '0' { // a plain number without a tree
			raw, err := dec.ReadValue()
			if err != nil {
				return err
			}
			f, e = s.c.float32Of(number(raw))
		} else {
			tree, err := s.tree(dec)
			if err != nil {
				return err
			}
			f, e = s.c.real32(tree) // keeps a NaN's bits, which a float64 may not
		}
		if bad == nil {
			bad = e
		}
		s.chunk = binary.LittleEndian.AppendUint32(s.chunk, math.Float32bits(f))
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if n != 4 {
		return s.c.errorf("an element takes 4 components, not %d", n)
	}
	return bad
}

// writeAll writes tokens in turn.
func writeAll(enc *gdvar.Encoder, toks ...gdvar.Token) error {
	for _, t := range toks {
		if err := enc.WriteToken(t); err != nil {
			return err
		}
	}
	return nil
}
