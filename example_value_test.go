package gdvar_test

import (
	"errors"
	"fmt"

	"github.com/gdvar/gdvar"
)

// Decode a packet from a Godot game into a Go struct. Keys are matched the
// way Godot code writes them (snake_case), and Marshal writes them so.
func ExampleUnmarshal() {
	type Player struct {
		ID       int
		Name     string
		Pos      gdvar.Vector3
		HitPoint float64  `gdvar:"hp"`
		Tags     []string `gdvar:",array"`
		Alive    bool
	}
	// var_to_bytes({"id": 7, "name": "ada", "pos": Vector3(1, 2, 3), "hp": 87.5, "tags": ["red"], "alive": true})
	packet, _ := gdvar.Marshal(gdvar.NewDictionary(
		"id", 7, "name", "ada", "pos", gdvar.Vector3{X: 1, Y: 2, Z: 3},
		"hp", 87.5, "tags", []any{"red"}, "alive", true))

	var p Player
	if err := gdvar.Unmarshal(packet, &p); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", p)
	// Output: {ID:7 Name:ada Pos:{X:1 Y:2 Z:3} HitPoint:87.5 Tags:[red] Alive:true}
}

// Build a typed array, Array[int]([1, 2]) in GDScript.
func ExampleArray() {
	ints := gdvar.Array{
		Type:   gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt},
		Values: []any{1, 2},
	}
	b, _ := gdvar.Marshal(ints)
	fmt.Printf("% x\n", b)
	// Output: 1c 00 01 00 02 00 00 00 02 00 00 00 02 00 00 00 01 00 00 00 02 00 00 00 02 00 00 00
}

// Read a Dictionary keeping its order and its keys of any type.
func ExampleDictionary() {
	b, _ := gdvar.Marshal(gdvar.NewDictionary("z", 1, gdvar.Vector2{X: 1, Y: 2}, "at", 3, 1.5))
	var v any
	if err := gdvar.Unmarshal(b, &v); err != nil {
		fmt.Println(err)
		return
	}
	d := v.(*gdvar.Dictionary)
	for k, v := range d.All() {
		fmt.Printf("%v: %v\n", k, v)
	}
	at, _ := d.Get(gdvar.Vector2{X: 1, Y: 2})
	fmt.Println(at)
	// Output:
	// z: 1
	// {1 2}: at
	// 3: 1.5
	// at
}

// What an interface{} receives: Godot types as gdvar's Go types.
func ExampleUnmarshal_interface() {
	b, _ := gdvar.Marshal([]any{1, 0.5, "s", gdvar.StringName("n"), gdvar.ParseNodePath("/root/a:b"), []float32{1, 2}})
	var v any
	_ = gdvar.Unmarshal(b, &v)
	for _, x := range v.([]any) {
		fmt.Printf("%T %v\n", x, x)
	}
	// Output:
	// int64 1
	// float64 0.5
	// string s
	// gdvar.StringName n
	// gdvar.NodePath /root/a:b
	// []float32 [1 2]
}

// Type errors name the path, the Godot type and the Go field.
func ExampleUnmarshalTypeError() {
	type Player struct{ Pos string }
	b, _ := gdvar.Marshal([]any{gdvar.NewDictionary("pos", gdvar.Vector3{})})
	var players []Player
	fmt.Println(gdvar.Unmarshal(b, &players))
	// Output: gdvar: $[0]["pos"]: cannot unmarshal Vector3 into Go field Player.Pos of type string
}

// Refuse keys that name no field, as encoding/json's
// DisallowUnknownFields does: a typo, or a peer sending more than agreed.
func ExampleDisallowUnknownFields() {
	type Player struct {
		Name string
		HP   int64
	}
	data, _ := gdvar.Marshal([]any{map[string]any{"name": "ann", "hp": 7, "mana": 3}})
	var players []Player
	err := gdvar.MustCodec(gdvar.DisallowUnknownFields(true)).Unmarshal(data, &players)
	var ue *gdvar.UnknownFieldError
	if errors.As(err, &ue) {
		fmt.Println(ue.Path, ue.Key, errors.Is(err, gdvar.ErrUnknownField))
	}
	fmt.Println(err)
	// Output:
	// $[0]["mana"] mana true
	// gdvar: $[0]["mana"]: unknown field "mana" of Go type gdvar_test.Player
}
