package vartext

import (
	"encoding/binary"
	"math"
	"unsafe"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/mathwalk"
)

// key is a Dictionary key as the engine's sort sees it: what its "less
// than" reads, and nothing of the types it does not order.
type key struct {
	typ   gdvar.Type
	i     int64     // bool (0 or 1), int, RID and object id
	f     float64   // float
	s     string    // String and StringName, as the engine holds them (see quoter); a NodePath's identity (see nodePath)
	nums  []float64 // math components, or a packed array's numbers in wire order
	strs  []string  // PackedStringArray elements
	elems []key     // Array elements
	// per is how many numbers make an element of a packed array: 1, or 2
	// to 4 for vectors and colors.
	per int
}

// keyBuilder builds a key from the tokens of its value. Of a Dictionary or
// full object it keeps only the type, since no engine orders those by
// content; their inner tokens are skipped.
type keyBuilder struct {
	open  []*key // the Arrays and packed arrays being filled, innermost last
	skip  int    // nesting inside a Dictionary or object being skipped
	str   quoter // the string being read
	arena []byte // the bytes of the keys' strings (see arenaString)
	start int    // where the string being read starts in arena
	root  *key   // the key being built
	built bool   // root is complete
	size  int    // keys and packed elements built: the work a comparison may take
	// bom is what a String keeps of its leading byte order mark: keepBOM
	// or dropBOM (see quoter).
	bom bomRule
}

// reset starts building root.
func (b *keyBuilder) reset(root *key) {
	b.open, b.skip, b.built, b.size = b.open[:0], 0, false, 0
	b.root = root
}

// resetArena drops the strings of the keys built so far, which must no
// longer be used.
func (b *keyBuilder) resetArena() { b.arena = b.arena[:0] }

// add takes the next token of the key.
func (b *keyBuilder) add(t gdvar.Token) {
	switch k := t.Kind(); {
	case b.skip > 0:
		switch k {
		case gdvar.KindDictStart, gdvar.KindObjectStart:
			b.skip++
		case gdvar.KindDictEnd, gdvar.KindObjectEnd:
			b.skip--
		}
		if b.skip == 0 {
			b.done()
		}
	case k == gdvar.KindString || k == gdvar.KindStringName:
		b.chunk(t)
	case k == gdvar.KindPackedChunk:
		b.packedChunk(t)
	case k == gdvar.KindArrayEnd || k == gdvar.KindPackedEnd:
		b.open = b.open[:len(b.open)-1]
		b.done()
	case k == gdvar.KindDictStart || k == gdvar.KindObjectStart:
		b.slot().typ = gdvar.TypeDictionary
		if k == gdvar.KindObjectStart {
			b.slot().typ = gdvar.TypeObject
		}
		b.skip = 1
	case k == gdvar.KindArrayStart || k == gdvar.KindPackedStart:
		s := b.slot()
		s.typ = t.Type()
		s.per = mathwalk.PerElement(s.typ)
		b.open = append(b.open, s)
	default:
		b.scalar(b.slot(), t)
		b.done()
	}
}

// slot returns the key the next value fills: the root, or a new element of
// the innermost open Array.
func (b *keyBuilder) slot() *key {
	b.size++
	if len(b.open) == 0 {
		return b.root
	}
	a := b.open[len(b.open)-1]
	a.elems = append(a.elems, key{})
	return &a.elems[len(a.elems)-1]
}

// done notes that a value is complete; the key is when nothing is open.
func (b *keyBuilder) done() {
	b.built = len(b.open) == 0 && b.skip == 0
}

// scalar fills k from a one-token value.
func (b *keyBuilder) scalar(k *key, t gdvar.Token) {
	k.typ = t.Type()
	switch t.Kind() {
	case gdvar.KindBool:
		if t.Bool() {
			k.i = 1
		}
	case gdvar.KindInt32, gdvar.KindInt64:
		k.i = t.Int()
	case gdvar.KindFloat32, gdvar.KindFloat64:
		k.f = t.Float()
	case gdvar.KindRID, gdvar.KindObjectID:
		k.i = int64(t.ID())
	case gdvar.KindNodePath:
		k.s = b.nodePath(t.NodePath())
	default:
		if k.typ.IsMath() {
			k.nums = appendNumbers(nil, k.typ, t.Bytes(), t.Is64())
		}
	}
}

