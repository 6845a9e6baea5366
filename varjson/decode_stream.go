package varjson

import (
	"encoding/binary"
	"math"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
	"github.com/gdvar/gdvar/internal/viabinary"
)

// bigSize is the JSON size from which DecodeTo streams a container instead
// of converting it whole (a variable for the tests, which stream all).
var bigSize int64 = 64 << 10

// chunkElems is how many packed elements DecodeTo writes in one chunk.
const chunkElems = 4096

// bigValue is what DecodeTo's first pass notes of a large container: its
// element count and, for a tagged one, its members after the tag.
type bigValue struct {
	count  int
	wide   bool              // "$wide": true (reals read with 64-bit digits)
	need   bool              // wide, and a real needs 64 bits: the array's width
	beyond bool              // a real read with 64-bit digits needs 64 bits
	mods   map[string][]byte // "$type", "$key_type", "$value_type": their JSON
}

// streamer is DecodeTo's state: the first pass's notes, keyed by the offset
// of each large container from the value's start, and the second pass's
// path and chunk.
type streamer struct {
	cfg   config
	at    int64 // the value's offset in the input
	big   map[int64]*bigValue
	c     converter
	chunk []byte
}

func (s *streamer) reset(cfg config, at int64) {
	s.cfg, s.at = cfg, at
	clear(s.big)
	if s.big == nil {
		s.big = map[int64]*bigValue{}
	}
	s.c = converter{start: at, path: s.c.path[:0]}
}

// streamedTag reports whether DecodeTo streams a large value of this tag
// (the others are converted whole).
func streamedTag(tag string) bool {
	switch tag {
	case "$Array", "$Dictionary", "$Object", "$PackedInt32Array", "$PackedInt64Array", "$PackedFloat32Array",
		"$PackedFloat64Array", "$PackedStringArray", "$PackedVector2Array", "$PackedVector3Array",
		"$PackedVector4Array", "$PackedColorArray":
		return true
	}
	return false
}

// size reads the next value, noting its large containers; it returns the
// value's element or member count (0 for a scalar).
func (s *streamer) size(dec *jsontext.Decoder, depth int) error {
	if depth > maxDepth {
		return &SyntaxError{Offset: s.at + dec.InputOffset(), Msg: "nested too deep"}
	}
	start := dec.InputOffset()
	switch dec.PeekKind() {
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		n := 0
		for ; dec.PeekKind() != ']'; n++ {
			if err := s.size(dec, depth+1); err != nil {
				return err
			}
		}
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		s.note(start, dec, &bigValue{count: n})
		return nil
	case '{':
		return s.sizeObject(dec, depth, start)
	}
	return dec.SkipValue()
}

// note keeps b for the container that started at start, if it is large.
func (s *streamer) note(start int64, dec *jsontext.Decoder, b *bigValue) {
	if dec.InputOffset()-start > bigSize {
		s.big[start] = b
	}
}

