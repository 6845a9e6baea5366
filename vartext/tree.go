package vartext

import (
	"slices"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/pile"
)

// treeBuilder builds a value in gdvar's generic form (int64, string,
// []any, *gdvar.Dictionary, …), for Decode. The containers open are nodes
// on a stack, and their elements on another, so that one ended leaves
// nothing behind for the next and its slice is made to size; the stacks of
// elements are package pile's, whose chunks are kept for the next
// containers.
//
// A Dictionary keeps one entry of a key given twice, as the engine does,
// so the values read inside keys are numbered (keyIDs) as they end: a
// Dictionary's keys are compared by number.
type treeBuilder struct {
	d       Dialect
	open    []node
	elems   pile.Values       // the elements of the Arrays open
	entries pile.Pile[[2]any] // the entries of the Dictionaries open: key, value
	ids     pile.Pile[uint32] // the numbers of keys and of elements inside keys (see node.step)
	keys    keyIDs
	ints    pile.Pile[int64]   // the packed array open's ints
	reals   pile.Pile[float64] // or numbers
	strs    pile.Pile[string]  // or strings
	// rootKey makes the root a key: it is numbered as it ends, in rootID,
	// and its containers are not built (root is nil), only numbered.
	rootKey bool
	rootID  uint32
	root    any
	done    bool   // root is complete
	dups    bool   // a Dictionary had a key twice
	str     []byte // the string being read
	kind    gdvar.Kind
}

// node is an open container, packed array or object.
type node struct {
	kind    gdvar.Kind // its start token's
	typ     gdvar.Type // a packed array's
	elem    gdvar.ContainerType
	value   gdvar.ContainerType // a Dictionary's values' (elem: its keys')
	obj     *gdvar.Object
	elems   pile.Mark // where an Array's elements start in treeBuilder.elems
	entries int       // and a Dictionary's in treeBuilder.entries
	ids     int       // and their numbers in treeBuilder.ids
	// inKey says it is inside a key, so its elements are numbered, and it
	// is when it ends. A Dictionary's entries each take step numbers: its
	// key as the Dictionary compares it; inside a key also the key's own
	// number and the value's.
	inKey bool
	step  int
	keyed bool             // a Dictionary's key is read, its value not yet
	seen  map[uint32]int32 // a large Dictionary's keys' numbers: the entries they are
}

// seenFrom is the entries from which a Dictionary finds its keys with a
// map.
const seenFrom = 16

// reset starts a value.
func (b *treeBuilder) reset(c config) {
	b.clear(c)
	b.keys.reset(c)
}

// resetKey starts a key, numbered by the numbers given so far (in rootID).
func (b *treeBuilder) resetKey(c config) {
	b.clear(c)
	b.keys.use(c)
	b.rootKey = true
}

// release keeps nothing of the value read: not its root, which is the
// caller's, nor more than the first chunks of its stacks (and the room of its
// stack of open nodes, see clear), nor its numbers.
func (b *treeBuilder) release() {
	b.clear(config{dialect: b.d})
	b.keys.forget()
}

// clear empties the builder. Its stack of open nodes keeps its room, at
// most maxDepth nodes (128 KiB), which the values that follow would
// otherwise grow again, each deep one by twice its depth.
func (b *treeBuilder) clear(c config) {
	clear(b.open) // what an error left open
	b.open = b.open[:0]
	b.elems.Empty()
	b.entries.Empty()
	b.ids.Empty()
	b.ints.Empty()
	b.reals.Empty()
	b.strs.Empty()
	b.d, b.rootKey, b.root, b.done, b.dups = c.dialect, false, nil, false, false
	if cap(b.str) > 64<<10 {
		b.str = nil
	}
}

// add places a complete value of one token, or a packed array.
func (b *treeBuilder) add(v any) error {
	b.place(v, noID)
	return nil
}

// place places a complete value: id is a container's number, when it was
// inside a key.
func (b *treeBuilder) place(v any, id uint32) {
	if len(b.open) == 0 {
		b.root, b.done = v, true
		if b.rootKey {
			b.rootID = b.idOf(v, id)
		}
		return
	}
	n := &b.open[len(b.open)-1]
	switch {
	case n.kind == gdvar.KindPackedStart: // a PackedStringArray's string
		b.strs.Push(v.(string))
	case n.kind == gdvar.KindDictStart && !n.keyed:
		n.keyed = true
		b.entries.Push([2]any{v})
		b.ids.Push(b.keys.key(v, id, b.d))
		if n.inKey {
			b.ids.Push(b.idOf(v, id))
		}
	case n.kind == gdvar.KindDictStart:
		b.entry(n, v, id)
	case n.kind == gdvar.KindObjectStart:
		n.obj.Properties[len(n.obj.Properties)-1].Value = v
		if n.inKey {
			b.ids.Push(b.idOf(v, id))
		}
	default:
		if !b.rootKey { // a key's Arrays are not built
			b.elems.Push(v)
		}
		if n.inKey {
			b.ids.Push(b.idOf(v, id))
		}
	}
}

