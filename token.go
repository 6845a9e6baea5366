package gdvar

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unsafe"
)

// Kind says what a [Token] is. Value kinds ([KindNil] … [KindSignal]) are whole
// values, or the first piece of one; the others open, continue or close a
// value that spans several tokens.
type Kind uint8

// The token kinds.
const (
	KindInvalid Kind = iota // the zero Token; never returned with a nil error

	KindNil
	KindBool
	KindInt32   // int written with 32 bits
	KindInt64   // int written with 64 bits (FLAG_64)
	KindFloat32 // float written with 32 bits
	KindFloat64 // float written with 64 bits (FLAG_64)
	// KindString is a chunk of a String: a whole small string, or one piece
	// of a large one. Elements of a PackedStringArray are KindString too.
	KindString
	KindStringName // a chunk of a StringName
	KindVector2
	KindVector2i
	KindRect2
	KindRect2i
	KindVector3
	KindVector3i
	KindTransform2D
	KindVector4
	KindVector4i
	KindPlane
	KindQuaternion
	KindAABB
	KindBasis
	KindTransform3D
	KindProjection
	KindColor
	KindNodePath
	KindRID
	KindObjectID // an Object written as its instance id (0 is null)
	KindCallable
	KindSignal

	// KindObjectStart opens a full object (class name and property count);
	// then come Count × ([KindObjectProperty], value), then [KindObjectEnd]. A
	// null full object has an empty class name and no properties.
	KindObjectStart
	KindObjectProperty
	KindObjectEnd
	// KindArrayStart opens an Array of Len elements (typed if ElemType says
	// so); the elements follow, then [KindArrayEnd].
	KindArrayStart
	KindArrayEnd
	// KindDictStart opens a Dictionary of Len entries; each entry is a
	// [KindDictKey] marker, the key value, then the value. [KindDictEnd] closes it.
	KindDictStart
	KindDictKey
	KindDictEnd
	// KindPackedStart opens a packed array (Type says which) of Len elements.
	// Then come [KindPackedChunk] tokens holding whole elements (for a
	// PackedStringArray: Len strings as [KindString] tokens), then
	// [KindPackedEnd].
	KindPackedStart
	KindPackedChunk
	KindPackedEnd

	// KindImageStart opens a Godot 2 Image: its header, then the pixel data
	// as [KindPackedChunk] tokens of Len bytes in all, then [KindPackedEnd].
	KindImageStart
	// KindInputEvent is a Godot 2 InputEvent.
	KindInputEvent

	kindCount
)

var kindNames = [kindCount]string{
	"Invalid", "Nil", "Bool", "Int32", "Int64", "Float32", "Float64",
	"String", "StringName", "Vector2", "Vector2i", "Rect2", "Rect2i",
	"Vector3", "Vector3i", "Transform2D", "Vector4", "Vector4i", "Plane",
	"Quaternion", "AABB", "Basis", "Transform3D", "Projection", "Color",
	"NodePath", "RID", "ObjectID", "Callable", "Signal", "ObjectStart",
	"ObjectProperty", "ObjectEnd", "ArrayStart", "ArrayEnd", "DictStart",
	"DictKey", "DictEnd", "PackedStart", "PackedChunk", "PackedEnd",
	"ImageStart", "InputEvent",
}

