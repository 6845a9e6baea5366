package multiplayer

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// fitPrefix starts each message of a handler refused for its parameters.
const fitPrefix = "multiplayer: handler parameters that do not take the method's declared parameters: /root/Main.f: "

// A handler of a method with Params registers if each parameter takes
// what an argument of its declared type decodes into (int64, or any Go
// integer or float, for an int; float64 or float32 for a float; any Go
// type for an untyped one), leaving out only parameters with a default;
// otherwise SetHandler refuses it, matching ErrHandlerParams and naming
// the parameter, its declared type, the Go type given and one that fits.
// A method without Params takes any handler, as before.
func TestHandlerFitsParams(t *testing.T) {
	type S struct{ A int }
	p := func(types ...string) []Param {
		var out []Param
		for i, typ := range types {
			out = append(out, Param{Name: fmt.Sprintf("p%d", i), Type: typ})
		}
		return out
	}
	issue := []Param{{Name: "add_to_left", Type: "int"}}
	withDefault := []Param{{Name: "a", Type: "int"}, {Name: "b", Type: "float", Default: true}}
	for _, tc := range []struct {
		name   string
		params []Param // nil: a method without Params
		vararg bool
		fn     any
		want   string // "": registers
	}{
		{"bool for an int (issue 72)", issue, false, func(*Call, bool) {},
			"parameter 0 (add_to_left) is declared int, the handler takes it as bool; int64 fits"},
		{"bool for a float", []Param{{Name: "for_left", Type: "float"}}, false, func(*Call, bool) {},
			"parameter 0 (for_left) is declared float, the handler takes it as bool; float64 fits"},
		{"an integer for a float", p("float"), false, func(*Call, int64) {}, "parameter 0 (p0) is declared float, the handler takes it as int64; float64 fits"},
		{"a string for a float", p("float"), false, func(*Call, string) {}, "parameter 0 (p0) is declared float, the handler takes it as string; float64 fits"},
		{"an integer for a String", p("String"), false, func(*Call, int64) {}, "parameter 0 (p0) is declared String, the handler takes it as int64; string fits"},
		{"Vector2i for Vector2", p("Vector2"), false, func(*Call, gdvar.Vector2i) {}, "parameter 0 (p0) is declared Vector2, the handler takes it as gdvar.Vector2i; gdvar.Vector2 fits"},
		{"strings for Array[int]", p("Array[int]"), false, func(*Call, []string) {}, "parameter 0 (p0) is declared Array[int], the handler takes it as []string; []int64 fits"},
		{"a slice for a Dictionary", p("Dictionary[String, int]"), false, func(*Call, []any) {},
			"parameter 0 (p0) is declared Dictionary[String, int], the handler takes it as []any; map[string]int64 fits"},
		{"a string for a Node", p("Node"), false, func(*Call, string) {}, "parameter 0 (p0) is declared Node, the handler takes it as string; gdvar.ObjectID fits"},
		{"an interface with methods", p("int"), false, func(*Call, fmt.Stringer) {}, "parameter 0 (p0) is declared int, the handler takes it as fmt.Stringer; int64 fits"},
		{"the second parameter", p("int", "Vector2"), false, func(*Call, int64, string) error { return nil },
			"parameter 1 (p1) is declared Vector2, the handler takes it as string; gdvar.Vector2 fits"},
		{"a variadic parameter's element", p("int", "String"), false, func(*Call, int64, ...int64) {},
			"parameter 1 (p1) is declared String, the handler takes it as int64; string fits"},
		{"no parameter for one without a default", p("int", "float"), false, func(*Call, int64) {},
			"parameter 1 (p1) is declared float without a default, the handler has no parameter for it (it takes 1); float64 fits"},
		{"no parameter for an untyped one", p("int", ""), false, func(*Call, int64) {},
			"parameter 1 (p1) is declared Variant without a default, the handler has no parameter for it (it takes 1); any fits"},
		{"a parameter too many", p("int"), false, func(*Call, int64, string) {},
			"the handler takes 2 argument(s), the method declares 1 parameter(s): no call fills the handler's parameter 1 (string)"},
		{"no variadic parameter for a rest", p("int"), true, func(*Call, int64) {},
			"the method takes further arguments (a rest parameter), the handler has no variadic parameter for them; ...any fits"},

		{"int64 for an int", issue, false, func(*Call, int64) {}, ""},
		{"narrower and unsigned integers for an int, range-checked per call", p("int", "int", "int"), false, func(*Call, int32, uint8, int) {}, ""},
		{"floats for an int", p("int", "int"), false, func(*Call, float64, float32) {}, ""},
		{"a pointer, any, RawValue", p("int", "int", "int"), false, func(*Call, *int64, any, gdvar.RawValue) {}, ""},
		{"float32 for a float, rounded", p("float"), false, func(*Call, float32) {}, ""},
		{"the string types for a String", p("String", "String", "String", "String"), false, func(*Call, string, []byte, gdvar.StringName, gdvar.NodePath) {}, ""},
		{"a string for a StringName and a NodePath", p("StringName", "NodePath"), false, func(*Call, string, string) {}, ""},
		{"any sequence for an untyped Array", p("Array", "Array", "Array"), false, func(*Call, []int64, [2]string, gdvar.Array) {}, ""},
		{"sequences of a fitting element for Array[int]", p("Array[int]", "Array[int]", "Array[int]"), false, func(*Call, []int32, []any, gdvar.Array) {}, ""},
		{"sequences for a packed array", p("PackedByteArray", "PackedByteArray", "PackedVector2Array"), false, func(*Call, []byte, []int64, []gdvar.Vector2) {}, ""},
		{"maps and structs for a Dictionary", p("Dictionary", "Dictionary", "Dictionary[String, int]", "Dictionary[String, int]"), false,
			func(*Call, map[string]any, S, map[string]int64, *gdvar.Dictionary) {}, ""},
		{"an id for an object", p("Node", `"res://p.gd"`, "Object"), false, func(*Call, gdvar.ObjectID, gdvar.ObjectID, any) {}, ""},
		{"any Go type for an untyped parameter", p("", "Variant"), false, func(*Call, bool, S) {}, ""},
		{"a parameter with a default left out", withDefault, false, func(*Call, int64) {}, ""},
		{"every parameter with a default left out", withDefault[1:], false, func(*Call) {}, ""},
		{"...any", p("int", "Vector2"), false, func(*Call, ...any) error { return nil }, ""},
		{"a rest parameter's arguments", p("int"), true, func(*Call, int64, string, ...any) {}, ""},
		{"no parameters", p(), false, func(*Call) {}, ""},
		{"a method without Params", nil, false, func(*Call, bool, string, int8) {}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			meth := Method{Name: "f"}
			if tc.params != nil || tc.vararg {
				meth.Params = &Params{Fixed: tc.params, Vararg: tc.vararg}
			}
			n := MustNew().Node("/root/Main", meth)
			err := n.SetHandler("f", tc.fn)
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, ErrHandlerParams)
			assert.EqualError(t, err, fitPrefix+tc.want)
			assert.Nil(t, n.bound[n.byName("f")].handler, "no handler set")
		})
	}

	// With gdvar.AllowObjects, an object arrives whole, not as its id.
	objects := MustNew(WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true))))
	n := objects.Node("/root/Main", Method{Name: "f", Params: &Params{Fixed: p("Node", "Node", "Node")}})
	assert.NoError(t, n.SetHandler("f", func(*Call, *gdvar.Object, gdvar.Object, any) {}))
	err := n.SetHandler("f", func(*Call, gdvar.ObjectID, gdvar.Object, any) {})
	require.ErrorIs(t, err, ErrHandlerParams)
	assert.EqualError(t, err, fitPrefix+"parameter 0 (p0) is declared Node, the handler takes it as gdvar.ObjectID; *gdvar.Object fits")
}

