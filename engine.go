package gdvar

import (
	"math"
	"strconv"
)

// Engine selects the Godot version whose wire format a [Decoder] reads and an
// [Encoder] writes. The zero value is [Godot4], the default.
type Engine uint8

// The engine versions gdvar speaks.
const (
	// Godot4 is Godot 4.0 to 4.6: the type numbers the engine really writes
	// (Dictionary 27, Array 28, …), not the stale table on the documentation
	// page.
	Godot4 Engine = iota
	// Godot3 is Godot 3.0 to 3.6: Dictionary 18, Array 19, Pool arrays 20–26;
	// FLAG_64 only for int and float; math types and pool arrays 32-bit; RID
	// without payload; no typed containers, StringName, integer vectors,
	// Vector4, Projection, Callable, Signal or 64-bit packed arrays.
	Godot3
	// Godot2 is Godot 1.x and 2.x: the whole header is the type number (no
	// flags), int and float are 32-bit, and Image and InputEvent exist. RID
	// and Object carry no payload; NodePath has an old plain-string form.
	Godot2
)

// String returns the engine's name, such as "Godot 4".
func (e Engine) String() string {
	if e > Godot2 {
		return "Engine(" + strconv.Itoa(int(e)) + ")"
	}
	return e.table().name
}

// WireType returns the number engine e writes for type t, or false if e
// lacks the type (Godot 3 has no Vector4, Godot 4 no Image, …).
func (e Engine) WireType(t Type) (uint32, bool) {
	tab := e.table()
	if !tab.has(t) {
		return 0, false
	}
	return uint32(tab.wire[t]), true
}

// maxEngineDepth is Variant::MAX_RECURSION_DEPTH: the engine fails a value
// nested in more containers than this, whatever gdvar's limits say. Godot
// 3.2 had no limit (it recursed until its stack ended); 3.6 has this one,
// and gdvar applies it to every version.
const maxEngineDepth = 1024

// engineTable holds what differs between engine versions. The codec is
// written once against Type; an engineTable maps wire numbers to types and
// says which wire rules apply.
type engineTable struct {
	name     string
	types    []Type            // wire number → Type
	wire     [typeCount]int    // Type → wire number; -1 if the version lacks it
	typeMask uint32            // header bits holding the type number
	flagBits [typeCount]uint32 // header flag bits the engine reads, per type
	// Payload rules.
	ridPayload      bool // a RID carries its u64 id (Godot 4)
	objectPayload   bool // an Object carries an id or a full object (Godot 3, 4)
	nodePathOldForm bool // a NodePath may be a plain string (Godot 2)
	utf8            utf8Rules
	// small maps the header of a common small value to how to read it, for
	// the Decoder's fast path: index = header & 0xff, plus 256 for FLAG_64.
	// Headers with other bits set are not in it.
	small [512]smallValue
}

// wireType returns the Type in a header, or false if the engine fails on its
// type number.
func (t *engineTable) wireType(hdr uint32) (Type, bool) {
	n := hdr & t.typeMask
	if n >= uint32(len(t.types)) {
		return 0, false
	}
	return t.types[n], true
}

// ignoredBits returns the header bits the engine ignores for a value of type
// typ; they are kept in tokens so that re-encoding reproduces them.
func (t *engineTable) ignoredBits(hdr uint32, typ Type) uint32 {
	return hdr &^ (t.typeMask | t.flagBits[typ])
}

// has reports whether the engine version has type typ.
func (t *engineTable) has(typ Type) bool { return typ < typeCount && t.wire[typ] >= 0 }

// typed reports whether the version has typed containers.
func (t *engineTable) typed() bool { return t.flagBits[TypeArray] != 0 }

// smallValue is what a header says about a common small value, so that the
// fast path reads it with few branches.
// It is 32 bytes, so that the fast path indexes the table with a shift.
type smallValue struct {
	meta   uint64   // the token's meta: kind (KindInvalid: not a small value), type, flags, and a vector's data length
	mask   uint64   // the 64 bits after the header, masked with this, are the token's num
	size   uint8    // bytes on the wire; 0 for a string (variable)
	signed bool     // num is the low 32 bits sign-extended instead: a 32-bit int
	data   bool     // the bytes after the header are the token's data (a vector)
	_      [13]byte // the padding to 32 bytes
}

// kind is the kind of the value's token.
func (sv *smallValue) kind() Kind { return Kind(sv.meta) }

// newSmallValue describes a value of kind and type that takes size bytes.
func newSmallValue(kind Kind, typ Type, size uint8) smallValue {
	sv := smallValue{size: size, mask: math.MaxUint32}
	var flags uint8
	switch kind {
	case KindNil:
		sv.mask = 0
	case KindInt32:
		sv.signed = true
	case KindInt64, KindFloat64:
		sv.mask, flags = math.MaxUint64, flagWide
	case KindString:
		flags = flagWire | flagLast | flagRaw
	case KindArrayStart, KindDictStart:
		flags = flagRaw
	case KindVector2, KindVector3:
		sv.mask, sv.data = 0, true
	}
	t := newToken(kind, typ, flags)
	if sv.data {
		t.meta |= uint64(size-4) << 32
	}
	sv.meta = t.meta
	return sv
}

