package gdvar

import "math"

// Tokens without a payload.
var (
	NilToken         = newToken(KindNil, TypeNil, 0)
	CallableToken    = newToken(KindCallable, TypeCallable, 0)
	ObjectEndToken   = newToken(KindObjectEnd, TypeObject, 0)
	ArrayEndToken    = newToken(KindArrayEnd, TypeArray, 0)
	DictKeyToken     = newToken(KindDictKey, TypeNil, 0)
	DictEndToken     = newToken(KindDictEnd, TypeDictionary, 0)
	PackedEndToken   = newToken(KindPackedEnd, TypeNil, 0)
	UntypedContainer = ContainerType{}
)

// BoolToken returns a bool token.
func BoolToken(b bool) Token {
	t := newToken(KindBool, TypeBool, 0)
	if b {
		t.num = 1
	}
	return t
}

// IntToken returns an int token with the width Godot would write: 32 bits
// when v fits in an int32, else 64.
func IntToken(v int64) Token {
	if v == int64(int32(v)) {
		return Int32Token(int32(v))
	}
	return Int64Token(v)
}

// Int32Token returns an int token written with 32 bits.
func Int32Token(v int32) Token {
	t := newToken(KindInt32, TypeInt, 0)
	t.num = uint64(int64(v))
	return t
}

// Int64Token returns an int token written with 64 bits, whatever its value.
func Int64Token(v int64) Token {
	t := newToken(KindInt64, TypeInt, flagWide)
	t.num = uint64(v)
	return t
}

// FloatToken returns a float token with the width Godot would write: 32 bits
// iff float64(float32(v)) == v, so NaN takes 64 bits and ±Inf and -0.0 take
// 32.
func FloatToken(v float64) Token {
	if float64(float32(v)) == v {
		return Float32Token(float32(v))
	}
	return Float64Token(v)
}

// Float32Token returns a float token written with 32 bits.
func Float32Token(v float32) Token {
	t := newToken(KindFloat32, TypeFloat, 0)
	t.num = uint64(math.Float32bits(v))
	return t
}

// Float64Token returns a float token written with 64 bits.
func Float64Token(v float64) Token {
	t := newToken(KindFloat64, TypeFloat, flagWide)
	t.num = math.Float64bits(v)
	return t
}

// StringToken returns a whole String. Inside a PackedStringArray the [Encoder]
// adds the NUL terminator Godot writes.
func StringToken(s string) Token { return StringChunkToken(len(s), stringBytes(s)) }

// StringNameToken returns a whole StringName.
func StringNameToken(s string) Token { return StringNameChunkToken(len(s), stringBytes(s)) }

// StringChunkToken returns one piece of a String of total bytes. A large
// string is written as consecutive chunks that add up to total; each chunk
// repeats total. The chunk is not copied.
func StringChunkToken(total int, chunk []byte) Token {
	return chunkToken(KindString, TypeString, total, chunk)
}

// StringNameChunkToken is [StringChunkToken] for a StringName.
func StringNameChunkToken(total int, chunk []byte) Token {
	return chunkToken(KindStringName, TypeStringName, total, chunk)
}

func chunkToken(k Kind, typ Type, total int, chunk []byte) Token {
	t := newToken(k, typ, 0)
	t.num = uint64(total)
	t.setData(chunk)
	return t
}

// payloadToken returns a whole value of typ, a math type or Color, whose
// payload is the wire words in payload: 64-bit reals when wide is set.
func payloadToken(typ Type, payload []byte, wide bool) Token {
	var flags uint8
	if wide {
		flags = flagWide
	}
	t := newToken(mathKinds[typ], typ, flags)
	t.setData(payload)
	return t
}

// sharedToken returns t, an Array's or Dictionary's start, with the shared
// flag of Godot 3 and 2 set in its count word.
func sharedToken(t Token) Token {
	n := t.Len()
	t.setRaw(int64(n), uint32(n)|countSharedBit)
	return t
}

// wireStringToken returns a String or StringName of like's kind, type and
// header bits, holding s whole with the padding bytes pad, as if read: to
// write a string again as it was read.
func wireStringToken(like Token, s []byte, pad uint32) Token {
	t := newToken(like.Kind(), like.Type(), flagWire|flagLast)
	t.setRaw(int64(len(s)), 0)
	t.setData(s)
	t.x = uint64(like.hdrx()) | uint64(pad)<<32
	return t
}