// idOf returns v's number inside a key: id, or the number of v's form.
func (b *treeBuilder) idOf(v any, id uint32) uint32 {
	if id != noID {
		return id
	}
	return b.keys.value(v)
}

// push opens a container, inside a key if the container it is in is, or it
// is a Dictionary's key.
func (b *treeBuilder) push(n node) error {
	if len(b.open) == 0 {
		n.inKey = b.rootKey
	} else {
		p := &b.open[len(b.open)-1]
		n.inKey = p.inKey || p.kind == gdvar.KindDictStart && !p.keyed
	}
	n.elems, n.entries, n.ids = b.elems.Mark(), b.entries.Len(), b.ids.Len()
	n.step = 1
	if n.inKey && n.kind == gdvar.KindDictStart {
		n.step = 3
	}
	if len(b.open) == cap(b.open) && len(b.open) >= 64 { // a deep value: room for the deepest, once
		b.open = slices.Grow(b.open, maxDepth-len(b.open))
	}
	b.open = append(b.open, n)
	return nil
}

// pop closes the innermost container; its elements and numbers are the
// caller's to pop.
func (b *treeBuilder) pop() node {
	n := b.open[len(b.open)-1]
	b.open[len(b.open)-1] = node{} // keeps nothing alive
	b.open = b.open[:len(b.open)-1]
	return n
}

// numbered returns the number of n, a container that was inside a key,
// whose form is begun (see keyIDs.start): its elements' numbers, but not
// the numbers its own Dictionary compares keys by.
func (b *treeBuilder) numbered(n *node) uint32 {
	b.keys.form = slices.Grow(b.keys.form, 4*(b.ids.Len()-n.ids)) // not grown by doubling: it may be long
	ids := b.ids.From(n.ids)
	for i := n.ids; i < b.ids.Len(); i++ {
		if id := ids.Next(); n.step == 1 || (i-n.ids)%n.step != 0 {
			b.keys.element(id)
		}
	}
	b.ids.Truncate(n.ids)
	return b.keys.number(b.keys.form)
}

func (b *treeBuilder) scalar(v any) error { return b.add(v) }

func (b *treeBuilder) number(n number) error {
	if n.float {
		return b.add(n.f)
	}
	return b.add(n.i)
}

func (b *treeBuilder) math(t gdvar.Type, n []float64) error { return b.add(mathValue(t, n)) }

func (b *treeBuilder) beginString(k gdvar.Kind) error {
	b.str, b.kind = b.str[:0], k
	return nil
}

func (b *treeBuilder) stringChunk(c []byte) error {
	b.str = append(b.str, c...)
	return nil
}

func (b *treeBuilder) endString() error {
	if b.kind == gdvar.KindStringName {
		return b.add(gdvar.StringName(b.str))
	}
	return b.add(string(b.str))
}

func (b *treeBuilder) beginArray(elem gdvar.ContainerType) error {
	return b.push(node{kind: gdvar.KindArrayStart, elem: elem})
}

func (b *treeBuilder) endArray() error {
	n := b.pop()
	id := noID
	if n.inKey {
		b.keys.start('a', n.elem)
		id = b.numbered(&n)
	}
	if b.rootKey {
		b.place(nil, id)
		return nil
	}
	values := b.elems.Take(n.elems)
	switch {
	case n.elem.Kind != gdvar.Untyped:
		b.place(gdvar.Array{Type: n.elem, Values: values}, id)
	case len(values) == 0:
		b.place(emptyArray, id)
	default:
		b.place(values, id)
	}
	return nil
}

// emptyArray is every empty untyped Array's value: a slice of no room,
// which no append can share, boxed once.
var emptyArray any = []any{}

func (b *treeBuilder) beginDict(key, value gdvar.ContainerType) error {
	return b.push(node{kind: gdvar.KindDictStart, elem: key, value: value})
}

func (b *treeBuilder) dictKey() error { return nil }

// entry completes an entry with its value. A key the Dictionary has already
// keeps its place and takes the new value, as in the engine.
func (b *treeBuilder) entry(n *node, v any, id uint32) {
	n.keyed = false
	top := b.entries.Len() - 1 // the entry, its key pushed
	last := top - n.entries    // its index
	at := n.ids + last*n.step  // its numbers
	k := b.ids.At(at)
	if i := b.find(n, k, last); i >= 0 {
		e := b.entries.At(n.entries + i)
		e[1] = v
		b.entries.Set(n.entries+i, e)
		b.entries.Truncate(top) // the key given again
		if n.inKey {
			b.ids.Set(n.ids+i*n.step+2, b.idOf(v, id))
		}
		b.ids.Truncate(at)
		b.dups = true
		return
	}
	e := b.entries.At(top)
	e[1] = v
	b.entries.Set(top, e)
	if n.inKey {
		b.ids.Push(b.idOf(v, id))
	}
	if n.seen != nil {
		n.seen[k] = int32(last)
	}
}

