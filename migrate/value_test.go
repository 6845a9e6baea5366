package migrate

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClass(t *testing.T) {
	for old, want := range map[string]string{
		"Reference":       "RefCounted",
		"Spatial":         "Node3D",
		"KinematicBody2D": "CharacterBody2D",
		"SpatialMaterial": "StandardMaterial3D",
		"GradientTexture": "GradientTexture1D", // as Godot 4 loads it, not the converter's 2D
		"ShortCut":        "Shortcut",
		"Resource":        "Resource", // kept its name
		"InputEventKey":   "InputEventKey",
		"":                "",
	} {
		assert.Equal(t, want, Class(old), old)
	}
	assert.Len(t, classes, 199, "the converter's 200 renames but ExternalTexture")
	for old, n := range classes {
		assert.NotContains(t, classes, n, "%s → %s is renamed again", old, n)
	}
}

// event is a Godot 3 InputEvent of the class with the properties.
func event(class string, kv ...any) *gdvar.Object {
	o := &gdvar.Object{Class: class}
	for i := 0; i < len(kv); i += 2 {
		o.Properties = append(o.Properties, gdvar.Property{Name: kv[i].(string), Value: kv[i+1]})
	}
	return o
}

func TestInputEvents(t *testing.T) {
	for _, tc := range []struct {
		name     string
		in, want *gdvar.Object
	}{
		{"special key and modifiers",
			event("InputEventKey", "alt", true, "shift", false, "control", true, "meta", false, "command", true, "scancode", int64(16777217), "physical_scancode", int64(65)),
			event("InputEventKey", "alt_pressed", true, "shift_pressed", false, "ctrl_pressed", true, "meta_pressed", false, "command", true, "keycode", int64(4194305), "physical_keycode", int64(65))},
		{"special key with a modifier bit",
			event("InputEventKey", "scancode", int64(1<<24|1<<25|12)),
			event("InputEventKey", "keycode", int64(1<<22|1<<25|12))},
		{"double click",
			event("InputEventMouseButton", "button_index", int64(2), "doubleclick", true),
			event("InputEventMouseButton", "button_index", int64(2), "double_click", true)},
		{"joypad button",
			event("InputEventJoypadButton", "device", int64(1), "button_index", int64(4), "pressure", 0.5, "pressed", true),
			event("InputEventJoypadButton", "device", int64(1), "button_index", int64(9), "pressure", 0.5, "pressed", true)},
		{"the touchpad, which the converter leaves",
			event("InputEventJoypadButton", "button_index", int64(22)),
			event("InputEventJoypadButton", "button_index", int64(20))},
		{"beyond the table",
			event("InputEventJoypadButton", "button_index", int64(23)),
			event("InputEventJoypadButton", "button_index", int64(23))},
		{"L2 is an axis",
			event("InputEventJoypadButton", "device", int64(1), "button_index", int64(6), "pressure", 0.5, "pressed", true),
			event("InputEventJoypadMotion", "device", int64(1), "axis", int64(4), "axis_value", 1.0)},
		{"R2 is an axis",
			event("InputEventJoypadButton", "pressed", false, "button_index", int64(7)),
			event("InputEventJoypadMotion", "axis", int64(5), "axis_value", 1.0)},
		{"trigger axis",
			event("InputEventJoypadMotion", "axis", int64(7), "axis_value", -0.5),
			event("InputEventJoypadMotion", "axis", int64(5), "axis_value", -0.5)},
		{"other axis",
			event("InputEventJoypadMotion", "axis", int64(4), "axis_value", -0.5),
			event("InputEventJoypadMotion", "axis", int64(4), "axis_value", -0.5)},
		{"not an event",
			event("Reference", "scancode", int64(16777217), "alt", true, "button_index", int64(6)),
			event("RefCounted", "scancode", int64(16777217), "alt", true, "button_index", int64(6))},
		{"a key code that is not an int",
			event("InputEventKey", "scancode", "x"),
			event("InputEventKey", "keycode", "x")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Value(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// godot3 returns the Godot 3 bytes of v.
func godot3(t *testing.T, v any) []byte {
	b, err := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true)).Marshal(v)
	require.NoError(t, err)
	return b
}

// godot4 returns the Godot 4 bytes of v.
func godot4(t *testing.T, v any) []byte {
	b, err := gdvar.MustCodec(gdvar.AllowObjects(true)).Marshal(v)
	require.NoError(t, err)
	return b
}

func TestValuesRenumbered(t *testing.T) {
	for _, tc := range []struct {
		name     string
		in, want any
	}{
		{"Quat", gdvar.Quaternion{X: 1, Y: 2, Z: 3, W: 4}, gdvar.Quaternion{X: 1, Y: 2, Z: 3, W: 4}},
		{"Transform", gdvar.Transform3D{Origin: gdvar.Vector3{X: 1}}, gdvar.Transform3D{Origin: gdvar.Vector3{X: 1}}},
		{"PoolIntArray", []int32{1, -2}, []int32{1, -2}},
		{"PoolRealArray", []float32{0.5}, []float32{0.5}},
		{"PoolStringArray", []string{"a", ""}, []string{"a", ""}},
		{"Color", gdvar.Color{R: 0.5, A: 1}, gdvar.Color{R: 0.5, A: 1}},
		{"AABB", gdvar.AABB{Size: gdvar.Vector3{X: 2}}, gdvar.AABB{Size: gdvar.Vector3{X: 2}}},
		{"RID, which gains an id", gdvar.RID(0), gdvar.RID(0)},
		{"ints and floats keep their widths", []any{int64(1), int64(1) << 40, 2.5, 0.1}, []any{int64(1), int64(1) << 40, 2.5, 0.1}},
		{"the empty absolute NodePath, which Godot 3 reads as empty", gdvar.NodePath{Absolute: true}, gdvar.NodePath{}},
		{"a full object", event("Reference", "x", gdvar.Quaternion{W: 1}), event("RefCounted", "x", gdvar.Quaternion{W: 1})},
		{"a Dictionary", gdvar.NewDictionary(gdvar.Quaternion{}, []int32{1}), gdvar.NewDictionary(gdvar.Quaternion{}, []int32{1})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			require.NoError(t, Values(&out, bytes.NewReader(godot3(t, tc.in))))
			assert.Equal(t, godot4(t, tc.want), out.Bytes())
		})
	}
}

// A NodePath Godot 3 wrote with stray bytes in its padding is written
// with Godot 4's zeros: a RawValue of Godot 3 bytes would not be Godot 4's.
func TestNodePathPadding(t *testing.T) {
	b := godot3(t, gdvar.ParseNodePath("/root/a:b"))
	b[len(b)-1] = 0x40 // the padding after "b"
	var v any
	require.NoError(t, gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Unmarshal(b, &v))
	m, err := Value(v)
	require.NoError(t, err)
	assert.Equal(t, godot4(t, gdvar.ParseNodePath("/root/a:b")), godot4(t, m))
	var out bytes.Buffer
	require.NoError(t, Values(&out, bytes.NewReader(b)))
	assert.Equal(t, godot4(t, gdvar.ParseNodePath("/root/a:b")), out.Bytes())
}

// A RawValue, the form Unmarshal keeps Godot 3 bytes of an odd form in,
// is decoded as Godot 3's and mapped.
func TestRawValue(t *testing.T) {
	raw := gdvar.RawValue(godot3(t, []any{gdvar.Quaternion{W: 1}, gdvar.NodePath{Absolute: true}}))
	m, err := Value(raw)
	require.NoError(t, err)
	assert.Equal(t, []any{gdvar.Quaternion{W: 1}, gdvar.NodePath{}}, m)
	_, err = Value(gdvar.RawValue{0xff})
	assert.ErrorIs(t, err, gdvar.ErrTruncated)
}

// Value makes new the arrays, dictionaries and objects it changes: the
// value it maps is left as it was.
func TestValueLeavesItsInput(t *testing.T) {
	in := []any{event("InputEventKey", "scancode", int64(16777217)), gdvar.NewDictionary("k", event("Reference"))}
	before := godot3(t, in)
	m, err := Value(in)
	require.NoError(t, err)
	assert.Equal(t, before, godot3(t, in))
	assert.NotEqual(t, godot3(t, m), before)
}

// Value shares what needs no change, and makes new only the containers on
// the way to what does.
func TestValueShares(t *testing.T) {
	inner := []any{int64(1), "s", gdvar.NewDictionary("k", []any{2.5})}
	same := []any{inner, gdvar.Vector2{X: 1}}
	m, err := Value(same)
	require.NoError(t, err)
	assert.Same(t, &same[0], &m.([]any)[0], "nothing changes: the same Array")

	shared := &gdvar.Dictionary{Shared: true}
	shared.Append("k", int64(1))
	changed := []any{inner, shared}
	m, err = Value(changed)
	require.NoError(t, err)
	out := m.([]any)
	assert.NotSame(t, &changed[0], &out[0], "a new Array around what changes")
	assert.Same(t, &inner[0], &out[0].([]any)[0], "what does not change is shared")
	assert.False(t, out[1].(*gdvar.Dictionary).Shared)
	assert.True(t, shared.Shared, "the input is left as it was")
	assert.Same(t, shared, changed[1])
}

func TestObjectsMetadataAndShortcuts(t *testing.T) {
	key := event("InputEventKey", "scancode", int64(16777217))
	for _, tc := range []struct {
		name     string
		in, want *gdvar.Object
	}{
		{"metadata",
			event("Reference", "__meta__", gdvar.NewDictionary("note", gdvar.Quaternion{W: 1}, "seen", int64(3)), "script", nil),
			event("RefCounted", "script", nil, "metadata/note", gdvar.Quaternion{W: 1}, "metadata/seen", int64(3))},
		{"a shortcut's event",
			event("ShortCut", "resource_name", "jump", "shortcut", key),
			event("Shortcut", "resource_name", "jump", "events", []any{event("InputEventKey", "keycode", int64(4194305))})},
		{"a shortcut without one",
			event("ShortCut", "shortcut", nil),
			event("Shortcut", "events", []any{})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Value(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// Value refuses what Godot 3 cannot have written or Godot 4 cannot read.
func TestValueRefuses(t *testing.T) {
	bad := "a\xf8\x88\x80\x80\x80" // Godot 3 reads it; Godot 4 refuses it
	for _, tc := range []struct {
		name string
		in   any
		want string
	}{
		{"a Vector2i", gdvar.Vector2i{X: 1}, "a Vector2i, which only Godot 4 has"},
		{"a StringName in an Array", []any{gdvar.StringName("s")}, "a StringName, which only Godot 4 has"},
		{"a PackedInt64Array", []int64{1}, "a PackedInt64Array"},
		{"a typed Array", gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}}, "a typed Array"},
		{"a Callable", gdvar.Callable{}, "a Callable"},
		{"a string not UTF-8", bad, "not UTF-8"},
		{"a dictionary key not UTF-8", gdvar.NewDictionary(bad, 1), "not UTF-8"},
		{"a PoolStringArray element not UTF-8", []string{"a", bad}, "not UTF-8"},
		{"a NodePath name not UTF-8", gdvar.NodePath{Names: []string{bad}}, "not UTF-8"},
		{"a class not UTF-8", &gdvar.Object{Class: bad}, "not UTF-8"},
		{"a property not UTF-8", event("Reference", bad, 1), "not UTF-8"},
		{"metadata that is no Dictionary", event("Reference", "__meta__", int64(1)), "not a Dictionary"},
		{"a metadata name Godot 4 refuses", event("Reference", "__meta__", gdvar.NewDictionary("my key", 1)), `metadata "my key"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Value(tc.in)
			assert.ErrorContains(t, err, tc.want)
		})
	}
	for _, v := range []any{(*gdvar.Dictionary)(nil), (*gdvar.Object)(nil)} {
		got, err := Value(v)
		assert.NoError(t, err)
		assert.Nil(t, got, "%T(nil)", v)
	}
}

// A key that repeats keeps one entry, at its first place with its last
// value, as Godot 3 and 4 read a Dictionary.
func TestRepeatedKeys(t *testing.T) {
	// Godot 3.2 wrote it: godot3.2 --no-window -s gen.gd, gen.gd being
	//   extends SceneTree
	//   func _init():
	//   	print(var2bytes({NodePath(""): 1, NodePath("/"): 2}).hex_encode())
	//   	quit()
	// Both engines read the two NodePaths as the empty one: {NodePath(""): 2}.
	emptyAndRoot, err := hex.DecodeString("12000000020000000f00000000000080000000000000000002000000010000000f0000000000008000000000010000000200000002000000")
	require.NoError(t, err)
	// Godot 3.2 wrote a Dictionary of pool array keys with two of them
	// corrupted into "[Deleted Object]" (GDVAR_MIGRATE_SEED=375833957 go
	// test ./migrate -run TestLiveMigrate/godot3.2 made it, among other
	// keys).
	deleted := &gdvar.Dictionary{}
	deleted.Append("[Deleted Object]", nil)
	deleted.Append("k", int64(1))
	deleted.Append("[Deleted Object]", nil)
	firstPlaceLastValue := &gdvar.Dictionary{}
	firstPlaceLastValue.Append("a", int64(1))
	firstPlaceLastValue.Append(gdvar.Vector2{X: 1}, int64(2))
	firstPlaceLastValue.Append("a", int64(3))
	firstPlaceLastValue.Append(gdvar.Vector2{X: 1}, int64(4))
	twoObjects := &gdvar.Dictionary{} // Godot compares objects by identity
	twoObjects.Append(event("Reference"), int64(1))
	twoObjects.Append(event("Reference"), int64(2))
	renamed := &gdvar.Dictionary{}
	renamed.Append(event("RefCounted"), int64(1))
	renamed.Append(event("RefCounted"), int64(2))
	for _, tc := range []struct {
		name string
		in   []byte
		want *gdvar.Dictionary
	}{
		{"the empty NodePath and the root", emptyAndRoot, gdvar.NewDictionary(gdvar.NodePath{}, int64(2))},
		{"Godot 3.2's corrupted keys", godot3(t, deleted), gdvar.NewDictionary("[Deleted Object]", nil, "k", int64(1))},
		{"first place, last value", godot3(t, firstPlaceLastValue), gdvar.NewDictionary("a", int64(3), gdvar.Vector2{X: 1}, int64(4))},
		{"objects, each itself", godot3(t, twoObjects), renamed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			require.NoError(t, Values(&out, bytes.NewReader(tc.in)))
			assert.Equal(t, godot4(t, tc.want), out.Bytes())
		})
	}
	m, err := Value(deleted) // as read from text
	require.NoError(t, err)
	assert.Equal(t, 2, m.(*gdvar.Dictionary).Len())
	assert.Equal(t, 3, deleted.Len(), "the input is left as it was")
}