// NodePathToken returns a NodePath.
func NodePathToken(p NodePath) Token {
	ext := &tokenExt{}
	w := &ext.path
	w.words[0] = uint32(len(p.Names)) | nodePathNewForm
	w.words[1] = uint32(len(p.SubNames))
	if p.Absolute {
		w.words[2] = nodePathAbsolute
	}
	w.names = append(append(w.names, p.Names...), p.SubNames...)
	w.pads = make([]uint32, len(w.names))
	t := newToken(KindNodePath, TypeNodePath, 0)
	t.setExt(ext)
	return t
}

// RIDToken returns a RID.
func RIDToken(id RID) Token { return idToken(KindRID, TypeRID, uint64(id)) }

// ObjectIDToken returns an Object written as its instance id; 0 is a null
// object.
func ObjectIDToken(id ObjectID) Token { return idToken(KindObjectID, TypeObject, uint64(id)) }

func idToken(k Kind, typ Type, id uint64) Token {
	t := newToken(k, typ, 0)
	t.num = id
	return t
}

// ObjectStartToken opens a full object of class with count properties. Write
// count × ([ObjectPropertyToken], value), then [ObjectEndToken]. An empty class
// is a null object and takes no properties.
func ObjectStartToken(class string, count int) Token {
	t := nameToken(KindObjectStart, TypeObject, class)
	t.num = uint64(count)
	return t
}

// ObjectPropertyToken names the next property of a full object; its value
// follows.
func ObjectPropertyToken(name string) Token {
	return nameToken(KindObjectProperty, TypeNil, name)
}

// SignalToken returns a Signal: a signal name on an object.
func SignalToken(name string, objectID uint64) Token {
	t := nameToken(KindSignal, TypeSignal, name)
	t.num = objectID
	return t
}

func nameToken(k Kind, typ Type, name string) Token {
	t := newToken(k, typ, flagNameOwned)
	t.setData(stringBytes(name))
	return t
}

// ArrayStartToken opens an Array of count elements of type elem
// ([UntypedContainer] for a plain Array). Write the elements, then
// [ArrayEndToken].
func ArrayStartToken(count int, elem ContainerType) Token {
	t := newToken(KindArrayStart, TypeArray, 0)
	t.num = uint64(count)
	if elem.Kind != Untyped {
		t.setExt(&tokenExt{elem: elem})
	}
	return t
}

// DictStartToken opens a Dictionary of count entries with the given key and
// value types. Write count × ([DictKeyToken], key, value), then [DictEndToken].
func DictStartToken(count int, key, value ContainerType) Token {
	t := newToken(KindDictStart, TypeDictionary, 0)
	t.num = uint64(count)
	if key.Kind != Untyped || value.Kind != Untyped {
		t.setExt(&tokenExt{key: key, value: value})
	}
	return t
}

// PackedStartToken opens a packed array of type typ with count elements;
// p selects 64-bit reals for PackedVector2/3/4Array and must be Single for
// the others. Write [PackedChunkToken] pieces holding count elements in all
// (for a PackedStringArray, count StringTokens), then [PackedEndToken].
func PackedStartToken(typ Type, count int, p Precision) Token {
	var flags uint8
	if p == Double {
		flags = flagWide
	}
	t := newToken(KindPackedStart, typ, flags)
	t.num = uint64(count)
	return t
}

// PackedChunkToken returns a piece of a packed array's payload: whole
// little-endian elements, as on the wire. The bytes are not copied.
func PackedChunkToken(raw []byte) Token {
	t := newToken(KindPackedChunk, TypeNil, 0)
	t.setData(raw)
	return t
}

// ChunkToken returns a packed chunk holding s: int32s for a
// PackedInt32Array, int64s for a PackedInt64Array, float32s for a
// PackedFloat32Array or the components of 32-bit vectors or colors,
// float64s for a PackedFloat64Array or the components of 64-bit vectors. On
// little-endian machines s is not copied.
func ChunkToken[T Number](s []T) Token { return PackedChunkToken(wireBytes(s)) }
