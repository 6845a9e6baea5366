package gdvar

import "strconv"

// Type is a Godot Variant type. The numbering is gdvar's own and does not
// change with the engine version: it follows Godot 4's wire numbers for the
// types Godot 4 has, and older engines' types are mapped onto it (Godot 3's
// Quat is [TypeQuaternion], PoolIntArray is [TypePackedInt32Array], and so on).
// The wire number of a type depends on the engine; see [Engine].
type Type uint8

// The Variant types. [TypeNil] through [TypePackedVector4Array] carry Godot 4's
// wire numbers; [TypeImage] and [TypeInputEvent] exist only in Godot 2.
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

// componentKind is the kind of number a math type is made of.
type componentKind uint8

const (
	noComponents      componentKind = iota
	realComponents                  // real_t: 32-bit floats, or 64-bit with FLAG_64
	int32Components                 // the integer vectors
	float32Components               // Color: 32-bit floats always
)

// mathShape is how a math value, or one element of a packed vector or
// Color array, is made: its number of components and their kind.
type mathShape struct {
	n    uint8
	kind componentKind
}

// mathShapes is the one table of the math types' shapes, which the
// methods below give other packages.
var mathShapes = [typeCount]mathShape{
	TypeVector2: {2, realComponents}, TypeVector2i: {2, int32Components},
	TypeRect2: {4, realComponents}, TypeRect2i: {4, int32Components},
	TypeVector3: {3, realComponents}, TypeVector3i: {3, int32Components},
	TypeTransform2D: {6, realComponents},
	TypeVector4:     {4, realComponents}, TypeVector4i: {4, int32Components},
	TypePlane: {4, realComponents}, TypeQuaternion: {4, realComponents},
	TypeAABB: {6, realComponents}, TypeBasis: {9, realComponents},
	TypeTransform3D: {12, realComponents}, TypeProjection: {16, realComponents},
	TypeColor:              {4, float32Components},
	TypePackedVector2Array: {2, realComponents}, TypePackedVector3Array: {3, realComponents},
	TypePackedVector4Array: {4, realComponents}, TypePackedColorArray: {4, float32Components},
}

// Components returns the number of numbers a value of math type t is made
// of, in wire order (2 for a Vector2, 12 for a Transform3D, 4 for a Color),
// or one element of a packed vector or Color array; 0 for other types.
func (t Type) Components() int {
	if t >= typeCount {
		return 0
	}
	return int(mathShapes[t].n)
}

// HasReals reports whether t's components (a math type's, or a packed
// vector array element's) are reals: 32-bit floats, or 64-bit ones in
// double-precision builds (FLAG_64). Integer vectors have int32
// components, and Color 32-bit floats in every build.
func (t Type) HasReals() bool { return t < typeCount && mathShapes[t].kind == realComponents }

// IsIntegerMath reports whether t is a math type of int32 components:
// Vector2i, Rect2i, Vector3i or Vector4i.
func (t Type) IsIntegerMath() bool { return t < typeCount && mathShapes[t].kind == int32Components }
