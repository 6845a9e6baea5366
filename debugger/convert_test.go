package debugger

import (
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Set converts the shapes a caller sends from JSON or text to the
// property's type, and refuses the others naming the type wanted.
func TestToType(t *testing.T) {
	xy := gdvar.NewDictionary("x", int64(300), "y", 500.5)
	for _, c := range []struct {
		name string
		v    any
		t    gdvar.Type
		want any // nil: refused
	}{
		{"an Array of two ints to a Vector2", []any{int64(300), int64(500)}, gdvar.TypeVector2, gdvar.Vector2{X: 300, Y: 500}},
		{"x and y to a Vector2", xy, gdvar.TypeVector2, gdvar.Vector2{X: 300, Y: 500.5}},
		{"whole numbers to a Vector2i", []any{1.0, int64(-2)}, gdvar.TypeVector2i, gdvar.Vector2i{X: 1, Y: -2}},
		{"a fraction to a Vector2i", []any{1.5, int64(2)}, gdvar.TypeVector2i, nil},
		{"three numbers to a Vector3", []any{int64(1), 2.0, int64(3)}, gdvar.TypeVector3, gdvar.Vector3{X: 1, Y: 2, Z: 3}},
		{"x, y, z, w to a Vector4i", gdvar.NewDictionary("x", int64(1), "y", int64(2), "z", int64(3), "w", int64(4)), gdvar.TypeVector4i, gdvar.Vector4i{X: 1, Y: 2, Z: 3, W: 4}},
		{"two numbers to a Vector3", []any{int64(1), int64(2)}, gdvar.TypeVector3, nil},
		{"a key too many", gdvar.NewDictionary("x", int64(1), "y", int64(2), "q", int64(3)), gdvar.TypeVector2, nil},
		{"a wrong key", gdvar.NewDictionary("x", int64(1), "q", int64(2)), gdvar.TypeVector2, nil},
		{"a String in the Array", []any{"1", int64(2)}, gdvar.TypeVector2, nil},
		{"r, g, b to a Color", gdvar.NewDictionary("r", int64(1), "g", 0.5, "b", int64(0)), gdvar.TypeColor, gdvar.Color{R: 1, G: 0.5, A: 1}},
		{"four numbers to a Color", []any{0.0, 0.0, 1.0, 0.5}, gdvar.TypeColor, gdvar.Color{B: 1, A: 0.5}},
		{"an int to a float", int64(5), gdvar.TypeFloat, 5.0},
		{"a whole float to an int", 5.0, gdvar.TypeInt, int64(5)},
		{"a fraction to an int", 5.5, gdvar.TypeInt, nil},
		{"an int to a String", int64(5), gdvar.TypeString, nil},
		{"a StringName to a String", gdvar.StringName("a"), gdvar.TypeString, "a"},
		{"a String to a StringName", "idle", gdvar.TypeStringName, gdvar.StringName("idle")},
		{"a String to a NodePath", "../Player", gdvar.TypeNodePath, gdvar.ParseNodePath("../Player")},
		{"an int to a bool", int64(1), gdvar.TypeBool, nil},
		{"anything to a Variant", []any{"x"}, gdvar.TypeNil, []any{"x"}},
		{"a path to an Object", "res://icon.svg", gdvar.TypeObject, "res://icon.svg"},
		{"ints to a PackedInt32Array", []any{int64(1), 2.0}, gdvar.TypePackedInt32Array, []int32{1, 2}},
		{"too big for a PackedInt32Array", []any{int64(1 << 40)}, gdvar.TypePackedInt32Array, nil},
		{"a byte too big", []any{int64(256)}, gdvar.TypePackedByteArray, nil},
		{"Strings to a PackedStringArray", []any{"a", gdvar.StringName("b")}, gdvar.TypePackedStringArray, []string{"a", "b"}},
		{"pairs to a PackedVector2Array", []any{[]any{int64(1), int64(2)}, xy}, gdvar.TypePackedVector2Array, []gdvar.Vector2{{X: 1, Y: 2}, {X: 300, Y: 500.5}}},
		{"a Vector2 as it is", gdvar.Vector2{X: 1}, gdvar.TypeVector2, gdvar.Vector2{X: 1}},
		{"a Transform2D from an Array", []any{int64(1)}, gdvar.TypeTransform2D, nil},
	} {
		got, err := toType(c.v, c.t)
		if c.want == nil {
			require.ErrorIs(t, err, ErrWrongType, c.name)
			assert.Contains(t, err.Error(), "want "+c.t.String(), c.name)
			continue
		}
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, got, c.name)
	}
}

// A property's wire type number is read as the engine numbers its types.
func TestPropertyType(t *testing.T) {
	for _, c := range []struct {
		engine gdvar.Engine
		wire   int64
		want   gdvar.Type
	}{
		{gdvar.Godot4, 5, gdvar.TypeVector2},
		{gdvar.Godot4, 21, gdvar.TypeStringName},
		{gdvar.Godot3, 5, gdvar.TypeVector2},
		{gdvar.Godot3, 14, gdvar.TypeColor},
	} {
		got, ok := propertyType(c.engine, c.wire)
		require.True(t, ok, "%v %d", c.engine, c.wire)
		assert.Equal(t, c.want, got, "%v %d", c.engine, c.wire)
	}
	_, ok := propertyType(gdvar.Godot4, 1000)
	assert.False(t, ok)
}