// Handle and Handle0–3, which panic on a mistake of the program, panic
// with the same message; Handle1's type parameter is checked as a
// function's parameter.
func TestHandleWrongParams(t *testing.T) {
	want := fitPrefix + "parameter 0 (add_to_left) is declared int, the handler takes it as bool; int64 fits"
	n := MustNew().Node("/root/Main", Method{Name: "f", Params: &Params{Fixed: []Param{{Name: "add_to_left", Type: "int"}}}})
	assert.PanicsWithValue(t, want, func() { n.Handle("f", func(*Call, bool) {}) })
	assert.PanicsWithValue(t, want, func() { Handle1(n, "f", func(*Call, bool) error { return nil }) })
	assert.PanicsWithValue(t, fitPrefix+"parameter 0 (add_to_left) is declared int without a default, the handler has no parameter for it (it takes 0); int64 fits",
		func() { Handle0(n, "f", func(*Call) error { return nil }) })
	assert.NotPanics(t, func() { Handle1(n, "f", func(*Call, int64) error { return nil }) })
}

// A spawned scene's handler, set once for every node the spawner will
// spawn, is checked as a node's: it was taken whatever its types.
func TestSpawnerHandleWrongParams(t *testing.T) {
	sp := MustNew().Spawner("/root/Main/Spawner", SpawnerConfig{SpawnPath: "/root/Main/Players", Scenes: []SpawnableScene{{
		Path:  "res://player.tscn",
		Nodes: []SpawnedNode{{Path: "Gun", Methods: []Method{{Name: "fire", Mode: mode.AnyPeer, Params: &Params{Fixed: []Param{{Name: "power", Type: "float"}}}}}}},
	}}})
	assert.PanicsWithValue(t, ErrHandlerParams.Error()+": res://player.tscn Gun.fire: parameter 0 (power) is declared float, the handler takes it as string; float64 fits",
		func() { sp.Handle("res://player.tscn", "Gun", "fire", func(*Call, string) {}) })
	assert.NotPanics(t, func() { sp.Handle("res://player.tscn", "Gun", "fire", func(*Call, float64) {}) })
}

