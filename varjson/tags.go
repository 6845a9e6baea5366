package varjson

import (
	"reflect"
	"slices"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/gdvar/gdvar"
)

// The form's tags, {"$Tag": argument, …}, are one table: each tag's type,
// the shape of its argument, the members it takes and each decode route's
// handler. Every route reads it; a new tag is a new row.

// shape is the shape of a tag's argument, by which DecodeTo's first pass
// notes tags alike.
type shape uint8

const (
	argWhole      shape = iota // one JSON value, converted whole: an id, a class, a header…
	argComponents              // a math value's components, [x, y, …]
	argText                    // a string, or a list of pieces that make one
	argBase64                  // base64 bytes, or a list of pieces that make them
	argElements                // a packed array's numbers or strings, [a, b, …]
	argVectors                 // a packed array's vectors or Colors, [[x, y], …]
	argValues                  // an Array's elements
	argEntries                 // a Dictionary's [key, value] pairs
	argClass                   // an Object's class; its properties follow in "$properties"
)

// tagSpec is one tag of the form.
type tagSpec struct {
	name string     // "$" and its type's name, but for "$ObjectID" and "$Raw"
	typ  gdvar.Type // what it decodes to; TypeNil for $Raw, whose type is in its bytes
	arg  shape
	mods []string // the members it takes besides itself

	// tree converts the value from its members, read as a tree (Unmarshal,
	// Decode, DecodeTo's small values).
	tree func(c *converter, arg any, o *object) (any, error)
	// direct, if set, converts the argument, an array, as it is read, when
	// the tag comes first (see unmarshal_direct.go).
	direct func(c *converter, r *reader) (any, error)
	// stream, if set, writes a large value from its argument on, for
	// DecodeTo; a tag without one is converted whole.
	stream func(s *streamer, dec *jsontext.Decoder, enc *gdvar.Encoder, typ gdvar.Type, b *noted) error
	// math is a math type's layout, by which DecodeTo builds it without
	// a tree (zero for other tags).
	math mathLayout
}

// tags are the form's tags by name, filled by init: the handlers lead back
// to tags (an Array holds tagged values), which an initializer cannot.
var tags = map[string]*tagSpec{}

func init() {
	for _, t := range []*tagSpec{
		{typ: gdvar.TypeFloat, tree: (*converter).float},
		{typ: gdvar.TypeString, arg: argText, tree: (*converter).str, stream: (*streamer).stringPieces},
		{typ: gdvar.TypeStringName, arg: argText, tree: (*converter).stringName, stream: (*streamer).stringPieces},
		{typ: gdvar.TypeNodePath, tree: (*converter).nodePath},
		{typ: gdvar.TypeRID, tree: (*converter).rid},
		{name: "$ObjectID", typ: gdvar.TypeObject, tree: (*converter).objectID},
		{typ: gdvar.TypeObject, arg: argClass, mods: []string{"$properties"}, tree: (*converter).object, stream: (*streamer).object},
		{typ: gdvar.TypeCallable, tree: (*converter).callable},
		{typ: gdvar.TypeSignal, mods: []string{"$object"}, tree: (*converter).signal},
		{typ: gdvar.TypeArray, arg: argValues, mods: []string{"$type", "$shared"},
			tree: (*converter).array, direct: (*converter).directArray, stream: (*streamer).typedArray},
		{typ: gdvar.TypeDictionary, arg: argEntries, mods: []string{"$key_type", "$value_type", "$shared"},
			tree: (*converter).dictionary, direct: (*converter).directDictionary, stream: (*streamer).dictionary},
		mathTag[gdvar.Vector2](), mathTag[gdvar.Vector2i](), mathTag[gdvar.Rect2](), mathTag[gdvar.Rect2i](),
		mathTag[gdvar.Vector3](), mathTag[gdvar.Vector3i](), mathTag[gdvar.Transform2D](),
		mathTag[gdvar.Vector4](), mathTag[gdvar.Vector4i](), mathTag[gdvar.Plane](), mathTag[gdvar.Quaternion](),
		mathTag[gdvar.AABB](), mathTag[gdvar.Basis](), mathTag[gdvar.Transform3D](), mathTag[gdvar.Projection](),
		mathTag[gdvar.Color](),
		{typ: gdvar.TypePackedByteArray, arg: argBase64, tree: (*converter).packedBytes, stream: (*streamer).packed},
		elementsTag(int32Of, int32In), elementsTag(int64Of, int64In),
		elementsTag((*converter).float32Of, (*converter).real32), elementsTag((*converter).float64Of, float64In),
		elementsTag(textOf, (*converter).text),
		vectorsTag[gdvar.Vector2](), vectorsTag[gdvar.Vector3](), vectorsTag[gdvar.Vector4](), vectorsTag[gdvar.Color](),
		{typ: gdvar.TypeImage, mods: []string{"$data"}, tree: (*converter).image},
		{typ: gdvar.TypeInputEvent, tree: (*converter).inputEvent},
		{name: "$Raw", typ: gdvar.TypeNil, tree: (*converter).raw},
	} {
		if t.name == "" {
			t.name = "$" + t.typ.String()
		}
		tags[t.name] = t
	}
}

// takes reports whether t takes member k besides itself.
func (t *tagSpec) takes(k string) bool { return slices.Contains(t.mods, k) }

// inPieces reports whether t's argument may be a list of strings that make
// one (a long String or StringName, a long PackedByteArray's base64).
func (t *tagSpec) inPieces() bool { return t.arg == argText || t.arg == argBase64 }

// unknownTag is the spec of a tag the form does not know: no handlers,
// no members.
var unknownTag = &tagSpec{}

// tagOf returns the spec of a member name starting with "$" (unknownTag if
// the form has no such tag) and name as a string, which does not allocate
// for a known tag.
func tagOf(name []byte) (string, *tagSpec) {
	if t, ok := tags[string(name)]; ok {
		return t.name, t
	}
	return string(name), unknownTag
}

// wide is the member of the tags whose reals "$wide" may mark as read with
// 64-bit digits: every math type's (an integer vector's too, where it
// changes nothing) and packed vectors', not Colors', which are 32-bit.
var wide = []string{"$wide"}

// mathTag returns the row of math type T.
func mathTag[T gdvar.Math]() *tagSpec {
	var zero T
	typ, _ := gdvar.TypeOf(zero)
	t := &tagSpec{typ: typ, arg: argComponents, tree: mathTree(reflect.TypeFor[T]()), math: layout[T](typ)}
	if typ != gdvar.TypeColor {
		t.mods = wide
	}
	return t
}

// elementsTag returns the row of a packed array of T, whose elements num
// reads from a plain number and tree from anything else.
func elementsTag[T any](num func(*converter, number) (T, error), tree func(*converter, any) (T, error)) *tagSpec {
	typ, _ := gdvar.TypeOf([]T{})
	return &tagSpec{typ: typ, arg: argElements,
		tree:   func(c *converter, arg any, _ *object) (any, error) { return packedTree(c, arg, tree) },
		direct: func(c *converter, r *reader) (any, error) { return directPacked(c, r, num, tree) },
		stream: (*streamer).packed}
}

// vectorsTag returns the row of a packed array of vectors (or Colors) T.
func vectorsTag[T any]() *tagSpec {
	typ, _ := gdvar.TypeOf([]T{})
	t := &tagSpec{typ: typ, arg: argVectors, tree: packedVectors[T], stream: (*streamer).packed,
		direct: func(c *converter, r *reader) (any, error) { return c.directVectors(r, reflect.TypeFor[T]()) }}
	if typ != gdvar.TypePackedColorArray {
		t.mods = wide
	}
	return t
}
