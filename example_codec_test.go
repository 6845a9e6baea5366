package gdvar_test

import (
	"errors"
	"fmt"

	"github.com/gdvar/gdvar"
)

// gdvar's settings are a Codec's, checked once: an invalid option is
// NewCodec's error, and the Codec, which never changes, serves any number
// of calls and goroutines. gdvar.Marshal and the other functions of the
// package are the default Codec's.
func ExampleNewCodec() {
	_, err := gdvar.NewCodec(gdvar.WithEngine(gdvar.Engine(9)))
	fmt.Println(errors.Is(err, gdvar.ErrInvalidOption))

	godot3, err := gdvar.NewCodec(gdvar.WithEngine(gdvar.Godot3))
	if err != nil {
		fmt.Println(err)
		return
	}
	b3, _ := godot3.Marshal(map[string]any{}) // Godot 3 numbers Dictionary 18
	b4, _ := gdvar.Marshal(map[string]any{})  // Godot 4, 27
	fmt.Println(b3[0], b4[0])

	// A Decoder keeps its Codec's settings across Reset.
	dec := godot3.NewDecoderBytes(nil)
	dec.ResetBytes(b3)
	tok, _ := dec.ReadToken()
	fmt.Println(tok.Type())
	// Output:
	// true
	// 18 27
	// Dictionary
}

// Convert turns a value of the generic form, as Unmarshal into an any or
// vartext gives it, into a Go value.
func ExampleCodec_Convert() {
	type Player struct {
		Name string
		HP   int
	}
	generic := map[string]any{"name": "ann", "hp": int64(7)}
	var p Player
	if err := gdvar.MustCodec().Convert(generic, &p); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", p)
	// Output: {Name:ann HP:7}
}
