package vartext

import (
	"strconv"

	"github.com/gdvar/gdvar"
)

// Dialect is the engine version whose text form is read or written.
type Dialect uint8

// The dialects. They differ in type names, spacing and float formatting.
const (
	// Godot4 is Godot 4.x: Vector2(1, 2.5), &"name", Array[int]([1]).
	Godot4 Dialect = iota
	// Godot3 is Godot 3.3 to 3.6: Vector2( 1, 2.5 ), Pool arrays, floats with
	// six significant digits.
	Godot3
	// Godot32 is Godot 3.0 to 3.2, which prints an empty Dictionary as
	// "{\n\n}", -inf as "-inf.0" (and "-inf" inside vectors) and does not
	// cut deep nesting short.
	Godot32
	// Godot2 is Godot 1.x and 2.x: Godot 3.2's printer with Godot 2's type
	// names (Matrix32, RawArray, …). No engine of this version was available
	// to check it; Image and InputEvent have no text form here.
	Godot2
)

// String returns the dialect's name.
func (d Dialect) String() string {
	switch d {
	case Godot4:
		return "Godot 4"
	case Godot3:
		return "Godot 3"
	case Godot32:
		return "Godot 3.2"
	case Godot2:
		return "Godot 2"
	}
	return "Dialect(" + strconv.Itoa(int(d)) + ")"
}

// Engine returns the engine version whose binary format goes with d.
func (d Dialect) Engine() gdvar.Engine {
	switch d {
	case Godot3, Godot32:
		return gdvar.Godot3
	case Godot2:
		return gdvar.Godot2
	}
	return gdvar.Godot4
}

// godot3Names are the types Godot 3 names otherwise than Godot 4.
var godot3Names = map[gdvar.Type]string{
	gdvar.TypeQuaternion:         "Quat",
	gdvar.TypeTransform3D:        "Transform",
	gdvar.TypePackedByteArray:    "PoolByteArray",
	gdvar.TypePackedInt32Array:   "PoolIntArray",
	gdvar.TypePackedFloat32Array: "PoolRealArray",
	gdvar.TypePackedStringArray:  "PoolStringArray",
	gdvar.TypePackedVector2Array: "PoolVector2Array",
	gdvar.TypePackedVector3Array: "PoolVector3Array",
	gdvar.TypePackedColorArray:   "PoolColorArray",
}

// godot2Names are the types Godot 2 names otherwise than Godot 4.
var godot2Names = map[gdvar.Type]string{
	gdvar.TypeQuaternion:         "Quat",
	gdvar.TypeTransform3D:        "Transform",
	gdvar.TypeTransform2D:        "Matrix32",
	gdvar.TypeBasis:              "Matrix3",
	gdvar.TypePackedByteArray:    "RawArray",
	gdvar.TypePackedInt32Array:   "IntArray",
	gdvar.TypePackedFloat32Array: "RealArray",
	gdvar.TypePackedStringArray:  "StringArray",
	gdvar.TypePackedVector2Array: "Vector2Array",
	gdvar.TypePackedVector3Array: "Vector3Array",
	gdvar.TypePackedColorArray:   "ColorArray",
}

// typeName is t's name in dialect d.
func (d Dialect) typeName(t gdvar.Type) string {
	names := godot3Names
	switch d {
	case Godot4:
		return t.String()
	case Godot2:
		names = godot2Names
	}
	if n, ok := names[t]; ok {
		return n
	}
	return t.String()
}

// typeByName maps every dialect's type names to types, for the parser,
// which reads all of them whatever the dialect (as Godot 4's parser reads
// Godot 3's names).
var typeByName = func() map[string]gdvar.Type {
	m := map[string]gdvar.Type{}
	for t := gdvar.TypeNil; t <= gdvar.TypePackedVector4Array; t++ {
		m[t.String()] = t
	}
	for _, names := range []map[gdvar.Type]string{godot3Names, godot2Names} {
		for t, n := range names {
			m[n] = t
		}
	}
	return m
}()
