package vartext_test

import (
	"fmt"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

func ExampleMarshal() {
	// The bytes of var_to_bytes({"pos": Vector2(1, 2.5), "hp": 0.1}).
	data, _ := gdvar.Marshal(gdvar.NewDictionary("pos", gdvar.Vector2{X: 1, Y: 2.5}, "hp", 0.1))
	var v any
	_ = gdvar.Unmarshal(data, &v)
	text, _ := vartext.Marshal(v)
	fmt.Println(string(text))
	text, _ = vartext.Marshal(v, vartext.WithDialect(vartext.Godot3))
	fmt.Println(string(text))
	// Output:
	// {
	// "hp": 0.1,
	// "pos": Vector2(1, 2.5)
	// }
	// {
	// "hp": 0.1,
	// "pos": Vector2( 1, 2.5 )
	// }
}

func ExampleUnmarshal() {
	var v any
	_ = vartext.Unmarshal([]byte(`Array[int]([1, 2])`), &v)
	fmt.Printf("%#v\n", v.(gdvar.Array).Values)
	data, _ := gdvar.Marshal(v)
	fmt.Printf("% x\n", data)
	// Output:
	// []interface {}{1, 2}
	// 1c 00 01 00 02 00 00 00 02 00 00 00 02 00 00 00 01 00 00 00 02 00 00 00 02 00 00 00
}
