package vartext

import (
	"encoding/binary"
	"math"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// tokenBuilder writes a value read from text as gdvar tokens. The binary
// form needs each container's element count, and each packed array's and
// long string's length, before their contents; the text gives them after.
// So the value is read twice: first by a tokenBuilder that only sizes
// (enc is nil) and records those lengths in sizes, in the order the values
// start, then by one that writes, taking them from sizes in the same order.
// sizes holds one number per container, packed array and string longer
// than maxChunk: a small fraction of the text, however long its strings
// and packed arrays are.
//
// An object of class EncodedObjectAsID, which stands for an object id, is
// built whole in both readings (see treeBuilder.endObject).
type tokenBuilder struct {
	enc     *gdvar.Encoder // nil while sizing
	onePass bool           // writing in one pass: every count gdvar.DeferredCount
	cfg     config
	sizes   []int
	next    int         // the next of sizes to use, when writing
	open    []sizeFrame // the containers open, when sizing
	typ     gdvar.Type  // the packed array being written
	elems   []byte      // its elements not yet written
	part    int         // numbers of its last element written, if not whole
	str     textString
	sub     *treeBuilder // an EncodedObjectAsID object, made for the first one
	inSub   int          // nesting inside it, when it is being built
}

// sizeFrame is an open container or packed array being sized: the index
// of its size in sizes, and whether each value inside counts (Arrays and
// packed arrays) or each entry (Dictionaries and objects).
type sizeFrame struct {
	at     int
	values bool
	per    int // numbers per element of a packed array
}

// textString is a string being read: its first chunk, held back until it
// is known whether more come.
type textString struct {
	kind    gdvar.Kind
	first   []byte
	chunks  int
	total   int // sizing: its length so far; writing: its length (in one pass, DeferredCount)
	written int // writing: the bytes written
	at      int // sizing: the index of its size, once it has a second chunk
}

// sizing makes b a builder that records sizes.
func (b *tokenBuilder) sizing(c config) {
	*b = tokenBuilder{cfg: c, sizes: b.sizes[:0], open: b.open[:0], elems: b.elems[:0], str: textString{first: b.str.first[:0]}}
}

// writing makes b a builder that writes to enc with the sizes recorded.
func (b *tokenBuilder) writing(enc *gdvar.Encoder) {
	b.enc, b.onePass, b.next, b.inSub = enc, false, 0, 0
}

// deferring makes b a builder that writes to enc in one pass, each count
// and long string's length given when it ends (gdvar.DeferredCount).
func (b *tokenBuilder) deferring(c config, enc *gdvar.Encoder) {
	b.sizing(c)
	b.enc, b.onePass = enc, true
}

// count notes, when sizing, a value inside the innermost Array or packed
// array, or an entry of the innermost Dictionary or object.
func (b *tokenBuilder) count(entry bool) {
	if b.enc == nil && len(b.open) > 0 {
		if f := b.open[len(b.open)-1]; f.values != entry {
			b.sizes[f.at]++
		}
	}
}

// start begins a container or packed array; when writing it returns its
// size.
func (b *tokenBuilder) start(values bool) int {
	if b.enc == nil {
		b.count(false)
		b.open = append(b.open, sizeFrame{at: len(b.sizes), values: values})
		b.sizes = append(b.sizes, 0)
		return 0
	}
	if b.onePass {
		return gdvar.DeferredCount
	}
	n := b.sizes[b.next]
	b.next++
	return n
}

// end ends a container, writing t.
func (b *tokenBuilder) end(t gdvar.Token) error {
	if b.enc == nil {
		b.open = b.open[:len(b.open)-1]
		return nil
	}
	return b.enc.WriteToken(t)
}

func (b *tokenBuilder) scalar(v any) error {
	if b.inSub > 0 {
		return b.sub.scalar(v)
	}
	b.count(false)
	if b.enc == nil {
		return nil
	}
	switch x := v.(type) {
	case nil:
		return b.enc.WriteToken(gdvar.NilToken)
	case bool: // the common ones, without Encode's look-up of the type
		return b.enc.WriteToken(gdvar.BoolToken(x))
	}
	return b.enc.Encode(v)
}

func (b *tokenBuilder) number(n number) error {
	if b.inSub > 0 {
		return b.sub.number(n)
	}
	b.count(false)
	switch {
	case b.enc == nil:
		return nil
	case n.float:
		return b.enc.WriteToken(gdvar.FloatToken(n.f))
	}
	return b.enc.WriteToken(gdvar.IntToken(n.i))
}

func (b *tokenBuilder) math(t gdvar.Type, n []float64) error {
	if b.inSub > 0 {
		return b.sub.math(t, n)
	}
	b.count(false)
	if b.enc == nil {
		return nil
	}
	return b.enc.WriteToken(mathForms[t].token(n, b.cfg.precision))
}

func (b *tokenBuilder) beginString(k gdvar.Kind) error {
	if b.inSub > 0 {
		return b.sub.beginString(k)
	}
	b.count(false)
	b.str = textString{kind: k, first: b.str.first[:0]}
	return nil
}

func (b *tokenBuilder) stringChunk(c []byte) error {
	if b.inSub > 0 {
		return b.sub.stringChunk(c)
	}
	s := &b.str
	if s.chunks++; s.chunks == 1 {
		s.first = append(s.first, c...)
		return nil
	}
	if b.enc == nil {
		if s.chunks == 2 {
			s.at, s.total = len(b.sizes), len(s.first)
			b.sizes = append(b.sizes, 0)
		}
		s.total += len(c)
		b.sizes[s.at] = s.total
		return nil
	}
	if s.chunks == 2 {
		s.total = gdvar.DeferredCount // in one pass: given at the end
		if !b.onePass {
			s.total = b.sizes[b.next]
			b.next++
		}
		if err := b.enc.WriteToken(chunkToken(s.kind, s.total, s.first)); err != nil {
			return err
		}
		s.written = len(s.first)
	}
	s.written += len(c)
	return b.enc.WriteToken(chunkToken(s.kind, s.total, c))
}

func (b *tokenBuilder) endString() error {
	if b.inSub > 0 {
		return b.sub.endString()
	}
	s := &b.str
	switch {
	case b.enc == nil:
	case s.chunks <= 1: // held back: the whole string
		return b.enc.WriteToken(chunkToken(s.kind, len(s.first), s.first))
	case b.onePass: // every byte written: the length
		return b.enc.WriteToken(chunkToken(s.kind, s.written, nil))
	}
	return nil
}

func chunkToken(k gdvar.Kind, total int, c []byte) gdvar.Token {
	if k == gdvar.KindStringName {
		return gdvar.StringNameChunkToken(total, c)
	}
	return gdvar.StringChunkToken(total, c)
}

func (b *tokenBuilder) beginArray(elem gdvar.ContainerType) error {
	if b.inSub > 0 {
		b.inSub++
		return b.sub.beginArray(elem)
	}
	n := b.start(true)
	if b.enc == nil {
		return nil
	}
	return b.enc.WriteToken(gdvar.ArrayStartToken(n, elem))
}

func (b *tokenBuilder) endArray() error {
	if b.inSub > 0 {
		b.inSub--
		return b.sub.endArray()
	}
	return b.end(gdvar.ArrayEndToken)
}

func (b *tokenBuilder) beginDict(key, value gdvar.ContainerType) error {
	if b.inSub > 0 {
		b.inSub++
		return b.sub.beginDict(key, value)
	}
	n := b.start(false)
	if b.enc == nil {
		return nil
	}
	return b.enc.WriteToken(gdvar.DictStartToken(n, key, value))
}

func (b *tokenBuilder) dictKey() error {
	if b.inSub > 0 {
		return b.sub.dictKey()
	}
	b.count(true)
	if b.enc == nil {
		return nil
	}
	return b.enc.WriteToken(gdvar.DictKeyToken)
}

func (b *tokenBuilder) endDict() error {
	if b.inSub > 0 {
		b.inSub--
		return b.sub.endDict()
	}
	return b.end(gdvar.DictEndToken)
}

// packedChunkSize is the most bytes of a packed array written in one
// token.
const packedChunkSize = 64 << 10

func (b *tokenBuilder) beginPacked(t gdvar.Type) error {
	if b.inSub > 0 {
		b.inSub++
		return b.sub.beginPacked(t)
	}
	n := b.start(true)
	if b.enc == nil {
		b.open[len(b.open)-1].per = mathwalk.PerElement(t)
		return nil
	}
	b.typ, b.elems, b.part = t, b.elems[:0], 0
	p := gdvar.Single
	if mathwalk.PerElement(t) > 1 && t != gdvar.TypePackedColorArray {
		p = b.cfg.precision
	}
	return b.enc.WriteToken(gdvar.PackedStartToken(t, n, p))
}

func (b *tokenBuilder) packedInt(n int64) error {
	if b.inSub > 0 {
		return b.sub.packedInt(n)
	}
	b.count(false)
	if b.enc == nil {
		return nil
	}
	switch b.typ {
	case gdvar.TypePackedByteArray:
		b.elems = append(b.elems, byte(n))
	case gdvar.TypePackedInt32Array:
		b.elems = binary.LittleEndian.AppendUint32(b.elems, uint32(n))
	default:
		b.elems = binary.LittleEndian.AppendUint64(b.elems, uint64(n))
	}
	return b.flushElems(false)
}

func (b *tokenBuilder) packedReal(f float64) error {
	if b.inSub > 0 {
		return b.sub.packedReal(f)
	}
	b.count(false)
	if b.enc == nil {
		return nil
	}
	wide := b.typ == gdvar.TypePackedFloat64Array || b.cfg.precision == gdvar.Double && b.typ != gdvar.TypePackedFloat32Array && b.typ != gdvar.TypePackedColorArray
	if wide {
		b.elems = binary.LittleEndian.AppendUint64(b.elems, math.Float64bits(f))
	} else {
		b.elems = binary.LittleEndian.AppendUint32(b.elems, math.Float32bits(float32(f)))
	}
	return b.flushElems(false)
}

// flushElems writes the packed elements held when they are many and whole,
// or last.
func (b *tokenBuilder) flushElems(last bool) error {
	b.part = (b.part + 1) % mathwalk.PerElement(b.typ)
	if len(b.elems) == 0 || !last && (len(b.elems) < packedChunkSize || b.part != 0) {
		return nil
	}
	err := b.enc.WriteToken(gdvar.PackedChunkToken(b.elems))
	b.elems = b.elems[:0]
	return err
}

func (b *tokenBuilder) endPacked() error {
	if b.inSub > 0 {
		b.inSub--
		return b.sub.endPacked()
	}
	if b.enc == nil {
		f := b.open[len(b.open)-1]
		b.sizes[f.at] /= f.per
		b.open = b.open[:len(b.open)-1]
		return nil
	}
	if err := b.flushElems(true); err != nil {
		return err
	}
	b.typ = gdvar.TypeNil
	return b.enc.WriteToken(gdvar.PackedEndToken)
}

// beginObject begins an object, or builds an EncodedObjectAsID whole.
func (b *tokenBuilder) beginObject(class string) error {
	if b.inSub == 0 && class == "EncodedObjectAsID" {
		b.count(false)
		if b.sub == nil {
			b.sub = new(treeBuilder)
		}
		b.sub.reset(b.cfg)
	}
	if b.inSub > 0 || class == "EncodedObjectAsID" {
		b.inSub++
		return b.sub.beginObject(class)
	}
	n := b.start(false)
	if b.enc == nil {
		return nil
	}
	if class == "" {
		n = 0 // a null object: no count to defer, and no properties
	}
	return b.enc.WriteToken(gdvar.ObjectStartToken(class, n))
}

func (b *tokenBuilder) property(name string) error {
	if b.inSub > 0 {
		return b.sub.property(name)
	}
	b.count(true)
	if b.enc == nil {
		return nil
	}
	return b.enc.WriteToken(gdvar.ObjectPropertyToken(name))
}

func (b *tokenBuilder) endObject() error {
	if b.inSub == 0 {
		return b.end(gdvar.ObjectEndToken)
	}
	if err := b.sub.endObject(); err != nil {
		return err
	}
	if b.inSub--; b.inSub > 0 || b.enc == nil {
		return nil
	}
	return b.enc.Encode(b.sub.root)
}
