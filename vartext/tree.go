package vartext

import "github.com/gdvar/gdvar"

// treeBuilder builds a value in gdvar's generic form (int64, string,
// []any, *gdvar.Dictionary, …), for Decode.
type treeBuilder struct {
	d    Dialect
	prec gdvar.Precision // the reals of math keys, for finding equal keys
	open []*node
	root any
	done bool   // root is complete
	dups bool   // a Dictionary had a key twice
	str  []byte // the string being read
	kind gdvar.Kind
}

// node is an open container, packed array or object.
type node struct {
	kind   gdvar.Kind // its start token's
	typ    gdvar.Type // a packed array's
	elem   gdvar.ContainerType
	values []any // an Array's elements, a packed array's numbers or strings, a Dictionary's values
	keys   []any // a Dictionary's keys
	seen   map[string]int
	dict   *gdvar.Dictionary
	keyed  bool // a Dictionary's key is read, its value not yet
	obj    *gdvar.Object
}

func (b *treeBuilder) reset(c config) {
	*b = treeBuilder{d: c.dialect, prec: c.precision, open: b.open[:0], str: b.str[:0]}
}

// add places a complete value.
func (b *treeBuilder) add(v any) error {
	if len(b.open) == 0 {
		b.root, b.done = v, true
		return nil
	}
	n := b.open[len(b.open)-1]
	switch {
	case n.dict != nil && !n.keyed:
		n.keys = append(n.keys, v)
		n.keyed = true
	case n.dict != nil:
		b.entry(n, v)
	case n.obj != nil:
		n.obj.Properties[len(n.obj.Properties)-1].Value = v
	default:
		n.values = append(n.values, v)
	}
	return nil
}

func (b *treeBuilder) push(n *node) error {
	b.open = append(b.open, n)
	return nil
}

func (b *treeBuilder) pop() *node {
	n := b.open[len(b.open)-1]
	b.open = b.open[:len(b.open)-1]
	return n
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
	return b.push(&node{kind: gdvar.KindArrayStart, elem: elem, values: []any{}})
}

func (b *treeBuilder) endArray() error {
	n := b.pop()
	if n.elem.Kind == gdvar.Untyped {
		return b.add(n.values)
	}
	return b.add(gdvar.Array{Type: n.elem, Values: n.values})
}

func (b *treeBuilder) beginDict(key, value gdvar.ContainerType) error {
	return b.push(&node{kind: gdvar.KindDictStart, dict: &gdvar.Dictionary{KeyType: key, ValueType: value}})
}

func (b *treeBuilder) dictKey() error { return nil }

// entry completes an entry with its value. A key the Dictionary has already
// keeps its place and takes the new value, as in the engine.
func (b *treeBuilder) entry(n *node, v any) {
	n.keyed = false
	last := len(n.keys) - 1
	k := equalKey(n.keys[last], config{dialect: b.d, precision: b.prec})
	if i, ok := n.seen[k]; ok {
		n.values[i] = v
		n.keys = n.keys[:last]
		b.dups = true
		return
	}
	if n.seen == nil {
		n.seen = map[string]int{}
	}
	n.seen[k] = last
	n.values = append(n.values, v)
}

func (b *treeBuilder) endDict() error {
	n := b.pop()
	for i, k := range n.keys {
		n.dict.Append(k, n.values[i])
	}
	return b.add(n.dict)
}

// equalKey returns a string that two keys have the same of when the engine
// takes them for the same key: their binary form with math values of the
// configured precision, a float -0.0 as 0.0 and any NaN as one, and in
// Godot 4 a StringName as the String of its text. (A -0.0 or a NaN inside
// an Array or a vector keeps its bits: Godot also finds those equal.)
func equalKey(k any, c config) string {
	switch x := k.(type) {
	case string:
		return "s" + x
	case gdvar.StringName:
		if c.dialect == Godot4 {
			return "s" + string(x)
		}
		return "n" + string(x)
	case float64:
		k = sameFloat(x)
	}
	b, err := gdvar.Marshal(k, gdvar.WithEngine(c.dialect.Engine()), gdvar.WithMathPrecision(c.precision))
	if err != nil {
		return "e" + err.Error()
	}
	return "b" + string(b)
}

func (b *treeBuilder) beginPacked(t gdvar.Type) error {
	return b.push(&node{kind: gdvar.KindPackedStart, typ: t})
}

func (b *treeBuilder) packedInt(n int64) error { return b.add(n) }

func (b *treeBuilder) packedReal(f float64) error { return b.add(f) }

func (b *treeBuilder) endPacked() error {
	n := b.pop()
	return b.add(packedSlice(n.typ, n.values))
}

// packedSlice makes a packed array of type t from its elements: int64,
// float64 (the numbers of vectors and colors, flattened) or string.
func packedSlice(t gdvar.Type, v []any) any {
	switch t {
	case gdvar.TypePackedByteArray:
		return convert(v, func(x any) byte { return byte(x.(int64)) })
	case gdvar.TypePackedInt32Array:
		return convert(v, func(x any) int32 { return int32(x.(int64)) })
	case gdvar.TypePackedInt64Array:
		return convert(v, func(x any) int64 { return x.(int64) })
	case gdvar.TypePackedFloat32Array:
		return convert(v, func(x any) float32 { return float32(x.(float64)) })
	case gdvar.TypePackedFloat64Array:
		return convert(v, func(x any) float64 { return x.(float64) })
	case gdvar.TypePackedStringArray:
		return convert(v, func(x any) string { return x.(string) })
	case gdvar.TypePackedVector2Array:
		return grouped[gdvar.Vector2](gdvar.TypeVector2, v)
	case gdvar.TypePackedVector3Array:
		return grouped[gdvar.Vector3](gdvar.TypeVector3, v)
	case gdvar.TypePackedVector4Array:
		return grouped[gdvar.Vector4](gdvar.TypeVector4, v)
	}
	return grouped[gdvar.Color](gdvar.TypeColor, v)
}

func convert[T any](v []any, f func(any) T) []T {
	out := make([]T, len(v))
	for i, x := range v {
		out[i] = f(x)
	}
	return out
}

// grouped makes vectors or colors of type t of their numbers, flattened.
func grouped[T any](t gdvar.Type, v []any) []T {
	per := mathNumbers(t)
	out := make([]T, len(v)/per)
	comps := make([]float64, per)
	for i := range out {
		for j := range comps {
			comps[j] = v[i*per+j].(float64)
		}
		out[i] = mathValue(t, comps).(T)
	}
	return out
}

func (b *treeBuilder) beginObject(class string) error {
	return b.push(&node{kind: gdvar.KindObjectStart, obj: &gdvar.Object{Class: class}})
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
	o := b.pop().obj
	if id, ok := o.Get("object_id"); ok && o.Class == "EncodedObjectAsID" {
		if n, ok := id.(int64); ok {
			return b.add(gdvar.ObjectID(n))
		}
	}
	return b.add(o)
}