// HandlerType gives, for each declared type, the Go type its arguments
// arrive as (docs/multiplayer.md's table), which SetHandler takes; a
// rest parameter makes it variadic, a method without Params takes ...any.
func TestHandlerType(t *testing.T) {
	for _, tc := range []struct {
		typ     string
		objects bool
		want    string
	}{
		{"bool", false, "bool"}, {"int", false, "int64"}, {"float", false, "float64"}, {"String", false, "string"},
		{"StringName", false, "gdvar.StringName"}, {"NodePath", false, "gdvar.NodePath"}, {"Vector2", false, "gdvar.Vector2"},
		{"Vector3i", false, "gdvar.Vector3i"}, {"Transform3D", false, "gdvar.Transform3D"}, {"Projection", false, "gdvar.Projection"},
		{"Color", false, "gdvar.Color"}, {"RID", false, "gdvar.RID"}, {"Callable", false, "gdvar.Callable"}, {"Signal", false, "gdvar.Signal"},
		{"Array", false, "[]any"}, {"Array[int]", false, "[]int64"}, {"Array[Vector2]", false, "[]gdvar.Vector2"},
		{"Array[Node]", false, "[]gdvar.ObjectID"}, {"Array[Node]", true, "[]*gdvar.Object"},
		{"Dictionary", false, "*gdvar.Dictionary"}, {"Dictionary[String, int]", false, "map[string]int64"},
		{"Dictionary[String, Variant]", false, "map[string]any"}, {"Dictionary[int, Array[int]]", false, "map[int64][]int64"},
		{"Dictionary[Variant, int]", false, "*gdvar.Dictionary"}, {"Dictionary[Array, int]", false, "*gdvar.Dictionary"},
		{"Dictionary[Node, int]", false, "map[gdvar.ObjectID]int64"}, {"Dictionary[Node, int]", true, "*gdvar.Dictionary"},
		{"PackedByteArray", false, "[]uint8"}, {"PackedFloat32Array", false, "[]float32"}, {"PackedStringArray", false, "[]string"},
		{"PackedColorArray", false, "[]gdvar.Color"}, {"Node", false, "gdvar.ObjectID"}, {"Node", true, "*gdvar.Object"},
		{`"res://p.gd"`, false, "gdvar.ObjectID"}, {"", false, "any"}, {"Variant", false, "any"},
	} {
		t.Run(fmt.Sprintf("%s objects=%v", tc.typ, tc.objects), func(t *testing.T) {
			m := MustNew(WithCodec(gdvar.MustCodec(gdvar.AllowObjects(tc.objects))))
			n := m.Node("/root/Main", Method{Name: "f", Params: &Params{Fixed: []Param{{Name: "x", Type: tc.typ}}}})
			ft, err := n.HandlerType("f")
			require.NoError(t, err)
			assert.Equal(t, tc.want, goTypeName(ft.In(1)))
			assert.NoError(t, n.SetHandler("f", makeHandler(ft)))
		})
	}

	n := MustNew().Node("/root/Main", Method{Name: "f", Params: &Params{Fixed: []Param{{Name: "a", Type: "int"}, {Name: "b", Type: "Vector2", Default: true}}, Vararg: true}},
		Method{Name: "g"})
	ft, err := n.HandlerType("f")
	require.NoError(t, err)
	assert.Equal(t, "func(*multiplayer.Call, int64, gdvar.Vector2, ...any) error", goTypeName(ft))
	assert.NoError(t, n.SetHandler("f", makeHandler(ft)))
	ft, err = n.HandlerType("g")
	require.NoError(t, err)
	assert.Equal(t, "func(*multiplayer.Call, ...any) error", goTypeName(ft))
	_, err = n.HandlerType("h")
	assert.EqualError(t, err, `multiplayer: node /root/Main declares no method "h"`)
}

// makeHandler makes a handler of type ft that does nothing.
func makeHandler(ft reflect.Type) any {
	return reflect.MakeFunc(ft, func([]reflect.Value) []reflect.Value {
		return []reflect.Value{reflect.Zero(errorType)}
	}).Interface()
}

// Every built-in type's Go type holds its sample, as an argument, as an
// Array's element and as a Dictionary's key and value: HandlerType never
// gives a handler SetHandler refuses. Each sample is one the codec writes.
func TestGoTypeHoldsSample(t *testing.T) {
	for _, objects := range []bool{false, true} {
		r := &MustNew(WithCodec(gdvar.MustCodec(gdvar.AllowObjects(objects)))).rpc
		for typ := gdvar.TypeBool; typ <= gdvar.TypePackedVector4Array; typ++ {
			name := typ.String()
			if typ == gdvar.TypeObject {
				name = "Node"
			}
			for _, s := range []string{name, "Array[" + name + "]", "Dictionary[" + name + ", " + name + "]"} {
				at, err := parseArgType(s)
				if err != nil {
					continue // Array[Array] and the like: no parameter's type
				}
				_, err = r.cfg.codec.Marshal(at.sample(objects))
				require.NoError(t, err, s)
				assert.True(t, r.holds(at, at.goType(objects)), "%s into %s", s, at.goType(objects))
			}
		}
	}
}
