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