// String returns the kind's name, such as "ArrayStart".
func (k Kind) String() string {
	if k < kindCount {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// mathKinds maps math types to the kinds of their tokens, and other types
// to KindInvalid (the kinds are in the types' order: TestMathKinds).
var mathKinds = [typeCount]Kind{
	TypeVector2: KindVector2, TypeVector2i: KindVector2i, TypeRect2: KindRect2,
	TypeRect2i: KindRect2i, TypeVector3: KindVector3, TypeVector3i: KindVector3i,
	TypeTransform2D: KindTransform2D, TypeVector4: KindVector4,
	TypeVector4i: KindVector4i, TypePlane: KindPlane,
	TypeQuaternion: KindQuaternion, TypeAABB: KindAABB, TypeBasis: KindBasis,
	TypeTransform3D: KindTransform3D, TypeProjection: KindProjection,
	TypeColor: KindColor,
}

// ContainerKind says how an Array's elements, or a Dictionary's keys or
// values, are typed. The numbers are the wire's.
type ContainerKind uint8

// The container type kinds.
const (
	Untyped      ContainerKind = iota // any Variant
	TypedBuiltin                      // a builtin type: ContainerType.Builtin
	TypedClass                        // a class: ContainerType.Name
	TypedScript                       // a script: ContainerType.Name is its res:// path
)

// ContainerType is the element type of a typed Array, or the key or value
// type of a typed Dictionary. The zero value is [Untyped].
type ContainerType struct {
	Kind    ContainerKind
	Builtin Type   // for TypedBuiltin
	pad     uint32 // non-zero padding after Name on the wire, kept for re-encoding (before Name: 24 bytes, not 32)
	Name    string // for TypedClass and TypedScript
}

// String returns the type as Godot prints it in Array[T]: "int", "Node", a
// script path, or "Variant" when untyped.
func (c ContainerType) String() string {
	switch c.Kind {
	case TypedBuiltin:
		return c.Builtin.String()
	case TypedClass, TypedScript:
		return c.Name
	}
	return "Variant"
}

// Token is one element of the wire format: a scalar or math value, a chunk of
// a string or packed array, or the start, end or key marker of a container.
// Tokens from a [Decoder] keep everything the wire said, including bits and
// padding the engine ignores, so that an [Encoder] writes back the same bytes.
//
// A Token returned by a Decoder borrows the Decoder's memory: its bytes and
// names are valid until the next call to the Decoder. Clone keeps one longer.
// Tokens are made with the *Token functions ([MathToken] and [ChunkToken] for
// math values and typed packed chunks); the zero Token is invalid.
//
// Each accessor (Bool, Int, Float, Name, [MathOf], [ChunkOf], …) reads the kinds
// its documentation names. On a token of any other kind it returns the zero
// value (false, 0, "", nil, an empty struct) and does not panic: where the
// kind is not known, check Kind first.
type Token struct {
	// A Token is four words so that Go passes and returns it in registers:
	// this keeps ReadToken cheap.
	meta uint64         // kind | type<<8 | flags<<16 | byte length of the data<<32
	num  uint64         // the value, id, count or length (see flagRaw)
	x    uint64         // header bits the engine ignores | padding bytes<<32
	p    unsafe.Pointer // the data bytes, or the *tokenExt with flagExt
}

// Token flags.
const (
	flagWide      = 1 << iota // FLAG_64: 64-bit payload
	flagWire                  // string bytes are as on the wire (PackedStringArray NUL included)
	flagAfterNUL              // a string chunk after the chunk holding the string's first NUL
	flagUnpadded              // a PackedByteArray whose padding was missing at the end of input
	flagLast                  // the last chunk of a string
	flagExt                   // p is a *tokenExt
	flagNameOwned             // the data is an immutable string's bytes
	// flagRaw: num holds a count or length in its low 32 bits and, in its
	// high 32 bits, the raw count word (container and packed starts) or the
	// chunk's offset (chunks). Set by the Decoder; constructed tokens hold
	// the plain count in num.
	flagRaw
)

func newToken(k Kind, typ Type, flags uint8) Token {
	return Token{meta: uint64(k) | uint64(typ)<<8 | uint64(flags)<<16}
}

func (t Token) flags() uint8 { return uint8(t.meta >> 16) }

func (t *Token) setKind(k Kind) { t.meta = t.meta&^0xff | uint64(k) }

func (t *Token) setPad(pad uint32) { t.x = t.x&0xffffffff | uint64(pad)<<32 }

// setRaw stores a count or length with the raw word or offset that goes
// with it (see flagRaw).
func (t *Token) setRaw(n int64, high uint32) {
	t.num = uint64(uint32(n)) | uint64(high)<<32
	t.addFlags(flagRaw)
}

func (t *Token) addFlags(f uint8) { t.meta |= uint64(f) << 16 }

// setData makes b the token's bytes. A chunk larger than Godot allows makes
// the token invalid, which an Encoder refuses.
func (t *Token) setData(b []byte) {
	if len(b) > math.MaxInt32 {
		t.meta &^= 0xff
		return
	}
	t.meta = t.meta&0xffffffff | uint64(len(b))<<32
	t.p = nil
	if len(b) > 0 {
		t.p = unsafe.Pointer(unsafe.SliceData(b))
	}
}

func (t *Token) setExt(e *tokenExt) {
	t.p = unsafe.Pointer(e)
	t.addFlags(flagExt)
}

func (t Token) ext() *tokenExt {
	if t.flags()&flagExt == 0 {
		return nil
	}
	return (*tokenExt)(t.p)
}

func (t Token) hdrx() uint32 { return uint32(t.x) }
func (t Token) pad() uint32  { return uint32(t.x >> 32) }

// count is the count or length in num.
func (t Token) count() int64 {
	if t.flags()&flagRaw != 0 {
		return int64(uint32(t.num))
	}
	return int64(t.num)
}

// high is the raw count word or chunk offset in num's high bits.
func (t Token) high() uint32 {
	if t.flags()&flagRaw != 0 {
		return uint32(t.num >> 32)
	}
	return 0
}

// countWord is the count word to write for a start token: the one read, or
// the count.
func (t Token) countWord() uint32 {
	if t.flags()&flagRaw != 0 {
		return uint32(t.num >> 32)
	}
	return uint32(t.num)
}

// tokenExt holds the parts of rarer tokens: container types, NodePaths and
// Godot 2's Image and InputEvent.
type tokenExt struct {
	elem, key, value ContainerType // elem for Array; key and value for Dictionary
	path             nodePathWire
	image            ImageHeader
}

// Kind returns the token's kind.
func (t Token) Kind() Kind { return Kind(t.meta) }

// Type returns the Godot type of the value the token is, starts or belongs
// to: [TypeInt] for [KindInt32], [TypePackedFloat32Array] for every token of such an
// array, [TypeString] for a PackedStringArray element, and so on. It is [TypeNil]
// for DictKey and ObjectProperty markers.
func (t Token) Type() Type { return Type(t.meta >> 8) }

// Is64 reports whether the value is written with 64-bit numbers (FLAG_64):
// [KindInt64], [KindFloat64], and math types and packed vector arrays with 64-bit
// reals.
func (t Token) Is64() bool { return t.flags()&flagWide != 0 }

// Bool returns a [KindBool] token's value (any non-zero word is true, as in
// Godot).
func (t Token) Bool() bool { return t.Kind() == KindBool && t.num != 0 }

// Int returns the value of a [KindInt32] or [KindInt64] token, else 0.
func (t Token) Int() int64 {
	if k := t.Kind(); k == KindInt32 || k == KindInt64 {
		return int64(t.num)
	}
	return 0
}

// Float returns the value of a [KindFloat32] or [KindFloat64] token, else 0.
func (t Token) Float() float64 {
	switch t.Kind() {
	case KindFloat32:
		return float64(math.Float32frombits(uint32(t.num)))
	case KindFloat64:
		return math.Float64frombits(t.num)
	}
	return 0
}

// Bytes returns the token's bytes: a string's chunk as on the wire (an
// element of a PackedStringArray includes the NUL terminator Godot writes), a
// packed array chunk's little-endian elements, a math value's raw payload, or
// a name. The slice must not be modified.
func (t Token) Bytes() []byte {
	if t.flags()&flagExt != 0 || t.p == nil {
		return nil
	}
	n := int(t.meta >> 32)
	return unsafe.Slice((*byte)(t.p), n)
}

// Text returns a string chunk as Godot reads it: up to the first NUL byte,
// which ends a string in Godot. Use Bytes for the raw chunk.
func (t Token) Text() string {
	if k := t.Kind(); k != KindString && k != KindStringName || t.flags()&flagAfterNUL != 0 {
		return ""
	}
	b := t.Bytes()
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// Len returns the declared size: the byte length of the whole string a chunk
// belongs to, the element count of an Array or packed array (at any of its
// tokens' starts), the entry count of a Dictionary, or the property count of a
// full object.
func (t Token) Len() int { return int(t.count()) }

// Offset returns where a chunk starts within its value: in bytes for a
// string chunk, in elements for a packed chunk. It is set on tokens from a
// [Decoder].
func (t Token) Offset() int {
	if k := t.Kind(); k == KindString || k == KindStringName || k == KindPackedChunk {
		return int(t.high())
	}
	return 0
}

// Shared reports whether an Array or Dictionary start has the old "shared"
// bit set in its count. Godot 3 and 4 ignore it; Godot 2 honours it.
func (t Token) Shared() bool {
	k := t.Kind()
	return (k == KindArrayStart || k == KindDictStart) && t.countWord()&countSharedBit != 0
}

// IsLast reports whether a string chunk ends its string.
func (t Token) IsLast() bool { return t.flags()&flagLast != 0 }

// Count returns the number of elements in a [KindPackedChunk] token.
func (t Token) Count() int {
	if t.Kind() != KindPackedChunk {
		return 0
	}
	return len(t.Bytes()) / t.Type().packedElemSize(t.Is64())
}

// Name returns the class name of a [KindObjectStart], the property name of a
// [KindObjectProperty], or the signal name of a [KindSignal] token.
func (t Token) Name() string {
	switch t.Kind() {
	case KindObjectStart, KindObjectProperty, KindSignal:
		b := t.Bytes()
		if t.flags()&flagNameOwned != 0 {
			return unsafe.String(unsafe.SliceData(b), len(b))
		}
		return string(b)
	}
	return ""
}

// ID returns the id of a [KindRID] or [KindObjectID] token, or the object id of a
// [KindSignal] token.
func (t Token) ID() uint64 {
	switch t.Kind() {
	case KindRID, KindObjectID, KindSignal:
		return t.num
	}
	return 0
}

// ElemType returns the element type of a [KindArrayStart] token.
func (t Token) ElemType() ContainerType {
	if e := t.ext(); e != nil && t.Kind() == KindArrayStart {
		return e.elem
	}
	return ContainerType{}
}

// KeyType returns the key type of a [KindDictStart] token.
func (t Token) KeyType() ContainerType {
	if e := t.ext(); e != nil && t.Kind() == KindDictStart {
		return e.key
	}
	return ContainerType{}
}

// ValueType returns the value type of a [KindDictStart] token.
func (t Token) ValueType() ContainerType {
	if e := t.ext(); e != nil && t.Kind() == KindDictStart {
		return e.value
	}
	return ContainerType{}
}

// NodePath returns a [KindNodePath] token's path. An obsolete separate property
// (a NodePath flag) is returned as the last subname, as Godot reads it.
func (t Token) NodePath() NodePath {
	e := t.ext()
	if t.Kind() != KindNodePath || e == nil {
		return NodePath{}
	}
	w := &e.path
	if w.words[0]&nodePathNewForm == 0 { // Godot 2's plain-string form
		return ParseNodePath(w.names[0])
	}
	n := min(int(w.words[0]&^nodePathNewForm), len(w.names))
	p := NodePath{Absolute: w.words[2]&nodePathAbsolute != 0}
	if n > 0 {
		p.Names = append([]string(nil), w.names[:n]...)
	}
	if len(w.names) > n {
		p.SubNames = append([]string(nil), w.names[n:]...)
	}
	return p
}

// Clone returns a copy of t that owns its memory, so it stays valid after the
// [Decoder] that returned t moves on.
func (t Token) Clone() Token {
	if e := t.ext(); e != nil {
		c := *e
		c.path.names = append([]string(nil), c.path.names...)
		c.path.pads = append([]uint32(nil), c.path.pads...)
		t.p = unsafe.Pointer(&c)
	} else if t.flags()&flagNameOwned == 0 {
		t.setData(bytes.Clone(t.Bytes()))
	}
	return t
}

// String describes the token for people, for example `Int32(7)`,
// `String("abc")` or `ArrayStart(3, Array[int])`.
func (t Token) String() string {
	switch k := t.Kind(); k {
	case KindNil, KindCallable, KindObjectEnd, KindArrayEnd, KindDictKey, KindDictEnd:
		return k.String()
	case KindBool:
		return "Bool(" + strconv.FormatBool(t.Bool()) + ")"
	case KindInt32, KindInt64:
		return k.String() + "(" + strconv.FormatInt(t.Int(), 10) + ")"
	case KindFloat32:
		return "Float32(" + strconv.FormatFloat(t.Float(), 'g', -1, 32) + ")"
	case KindFloat64:
		return "Float64(" + strconv.FormatFloat(t.Float(), 'g', -1, 64) + ")"
	case KindString, KindStringName:
		b := t.Bytes()
		s := k.String() + "(" + strconv.Quote(string(b))
		if len(b) != t.Len() {
			s += fmt.Sprintf(" [%d:%d of %d]", t.Offset(), t.Offset()+len(b), t.Len())
		}
		return s + ")"
	case KindNodePath:
		return "NodePath(" + strconv.Quote(t.NodePath().String()) + ")"
	case KindRID, KindObjectID:
		return k.String() + "(" + strconv.FormatUint(t.num, 10) + ")"
	case KindSignal:
		return fmt.Sprintf("Signal(%q, %d)", t.Name(), t.num)
	case KindObjectStart:
		return fmt.Sprintf("ObjectStart(%q, %d)", t.Name(), t.Len())
	case KindObjectProperty:
		return fmt.Sprintf("ObjectProperty(%q)", t.Name())
	case KindArrayStart:
		if et := t.ElemType(); et.Kind != Untyped {
			return fmt.Sprintf("ArrayStart(%d, Array[%s])", t.Len(), et)
		}
		return fmt.Sprintf("ArrayStart(%d)", t.Len())
	case KindDictStart:
		if kt, vt := t.KeyType(), t.ValueType(); kt.Kind != Untyped || vt.Kind != Untyped {
			return fmt.Sprintf("DictStart(%d, Dictionary[%s, %s])", t.Len(), kt, vt)
		}
		return fmt.Sprintf("DictStart(%d)", t.Len())
	case KindPackedStart:
		return fmt.Sprintf("PackedStart(%s, %d%s)", t.Type(), t.Len(), widthSuffix(t))
	case KindPackedChunk:
		return fmt.Sprintf("PackedChunk(%s, %d elements at %d)", t.Type(), t.Count(), t.Offset())
	case KindPackedEnd:
		return "PackedEnd(" + t.Type().String() + ")"
	case KindImageStart:
		h := t.Image()
		return fmt.Sprintf("ImageStart(format %d, %d mipmaps, %dx%d, %d bytes)", h.Format, h.Mipmaps, h.Width, h.Height, t.Len())
	case KindInputEvent:
		ev := t.InputEvent()
		return fmt.Sprintf("InputEvent(type %d, device %d, %v)", ev.Type, ev.Device, ev.Fields)
	}
	if typ := t.Type(); typ < typeCount && mathKinds[typ] == t.Kind() {
		return t.Kind().String() + mathString(t) + widthSuffix(t)
	}
	return t.Kind().String()
}

func widthSuffix(t Token) string {
	if t.Is64() {
		return ", 64-bit"
	}
	return ""
}

// mathString formats a math token's components, "(1, 2.5)".
func mathString(t Token) string {
	var parts []string
	typ, b := t.Type(), t.Bytes()
	switch {
	case typ == TypeColor:
		c := MathOf[Color](t)
		for _, f := range []float32{c.R, c.G, c.B, c.A} {
			parts = append(parts, strconv.FormatFloat(float64(f), 'g', -1, 32))
		}
	case typ.HasReals():
		f := make([]float64, typ.reals())
		readReals(f, b, t.Is64())
		for _, x := range f {
			parts = append(parts, strconv.FormatFloat(x, 'g', -1, 64))
		}
	default:
		for i := 0; i+4 <= len(b); i += 4 {
			parts = append(parts, strconv.Itoa(int(int32(binary.LittleEndian.Uint32(b[i:])))))
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