func (s *streamer) sizeObject(dec *jsontext.Decoder, depth int, start int64) error {
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	b := &bigValue{}
	tag := ""
	streamed := true
	for i := 0; dec.PeekKind() != '}'; i++ {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		k := name.String()
		switch {
		case i == 0 && strings.HasPrefix(k, "$"):
			tag = k
			streamed = streamedTag(k)
			if err := s.sizeContent(dec, depth, tag, b); err != nil {
				return err
			}
		case tag == "":
			b.count++
			if err := s.size(dec, depth+1); err != nil {
				return err
			}
		case k == "$properties":
			if err := s.sizeProperties(dec, depth, b); err != nil {
				return err
			}
		default:
			raw, err := dec.ReadValue()
			if err != nil {
				return err
			}
			if k == "$shared" {
				streamed = false // Godot 2's shared flag: converted whole
			}
			if b.mods == nil {
				b.mods = map[string][]byte{}
			}
			b.mods[k] = append([]byte(nil), raw...)
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if streamed {
		b.wide = string(b.mods["$wide"]) == "true"
		b.need = b.wide && b.beyond
		s.note(start, dec, b)
	}
	return nil
}

// sizeContent reads a tag's argument: it counts the elements of an array,
// and the reals of a vector array to find whether 32 bits hold them all.
func (s *streamer) sizeContent(dec *jsontext.Decoder, depth int, tag string, b *bigValue) error {
	if dec.PeekKind() != '[' || !strings.HasPrefix(tag, "$PackedVector") {
		if dec.PeekKind() == '[' {
			if _, err := dec.ReadToken(); err != nil {
				return err
			}
			for ; dec.PeekKind() != ']'; b.count++ {
				if err := s.size(dec, depth+1); err != nil {
					return err
				}
			}
			_, err := dec.ReadToken()
			return err
		}
		return s.size(dec, depth+1)
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for ; dec.PeekKind() != ']'; b.count++ {
		tree, err := readTree(dec)
		if err != nil {
			return err
		}
		// The digits are read as "$wide" says, which comes later: read as
		// 64-bit here; a real that only reads as 32-bit (a NaN's bits) then
		// decides nothing, and the second pass reads it right.
		comps, _ := s.reals(tree, true)
		for _, c := range comps {
			b.beyond = b.beyond || math.Float64bits(float64(float32(c))) != math.Float64bits(c)
		}
	}
	_, err := dec.ReadToken()
	return err
}

// sizeProperties counts the members of an Object's "$properties".
func (s *streamer) sizeProperties(dec *jsontext.Decoder, depth int, b *bigValue) error {
	if dec.PeekKind() != '{' {
		return s.size(dec, depth+1)
	}
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

// readTree reads the next value as the converter's tree.
func readTree(dec *jsontext.Decoder) (any, error) {
	raw, err := dec.ReadValue()
	if err != nil {
		return nil, err
	}
	return (&reader{data: raw}).value()
}

// reals reads a vector element, [x, y, …] (with 64-bit digits when wide).
func (s *streamer) reals(tree any, wide bool) ([]float64, error) {
	items, err := s.c.items(tree)
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(items))
	for i, it := range items {
		if out[i], err = s.c.real(it, !wide); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// write reads the next value and writes its tokens to enc.
func (s *streamer) write(dec *jsontext.Decoder, enc *gdvar.Encoder) error {
	b, big := s.big[dec.InputOffset()]
	if !big {
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		v, err := convert(raw, s.at, s.c.path)
		if err != nil {
			return err
		}
		return viabinary.Encode(enc, v, s.cfg.binary()...)
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if tok.Kind() == '[' {
		if err := enc.WriteToken(gdvar.ArrayStartToken(b.count, gdvar.UntypedContainer)); err != nil {
			return err
		}
		if err := s.elements(dec, enc); err != nil {
			return err
		}
		return enc.WriteToken(gdvar.ArrayEndToken)
	}
	if dec.PeekKind() == '}' { // an empty Dictionary
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		return writeAll(enc, gdvar.DictStartToken(0, gdvar.UntypedContainer, gdvar.UntypedContainer), gdvar.DictEndToken)
	}
	name, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if k := name.String(); strings.HasPrefix(k, "$") {
		return s.tagged(dec, enc, k, b)
	}
	return s.plainDictionary(dec, enc, name.String(), b)
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
func (s *streamer) plainDictionary(dec *jsontext.Decoder, enc *gdvar.Encoder, key string, b *bigValue) error {
	if err := enc.WriteToken(gdvar.DictStartToken(b.count, gdvar.UntypedContainer, gdvar.UntypedContainer)); err != nil {
		return err
	}
	for {
		if strings.HasPrefix(key, "$") {
			return s.c.errorf("member %q: a Dictionary key starting with $ must use the $Dictionary form", key)
		}
		if err := enc.WriteToken(gdvar.DictKeyToken); err != nil {
			return err
		}
		if err := enc.WriteToken(gdvar.StringToken(key)); err != nil {
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
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		key = name.String()
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.DictEndToken)
}

// tagged writes a large tagged value, from its tag's argument on; its
// other members were noted by the first pass and are skipped.
func (s *streamer) tagged(dec *jsontext.Decoder, enc *gdvar.Encoder, tag string, b *bigValue) error {
	s.c.pushTag(strings.TrimPrefix(tag, "$"))
	defer s.c.pop()
	var err error
	switch tag {
	case "$Array":
		err = s.array(dec, enc, b)
	case "$Dictionary":
		err = s.dictionary(dec, enc, b)
	case "$Object":
		return s.object(dec, enc, b) // reads its "$properties" member itself
	default:
		err = s.packed(dec, enc, tag, b)
	}
	if err != nil {
		return err
	}
	for dec.PeekKind() != '}' {
		if _, err := dec.ReadToken(); err != nil {
			return err
		}
		if err := dec.SkipValue(); err != nil {
			return err
		}
	}
	_, err = dec.ReadToken()
	return err
}

// modifiers returns the noted members as the tree the converter reads.
func (b *bigValue) modifiers() (*object, error) {
	o := &object{}
	for k, raw := range b.mods {
		v, err := (&reader{data: raw}).value()
		if err != nil {
			return nil, err
		}
		o.keys, o.values = append(o.keys, k), append(o.values, v)
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

func (s *streamer) array(dec *jsontext.Decoder, enc *gdvar.Encoder, b *bigValue) error {
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
	if err := enc.WriteToken(gdvar.ArrayStartToken(b.count, typ)); err != nil {
		return err
	}
	if err := s.elements(dec, enc); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.ArrayEndToken)
}

func (s *streamer) dictionary(dec *jsontext.Decoder, enc *gdvar.Encoder, b *bigValue) error {
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
func (s *streamer) object(dec *jsontext.Decoder, enc *gdvar.Encoder, b *bigValue) error {
	class, err := dec.ReadToken()
	if err != nil {
		return err
	}
	if class.Kind() != '"' {
		return s.c.errorf("want the class name")
	}
	if err := enc.WriteToken(gdvar.ObjectStartToken(class.String(), b.count)); err != nil {
		return err
	}
	for dec.PeekKind() != '}' {
		name, err := dec.ReadToken()
		if err != nil {
			return err
		}
		if name.String() != "$properties" {
			return s.c.errorf("$Object does not take %q", name.String())
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
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return enc.WriteToken(gdvar.ObjectEndToken)
}

// packedTypes are the packed arrays DecodeTo streams, by tag.
var packedTypes = map[string]gdvar.Type{
	"$PackedInt32Array": gdvar.TypePackedInt32Array, "$PackedInt64Array": gdvar.TypePackedInt64Array,
	"$PackedFloat32Array": gdvar.TypePackedFloat32Array, "$PackedFloat64Array": gdvar.TypePackedFloat64Array,
	"$PackedStringArray": gdvar.TypePackedStringArray, "$PackedVector2Array": gdvar.TypePackedVector2Array,
	"$PackedVector3Array": gdvar.TypePackedVector3Array, "$PackedVector4Array": gdvar.TypePackedVector4Array,
	"$PackedColorArray": gdvar.TypePackedColorArray,
}

// packed writes a packed array's elements in chunks.
func (s *streamer) packed(dec *jsontext.Decoder, enc *gdvar.Encoder, tag string, b *bigValue) error {
	typ := packedTypes[tag]
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
		err := s.element(dec, enc, typ, b)
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
func (s *streamer) element(dec *jsontext.Decoder, enc *gdvar.Encoder, typ gdvar.Type, b *bigValue) error {
	if typ == gdvar.TypePackedColorArray {
		return s.color(dec)
	}
	if per := mathwalk.PerElement(typ); per > 1 {
		tree, err := readTree(dec)
		if err != nil {
			return err
		}
		comps, err := s.reals(tree, b.wide)
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
	tree, err := readTree(dec)
	if err != nil {
		return err
	}
	switch typ {
	case gdvar.TypePackedInt32Array:
		n, err := s.c.integer(tree, math.MinInt32, math.MaxInt32)
		s.chunk = binary.LittleEndian.AppendUint32(s.chunk, uint32(n))
		return err
	case gdvar.TypePackedInt64Array:
		n, err := s.c.integer(tree, math.MinInt64, math.MaxInt64)
		s.chunk = binary.LittleEndian.AppendUint64(s.chunk, uint64(n))
		return err
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

// color appends a Color element's four float32 channels.
func (s *streamer) color(dec *jsontext.Decoder) error {
	tree, err := readTree(dec)
	if err != nil {
		return err
	}
	items, err := s.c.items(tree)
	if err != nil {
		return err
	}
	if len(items) != 4 {
		return s.c.errorf("an element takes 4 components, not %d", len(items))
	}
	for _, it := range items {
		f, err := s.c.real32(it)
		if err != nil {
			return err
		}
		s.chunk = binary.LittleEndian.AppendUint32(s.chunk, math.Float32bits(f))
	}
	return nil
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
