package gdvar

// The Godot math types. Real components are float64 so that values from a
// double-precision build (FLAG_64 on the wire) keep their precision; whether
// a value is written with 32- or 64-bit reals is chosen with a Precision.
// Field order is wire order.

// Vector2 is Godot's Vector2. Its components are float64 (see [Precision]).
type Vector2 struct{ X, Y float64 }

// Vector2i is Godot's Vector2i.
type Vector2i struct{ X, Y int32 }

// Rect2 is Godot's Rect2, of float64 components (see [Precision]).
type Rect2 struct{ Position, Size Vector2 }

// Rect2i is Godot's Rect2i.
type Rect2i struct{ Position, Size Vector2i }

// Vector3 is Godot's Vector3. Its components are float64 (see [Precision]).
type Vector3 struct{ X, Y, Z float64 }

// Vector3i is Godot's Vector3i.
type Vector3i struct{ X, Y, Z int32 }

// Transform2D is Godot's Transform2D: the x and y basis columns and the
// origin, of float64 components (see [Precision]).
type Transform2D struct{ X, Y, Origin Vector2 }

// Vector4 is Godot's Vector4. Its components are float64 (see [Precision]).
type Vector4 struct{ X, Y, Z, W float64 }

// Vector4i is Godot's Vector4i.
type Vector4i struct{ X, Y, Z, W int32 }

// Plane is Godot's Plane: a normal and the distance from the origin, of
// float64 components (see [Precision]).
type Plane struct {
	Normal Vector3
	D      float64
}

// Quaternion is Godot's Quaternion (Quat in Godot 3). Its components are
// float64 (see [Precision]).
type Quaternion struct{ X, Y, Z, W float64 }

// AABB is Godot's AABB, of float64 components (see [Precision]).
type AABB struct{ Position, Size Vector3 }

// Basis is Godot's Basis, of float64 components (see [Precision]). Rows holds the matrix rows, as the engine stores and
// writes them; Godot's basis.x, .y and .z are its columns.
type Basis struct{ Rows [3]Vector3 }

// Transform3D is Godot's Transform3D (Transform in Godot 3), of float64
// components (see [Precision]).
type Transform3D struct {
	Basis  Basis
	Origin Vector3
}

// Projection is Godot's Projection, a 4×4 matrix of float64 components
// (see [Precision]) stored as columns.
type Projection struct{ Columns [4]Vector4 }

// Color is Godot's Color. Its components are float32, as the engine's are:
// it is always 32-bit on the wire, whatever the [Precision].
type Color struct{ R, G, B, A float32 }

// Precision selects 32-bit reals (Single, what the default engine build
// writes) or 64-bit reals (Double, FLAG_64 on the wire, what an engine built
// with precision=double writes) for the math types and packed vector arrays.
type Precision uint8

// The precisions of reals.
const (
	Single Precision = iota
	Double
)
