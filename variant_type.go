package gdvar

import "strconv"

// Type is a Godot Variant type. The numbering is gdvar's own and does not
// change with the engine version: it follows Godot 4's wire numbers for the
// types Godot 4 has, and older engines' types are mapped onto it (Godot 3's
// Quat is TypeQuaternion, PoolIntArray is TypePackedInt32Array, and so on).
// The wire number of a type depends on the engine; see [Engine].
type Type uint8

// The Variant types. TypeNil through TypePackedVector4Array carry Godot 4's
// wire numbers; TypeImage and TypeInputEvent exist only in Godot 2.
const (
	TypeNil Type = iota
	TypeBool
	TypeInt
	TypeFloat
	TypeString
	TypeVector2
	TypeVector2i
	TypeRect2
	TypeRect2i
	TypeVector3
	TypeVector3i
	TypeTransform2D
	TypeVector4
	TypeVector4i
	TypePlane
	TypeQuaternion
	TypeAABB
	TypeBasis
	TypeTransform3D
	TypeProjection
	TypeColor
	TypeStringName
	TypeNodePath
	TypeRID
	TypeObject
	TypeCallable
	TypeSignal
	TypeDictionary
	TypeArray
	TypePackedByteArray
	TypePackedInt32Array
	TypePackedInt64Array
	TypePackedFloat32Array
	TypePackedFloat64Array
	TypePackedStringArray
	TypePackedVector2Array
	TypePackedVector3Array
	TypePackedColorArray
	TypePackedVector4Array

	// Godot 2 only.
	TypeImage      // Godot 2's Image: a header and pixel data
	TypeInputEvent // Godot 2's InputEvent

	typeCount // number of valid types; not a type
)

var typeNames = [typeCount]string{
	"Nil", "bool", "int", "float", "String", "Vector2", "Vector2i", "Rect2",
	"Rect2i", "Vector3", "Vector3i", "Transform2D", "Vector4", "Vector4i",
	"Plane", "Quaternion", "AABB", "Basis", "Transform3D", "Projection",
	"Color", "StringName", "NodePath", "RID", "Object", "Callable", "Signal",
	"Dictionary", "Array", "PackedByteArray", "PackedInt32Array",
	"PackedInt64Array", "PackedFloat32Array", "PackedFloat64Array",
	"PackedStringArray", "PackedVector2Array", "PackedVector3Array",
	"PackedColorArray", "PackedVector4Array", "Image", "InputEvent",
}

// String returns the type's name as Godot 4 spells it (for example
// "Vector3" or "PackedStringArray").
func (t Type) String() string {
	if t < typeCount {
		return typeNames[t]
	}
	return "Type(" + strconv.Itoa(int(t)) + ")"
}

// IsMath reports whether t is a math type: a vector, a matrix, Rect2,
// Plane, Quaternion, AABB, Projection or Color.
func (t Type) IsMath() bool { return t >= TypeVector2 && t <= TypeColor }

// IsPacked reports whether t is one of the Packed*Array types.
func (t Type) IsPacked() bool {
	return t >= TypePackedByteArray && t <= TypePackedVector4Array
}

// realCount is, for a math type whose components are reals, the number of
// reals in its payload. Such types take FLAG_64 (64-bit reals).
var realCount = [typeCount]uint8{
	TypeVector2: 2, TypeRect2: 4, TypeVector3: 3, TypeTransform2D: 6,
	TypeVector4: 4, TypePlane: 4, TypeQuaternion: 4, TypeAABB: 6,
	TypeBasis: 9, TypeTransform3D: 12, TypeProjection: 16,
	TypePackedVector2Array: 2, TypePackedVector3Array: 3, TypePackedVector4Array: 4,
}

// fixedSize is the payload size of a type whose payload is a fixed number of
// 32-bit words (integer vectors and Color); real-valued types use realCount.
var fixedSize = [typeCount]uint8{
	TypeVector2i: 8, TypeRect2i: 16, TypeVector3i: 12, TypeVector4i: 16,
	TypeColor: 16,
}

// hasReals reports whether t's payload is made of reals and so has a 64-bit
// form.
func (t Type) hasReals() bool { return t < typeCount && realCount[t] != 0 }

// mathSize is the payload size of a math type (real-valued or fixed), with
// 64-bit reals when wide is set. It is 0 for other types.
func (t Type) mathSize(wide bool) int {
	if t >= typeCount || t.IsPacked() {
		return 0
	}
	if n := int(realCount[t]); n != 0 {
		if wide {
			return n * 8
		}
		return n * 4
	}
	return int(fixedSize[t])
}

// packedElemSize is the size in bytes of one element of a packed array type
// other than PackedStringArray, with 64-bit reals when wide is set for the
// vector arrays.
func (t Type) packedElemSize(wide bool) int {
	switch t {
	case TypePackedByteArray, TypeImage:
		return 1
	case TypePackedInt32Array, TypePackedFloat32Array:
		return 4
	case TypePackedInt64Array, TypePackedFloat64Array:
		return 8
	case TypePackedColorArray:
		return 16
	case TypePackedVector2Array, TypePackedVector3Array, TypePackedVector4Array:
		n := int(realCount[t])
		if wide {
			return n * 8
		}
		return n * 4
	}
	return 0
}
