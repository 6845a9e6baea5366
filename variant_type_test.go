package gdvar

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEngineWireType(t *testing.T) {
	for _, tc := range []struct {
		e    Engine
		typ  Type
		want uint32
		ok   bool
	}{
		{Godot4, TypeArray, 28, true},
		{Godot4, TypePackedVector4Array, 38, true},
		{Godot4, TypeImage, 0, false},
		{Godot3, TypeArray, 19, true},
		{Godot3, TypeQuaternion, 10, true},
		{Godot3, TypeVector4, 0, false},
		{Godot2, TypeImage, 15, true},
		{Godot2, TypeDictionary, 20, true},
	} {
		n, ok := tc.e.WireType(tc.typ)
		assert.Equal(t, tc.ok, ok, "%v %v", tc.e, tc.typ)
		assert.Equal(t, tc.want, n, "%v %v", tc.e, tc.typ)
	}
}

func TestTypeOfAndGoType(t *testing.T) {
	for typ := TypeBool; typ < typeCount; typ++ {
		got, ok := TypeOf(reflect.Zero(typ.GoType()).Interface())
		assert.True(t, ok, "%v", typ)
		assert.Equal(t, typ, got, "%v", typ)
	}
	for v, want := range map[any]Type{nil: TypeNil, ObjectID(1): TypeObject, int64(1): TypeInt} {
		got, ok := TypeOf(v)
		assert.True(t, ok)
		assert.Equal(t, want, got)
	}
	_, ok := TypeOf(Array{})
	assert.True(t, ok)
	_, ok = TypeOf(RawValue{})
	assert.False(t, ok)
	_, ok = TypeOf(7)
	assert.False(t, ok, "int is not of the generic form")
	assert.True(t, TypeColor.IsMath())
	assert.False(t, TypeStringName.IsMath())
}

// The math kinds are in the math types' order, which mathKinds counts on.
func TestMathKinds(t *testing.T) {
	for typ := TypeVector2; typ <= TypeColor; typ++ {
		assert.Equal(t, typ.String(), mathKinds[typ].String())
	}
	assert.Equal(t, KindInvalid, mathKinds[TypeInt])
	assert.Equal(t, KindInvalid, mathKinds[TypePackedVector2Array])
}

func TestMathShapes(t *testing.T) {
	for typ := TypeVector2; typ <= TypeColor; typ++ {
		size := int(typ.GoType().Size())
		switch {
		case typ.HasReals():
			assert.Equal(t, size/8, typ.Components(), typ.String())
			assert.Equal(t, typ.Components()*4, typ.mathSize(false), typ.String())
			assert.Equal(t, typ.Components()*8, typ.mathSize(true), typ.String())
		default: // int32 components, or Color's float32
			assert.Equal(t, size/4, typ.Components(), typ.String())
			assert.Equal(t, size, typ.mathSize(true), typ.String())
		}
	}
	for typ := range typeCount {
		wantReals, wantFixed := 0, 0
		if typ.HasReals() {
			wantReals = typ.Components()
		} else if typ.IsMath() || typ == TypePackedColorArray {
			wantFixed = 4 * typ.Components()
		}
		assert.Equal(t, wantReals, int(realCount[typ]), "realCount[%s]", typ)
		if typ != TypePackedColorArray {
			assert.Equal(t, wantFixed, int(fixedSize[typ]), "fixedSize[%s]", typ)
		}
	}
	assert.True(t, TypeVector3i.IsIntegerMath())
	assert.False(t, TypeColor.HasReals() || TypeColor.IsIntegerMath())
	assert.Equal(t, 3, TypePackedVector3Array.Components())
	assert.Equal(t, 0, TypeString.Components())
}