// chunk adds a chunk of a String or StringName, or of a PackedStringArray
// element.
func (b *keyBuilder) chunk(t gdvar.Token) {
	if b.str.remain == 0 {
		b.str.start(t.Len(), b.bom)
		b.start = len(b.arena)
	}
	b.arena = b.str.chunk(b.arena, t.Bytes(), &rawEscapes)
	if b.str.remain > 0 {
		return
	}
	s := arenaString(b.arena[b.start:])
	if a := b.innermost(); a != nil && a.typ == gdvar.TypePackedStringArray {
		a.strs = append(a.strs, s)
		b.size++
		return
	}
	k := b.slot()
	k.typ = t.Type()
	k.s = s
	b.done()
}

func (b *keyBuilder) innermost() *key {
	if len(b.open) == 0 {
		return nil
	}
	return b.open[len(b.open)-1]
}

// nodePath returns a NodePath's identity (which no order reads): whether
// it is absolute, its counts of names and subnames, and the names as the
// engine decodes them, or holds them read from text (keepBOM: Godot 3's
// {NodePath("a/\uFEFFb"): 1, NodePath("a/b"): 2} keeps both), each after
// its length.
func (b *keyBuilder) nodePath(p gdvar.NodePath) string {
	start := len(b.arena)
	abs := byte(0)
	if p.Absolute {
		abs = 1
	}
	b.arena = append(b.arena, abs)
	b.arena = binary.LittleEndian.AppendUint32(b.arena, uint32(len(p.Names)))
	b.arena = binary.LittleEndian.AppendUint32(b.arena, uint32(len(p.SubNames)))
	for _, names := range [][]string{p.Names, p.SubNames} {
		for _, n := range names {
			at := len(b.arena)
			b.arena = binary.LittleEndian.AppendUint32(b.arena, 0)
			var q quoter
			q.start(len(n), b.bom)
			b.arena = q.chunk(b.arena, stringBytes(n), &rawEscapes)
			binary.LittleEndian.PutUint32(b.arena[at:], uint32(len(b.arena)-at-4))
		}
	}
	return arenaString(b.arena[start:])
}

// packedChunk adds a chunk of a packed array of numbers.
func (b *keyBuilder) packedChunk(t gdvar.Token) {
	a := b.innermost()
	before := len(a.nums)
	a.nums = appendNumbers(a.nums, a.typ, t.Bytes(), t.Is64())
	b.size += len(a.nums) - before
}

// appendNumbers appends the numbers of a math value's payload or a packed
// array's chunk, in wire order. Reals are rounded to 32 bits, as the
// standard engine builds hold them, except a float64 array's.
func appendNumbers(dst []float64, t gdvar.Type, b []byte, wide bool) []float64 {
	switch {
	case t == gdvar.TypePackedByteArray:
		for _, c := range b {
			dst = append(dst, float64(c))
		}
	case t.IsIntegerMath() || t == gdvar.TypePackedInt32Array:
		for i := 0; i+4 <= len(b); i += 4 {
			dst = append(dst, float64(int32(binary.LittleEndian.Uint32(b[i:]))))
		}
	case t == gdvar.TypePackedInt64Array:
		for i := 0; i+8 <= len(b); i += 8 {
			dst = append(dst, float64(int64(binary.LittleEndian.Uint64(b[i:]))))
		}
	case t == gdvar.TypePackedFloat64Array || wide && t != gdvar.TypeColor && t != gdvar.TypePackedColorArray:
		for i := 0; i+8 <= len(b); i += 8 {
			f := math.Float64frombits(binary.LittleEndian.Uint64(b[i:]))
			if t != gdvar.TypePackedFloat64Array {
				f = float64(float32(f))
			}
			dst = append(dst, f)
		}
	default:
		for i := 0; i+4 <= len(b); i += 4 {
			dst = append(dst, float64(math.Float32frombits(binary.LittleEndian.Uint32(b[i:]))))
		}
	}
	return dst
}

// arenaString returns the string of b, bytes of a keyBuilder's arena,
// without copying them: they are not modified while the key is in use, and
// a larger arena is a new array.
func arenaString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