func newEngineTable(name string, types []Type) *engineTable {
	t := &engineTable{name: name, types: types, typeMask: 0xff}
	for i := range t.wire {
		t.wire[i] = -1
	}
	for n, typ := range types {
		t.wire[typ] = n
	}
	t.flagBits[TypeInt] = flag64
	t.flagBits[TypeFloat] = flag64
	t.flagBits[TypeObject] = flagObjectAsID
	t.objectPayload = true
	return t
}

// kindOf returns the kind of the token a header of type typ starts: the one
// mapping from headers to kinds, for ReadToken, PeekKind and the fast path.
func (t *engineTable) kindOf(typ Type, hdr uint32) Kind {
	wide := hdr&t.flagBits[typ]&flag64 != 0
	switch {
	case typ == TypeNil:
		return KindNil
	case typ == TypeBool:
		return KindBool
	case typ == TypeInt && wide:
		return KindInt64
	case typ == TypeInt:
		return KindInt32
	case typ == TypeFloat && wide:
		return KindFloat64
	case typ == TypeFloat:
		return KindFloat32
	case typ == TypeString:
		return KindString
	case typ == TypeStringName:
		return KindStringName
	case typ == TypeNodePath:
		return KindNodePath
	case typ == TypeRID:
		return KindRID
	case typ == TypeObject && (!t.objectPayload || hdr&flagObjectAsID != 0):
		return KindObjectID
	case typ == TypeObject:
		return KindObjectStart
	case typ == TypeCallable:
		return KindCallable
	case typ == TypeSignal:
		return KindSignal
	case typ == TypeArray:
		return KindArrayStart
	case typ == TypeDictionary:
		return KindDictStart
	case typ.IsPacked():
		return KindPackedStart
	case typ == TypeImage:
		return KindImageStart
	case typ == TypeInputEvent:
		return KindInputEvent
	}
	return mathKinds[typ]
}

// fillSmall builds the fast-path table from the type table.
func (t *engineTable) fillSmall() *engineTable {
	for n, typ := range t.types {
		if n >= 256 {
			break
		}
		// The fast path takes the commonest values whose header is one
		// byte: scalars, short strings, Vector2/3, untyped containers.
		narrow, wide := Kind(0), Kind(0)
		size := uint8(8)
		switch typ {
		case TypeNil:
			size = 4
		case TypeString:
			size = 0
		case TypeVector2, TypeVector3:
			size = uint8(4 + typ.mathSize(false))
		}
		switch typ {
		case TypeNil, TypeBool, TypeInt, TypeFloat, TypeString, TypeVector2, TypeVector3, TypeArray, TypeDictionary:
			narrow = t.kindOf(typ, 0)
			if w := t.kindOf(typ, flag64); w != narrow {
				wide = w
			}
		}
		t.small[n] = newSmallValue(narrow, typ, size)
		if wide != KindInvalid {
			t.small[256+n] = newSmallValue(wide, typ, 12)
		}
	}
	return t
}

var godot4Table = func() *engineTable {
	types := make([]Type, TypePackedVector4Array+1)
	for i := range types {
		types[i] = Type(i)
	}
	t := newEngineTable("Godot 4", types)
	for typ := range typeCount {
		if typ.HasReals() {
			t.flagBits[typ] = flag64
		}
	}
	t.flagBits[TypeArray] = containerKindMask << arrayKindShift
	t.flagBits[TypeDictionary] = containerKindMask<<dictKeyShift | containerKindMask<<dictValueShift
	t.ridPayload = true
	t.utf8 = utf8Strict
	return t.fillSmall()
}()

var godot3Table = newEngineTable("Godot 3", []Type{
	TypeNil, TypeBool, TypeInt, TypeFloat, TypeString, TypeVector2, TypeRect2,
	TypeVector3, TypeTransform2D, TypePlane, TypeQuaternion, TypeAABB,
	TypeBasis, TypeTransform3D, TypeColor, TypeNodePath, TypeRID, TypeObject,
	TypeDictionary, TypeArray, TypePackedByteArray, TypePackedInt32Array,
	TypePackedFloat32Array, TypePackedStringArray, TypePackedVector2Array,
	TypePackedVector3Array, TypePackedColorArray,
}).withUTF8(utf8Godot3).fillSmall()

var godot2Table = func() *engineTable {
	t := newEngineTable("Godot 2", []Type{
		TypeNil, TypeBool, TypeInt, TypeFloat, TypeString, TypeVector2, TypeRect2,
		TypeVector3, TypeTransform2D, TypePlane, TypeQuaternion, TypeAABB,
		TypeBasis, TypeTransform3D, TypeColor, TypeImage, TypeNodePath, TypeRID,
		TypeObject, TypeInputEvent, TypeDictionary, TypeArray,
		TypePackedByteArray, TypePackedInt32Array, TypePackedFloat32Array,
		TypePackedStringArray, TypePackedVector2Array, TypePackedVector3Array,
		TypePackedColorArray,
	})
	t.typeMask = 0xffffffff // the whole header is the type
	t.flagBits = [typeCount]uint32{}
	t.objectPayload = false
	t.nodePathOldForm = true
	return t.withUTF8(utf8Godot3).fillSmall()
}()

func (t *engineTable) withUTF8(r utf8Rules) *engineTable {
	t.utf8 = r
	return t
}

func (e Engine) table() *engineTable {
	switch e {
	case Godot3:
		return godot3Table
	case Godot2:
		return godot2Table
	}
	return godot4Table
}
