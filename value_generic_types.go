package gdvar

import "reflect"

// goTypes are the Go types of the generic form: what Unmarshal gives an
// interface{} for each Godot type (see Unmarshal).
var goTypes = [typeCount]reflect.Type{
	TypeBool:               reflect.TypeFor[bool](),
	TypeInt:                reflect.TypeFor[int64](),
	TypeFloat:              reflect.TypeFor[float64](),
	TypeString:             reflect.TypeFor[string](),
	TypeVector2:            reflect.TypeFor[Vector2](),
	TypeVector2i:           reflect.TypeFor[Vector2i](),
	TypeRect2:              reflect.TypeFor[Rect2](),
	TypeRect2i:             reflect.TypeFor[Rect2i](),
	TypeVector3:            reflect.TypeFor[Vector3](),
	TypeVector3i:           reflect.TypeFor[Vector3i](),
	TypeTransform2D:        reflect.TypeFor[Transform2D](),
	TypeVector4:            reflect.TypeFor[Vector4](),
	TypeVector4i:           reflect.TypeFor[Vector4i](),
	TypePlane:              reflect.TypeFor[Plane](),
	TypeQuaternion:         reflect.TypeFor[Quaternion](),
	TypeAABB:               reflect.TypeFor[AABB](),
	TypeBasis:              reflect.TypeFor[Basis](),
	TypeTransform3D:        reflect.TypeFor[Transform3D](),
	TypeProjection:         reflect.TypeFor[Projection](),
	TypeColor:              reflect.TypeFor[Color](),
	TypeStringName:         reflect.TypeFor[StringName](),
	TypeNodePath:           reflect.TypeFor[NodePath](),
	TypeRID:                reflect.TypeFor[RID](),
	TypeObject:             reflect.TypeFor[*Object](),
	TypeCallable:           reflect.TypeFor[Callable](),
	TypeSignal:             reflect.TypeFor[Signal](),
	TypeDictionary:         reflect.TypeFor[*Dictionary](),
	TypeArray:              reflect.TypeFor[[]any](),
	TypePackedByteArray:    reflect.TypeFor[[]byte](),
	TypePackedInt32Array:   reflect.TypeFor[[]int32](),
	TypePackedInt64Array:   reflect.TypeFor[[]int64](),
	TypePackedFloat32Array: reflect.TypeFor[[]float32](),
	TypePackedFloat64Array: reflect.TypeFor[[]float64](),
	TypePackedStringArray:  reflect.TypeFor[[]string](),
	TypePackedVector2Array: reflect.TypeFor[[]Vector2](),
	TypePackedVector3Array: reflect.TypeFor[[]Vector3](),
	TypePackedColorArray:   reflect.TypeFor[[]Color](),
	TypePackedVector4Array: reflect.TypeFor[[]Vector4](),
	TypeImage:              reflect.TypeFor[Image](),
	TypeInputEvent:         reflect.TypeFor[InputEvent](),
}

// typesByGo maps the generic form's Go types back to Godot types, with the
// second forms of Object (an id) and Array (typed or shared).
var typesByGo = func() map[reflect.Type]Type {
	m := map[reflect.Type]Type{reflect.TypeFor[ObjectID](): TypeObject, reflect.TypeFor[Array](): TypeArray}
	for t, gt := range goTypes {
		if gt != nil {
			m[gt] = Type(t)
		}
	}
	return m
}()

// mathTypes maps the Go math types (not Color, which is written apart) to
// their Godot types.
var mathTypes = func() map[reflect.Type]Type {
	m := map[reflect.Type]Type{}
	for t := TypeVector2; t < TypeColor; t++ {
		m[goTypes[t]] = t
	}
	return m
}()

// GoType returns the Go type [Unmarshal] gives an interface{} for a value of
// type t: int64 for [TypeInt], Vector3 for [TypeVector3], *Object for a full
// object (an object written as its id is an ObjectID), []any for an untyped
// Array (a typed one is an Array), []float32 for a PackedFloat32Array, and
// so on. It is nil for [TypeNil].
func (t Type) GoType() reflect.Type {
	if t >= typeCount {
		return nil
	}
	return goTypes[t]
}

// TypeOf returns the Godot type of v, a value of the generic form (see
// GoType; nil is [TypeNil]), as [Marshal] writes it. It reports false for other
// Go values, and for a [RawValue], whose type is in its bytes.
func TypeOf(v any) (Type, bool) {
	if v == nil {
		return TypeNil, true
	}
	t, ok := typesByGo[reflect.TypeOf(v)]
	return t, ok
}