// find returns the entry among n's first count whose key is numbered k, or
// -1.
func (b *treeBuilder) find(n *node, k uint32, count int) int {
	if count < seenFrom {
		for i := range count {
			if b.ids.At(n.ids+i*n.step) == k {
				return i
			}
		}
		return -1
	}
	if n.seen == nil {
		n.seen = make(map[uint32]int32, 2*count)
		for i := range count {
			n.seen[b.ids.At(n.ids+i*n.step)] = int32(i)
		}
	}
	if i, ok := n.seen[k]; ok {
		return int(i)
	}
	return -1
}

func (b *treeBuilder) endDict() error {
	n := b.pop()
	id := noID
	if n.inKey { // the keys' own numbers and the values'
		b.keys.start('d', n.elem, n.value)
		id = b.numbered(&n)
	} else {
		b.ids.Truncate(n.ids)
	}
	if b.rootKey {
		b.entries.Truncate(n.entries)
		b.place(nil, id)
		return nil
	}
	d := &gdvar.Dictionary{KeyType: n.elem, ValueType: n.value}
	count := b.entries.Len() - n.entries
	d.Grow(count) // made to size: Append would double
	for es := b.entries.From(n.entries); count > 0; {
		s := es.Take(count)
		for _, e := range s {
			d.Append(e[0], e[1])
		}
		count -= len(s)
	}
	b.entries.Truncate(n.entries)
	b.place(d, id)
	return nil
}

func (b *treeBuilder) beginPacked(t gdvar.Type) error {
	return b.push(node{kind: gdvar.KindPackedStart, typ: t})
}

func (b *treeBuilder) packedInt(n int64) error {
	b.ints.Push(n)
	return nil
}

func (b *treeBuilder) packedReal(f float64) error {
	b.reals.Push(f)
	return nil
}

// endPacked makes the packed array of its elements: a packed array holds
// no container, so its elements are the only ones on their stack.
func (b *treeBuilder) endPacked() error {
	n := b.pop()
	v := b.packedSlice(n.typ)
	b.ints.Truncate(0)
	b.reals.Truncate(0)
	b.strs.Truncate(0)
	return b.add(v)
}

// packedSlice makes a packed array of type t from the elements read.
func (b *treeBuilder) packedSlice(t gdvar.Type) any {
	ints, reals := &b.ints, &b.reals
	switch t {
	case gdvar.TypePackedByteArray:
		return convert(ints, func(x int64) byte { return byte(x) })
	case gdvar.TypePackedInt32Array:
		return convert(ints, func(x int64) int32 { return int32(x) })
	case gdvar.TypePackedInt64Array:
		return ints.Take(0)
	case gdvar.TypePackedFloat32Array:
		return convert(reals, func(x float64) float32 { return float32(x) })
	case gdvar.TypePackedFloat64Array:
		return reals.Take(0)
	case gdvar.TypePackedStringArray:
		return b.strs.Take(0)
	case gdvar.TypePackedVector2Array:
		return grouped[gdvar.Vector2](gdvar.TypeVector2, reals)
	case gdvar.TypePackedVector3Array:
		return grouped[gdvar.Vector3](gdvar.TypeVector3, reals)
	case gdvar.TypePackedVector4Array:
		return grouped[gdvar.Vector4](gdvar.TypeVector4, reals)
	}
	return grouped[gdvar.Color](gdvar.TypeColor, reals)
}

func convert[E, T any](s *pile.Pile[E], f func(E) T) []T {
	out := make([]T, s.Len())
	k := s.From(0)
	for i := range out {
		out[i] = f(k.Next())
	}
	return out
}

// grouped makes vectors or colors of type t of their numbers, flattened.
func grouped[T any](t gdvar.Type, s *pile.Pile[float64]) []T {
	per := t.Components()
	out := make([]T, s.Len()/per)
	k := s.From(0)
	var comps [4]float64
	for i := range out {
		for j := range per {
			comps[j] = k.Next()
		}
		out[i] = mathValue(t, comps[:per]).(T)
	}
	return out
}

func (b *treeBuilder) beginObject(class string) error {
	return b.push(node{kind: gdvar.KindObjectStart, obj: &gdvar.Object{Class: class}})
}

func (b *treeBuilder) property(name string) error {
	o := b.open[len(b.open)-1].obj
	o.Properties = append(o.Properties, gdvar.Property{Name: name})
	return nil
}

// endObject ends an object; Object(EncodedObjectAsID,"object_id":N,…),
// which is how var_to_str prints an object written as its id, gives back
// the gdvar.ObjectID.
func (b *treeBuilder) endObject() error {
	n := b.pop()
	o := n.obj
	if id, ok := o.Get("object_id"); ok && o.Class == "EncodedObjectAsID" {
		if x, ok := id.(int64); ok {
			b.ids.Truncate(n.ids)
			return b.add(gdvar.ObjectID(x))
		}
	}
	id := noID
	if n.inKey {
		b.keys.start('o')
		b.keys.name(o.Class)
		b.keys.element(uint32(len(o.Properties)))
		for _, p := range o.Properties {
			b.keys.name(p.Name)
		}
		id = b.numbered(&n)
	}
	b.place(o, id)
	return nil
}
