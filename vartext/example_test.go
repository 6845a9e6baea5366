package vartext_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

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

// Printing a save file's values as they are read, whatever their size: a
// Dictionary is the only value held while it is printed.
func ExampleEncoder_CopyValue() {
	var data []byte
	for _, v := range []any{int64(1), []any{"a", gdvar.Vector3{X: 1}}} {
		data, _ = gdvar.AppendMarshal(data, v)
	}
	dec := gdvar.NewDecoder(bytes.NewReader(data))
	enc := vartext.MustCodec().NewEncoder(os.Stdout)
	for enc.CopyValue(dec) == nil {
		fmt.Println()
	}
	// Output:
	// 1
	// ["a", Vector3(1, 0, 0)]
}

// Tokens made by a program print as they come; one that does not fit is
// refused, and the value goes on.
func ExampleEncoder_WriteToken() {
	enc := vartext.MustCodec(vartext.WithDialect(vartext.Godot3)).NewEncoder(os.Stdout)
	for _, t := range []gdvar.Token{
		gdvar.ArrayStartToken(2, gdvar.UntypedContainer),
		gdvar.StringNameToken("name"), // Godot 3 has no StringName
		gdvar.StringToken("name"),
		gdvar.FloatToken(0.5),
		gdvar.ArrayEndToken,
	} {
		if err := enc.WriteToken(t); err != nil {
			fmt.Println(errors.Is(err, gdvar.ErrUnexpectedToken))
		}
	}
	fmt.Println()
	// Output:
	// true
	// [ "name", 0.5 ]
}

// Text to the binary form, token by token: from a file (an io.ReadSeeker),
// DecodeTo holds neither the value nor its long strings.
func ExampleDecoder_DecodeTo() {
	text := strings.NewReader("{\"pos\": Vector2(1, 2)}\n[1, 2.5]\n")
	var out bytes.Buffer
	enc := gdvar.NewEncoder(&out)
	dec := vartext.MustCodec().NewDecoder(text)
	for dec.DecodeTo(enc) == nil {
	}
	_ = enc.Flush()
	fmt.Printf("% x\n", out.Bytes())
	// Output:
	// 1b 00 00 00 01 00 00 00 04 00 00 00 03 00 00 00 70 6f 73 00 05 00 00 00 00 00 80 3f 00 00 00 40 1c 00 00 00 02 00 00 00 02 00 00 00 01 00 00 00 03 00 00 00 00 00 20 40
}

// Text to the binary form in one pass, from any reader (here a pipe) into
// a file, which the Encoder seeks back in to fill in each count. A
// Dictionary with a key twice needs the two passes.
func ExampleDecoder_OnePass() {
	f, err := os.CreateTemp("", "example-*.bin")
	if err != nil {
		panic(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	pr, pw := io.Pipe()
	go func() {
		fmt.Fprint(pw, `{"pos": Vector2(1, 2), "tags": ["a", "b"]}`)
		pw.Close()
	}()
	enc := gdvar.NewEncoder(f)
	dec := vartext.MustCodec().NewDecoder(pr)
	dec.OnePass()
	if err := dec.DecodeTo(enc); errors.Is(err, vartext.ErrKeyTwice) {
		fmt.Println("read it again in two passes")
	} else if err != nil {
		panic(err)
	}
	_ = enc.Flush()
	data, _ := os.ReadFile(f.Name())
	var v any
	_ = gdvar.Unmarshal(data, &v)
	text, _ := vartext.Marshal(v)
	fmt.Println(string(text))

	dec = vartext.MustCodec().NewDecoder(strings.NewReader(`{"a": 1, "a": 2}`))
	dec.OnePass()
	fmt.Println(dec.DecodeTo(gdvar.NewEncoder(f)))
	// Output:
	// {
	// "pos": Vector2(1, 2),
	// "tags": ["a", "b"]
	// }
	// vartext: a Dictionary has a key twice, which one pass cannot write: decode the value again without OnePass
}

// ToBinary converts a file of text values, as gdvar encode does: in one
// pass, and again in two for a value with a key twice (the engine keeps
// the key where it came first, with the value it had last).
func ExampleToBinary() {
	src := strings.NewReader(`{"hp": 3}` + "\n" + `{"hp": 1, "mp": 2, "hp": 3}`)
	for {
		var bin bytes.Buffer
		err := vartext.ToBinary(&bin, src)
		if err == io.EOF {
			break
		} else if err != nil {
			panic(err)
		}
		var v any
		_ = gdvar.Unmarshal(bin.Bytes(), &v)
		text, _ := vartext.Marshal(v)
		fmt.Println(string(text))
	}
	// Output:
	// {
	// "hp": 3
	// }
	// {
	// "hp": 3,
	// "mp": 2
	// }
}

// Godot reads the digits var_to_str prints for some floats as another
// number; WithExactFloats writes digits it reads exactly.
func ExampleWithExactFloats() {
	var v float64
	if err := vartext.Unmarshal([]byte("-5.75179e+32"), &v); err != nil { // as Godot reads it
		panic(err)
	}
	for _, exact := range []bool{false, true} {
		text, err := vartext.Marshal(v, vartext.WithExactFloats(exact))
		if err != nil {
			panic(err)
		}
		var back float64
		if err := vartext.Unmarshal(text, &back); err != nil {
			panic(err)
		}
		fmt.Printf("%s read back the same: %v\n", text, back == v)
	}
	// Output:
	// -5.7517900000000004e+32 read back the same: false
	// -5.75179e+32 read back the same: true
}

// A Codec holds vartext's options checked once, for any number of values
// and goroutines; an invalid option is found where it is made. gdvar's
// options do not compile here: vartext.NewCodec(gdvar.WithEngine(gdvar.Godot3))
// is a type error, as the text has its own version, its dialect.
func ExampleCodec() {
	godot3, err := vartext.NewCodec(vartext.WithDialect(vartext.Godot3))
	if err != nil {
		panic(err)
	}
	for _, v := range []any{gdvar.Vector2{X: 1, Y: 2}, gdvar.Quaternion{W: 1}} {
		text, err := godot3.Marshal(v)
		if err != nil {
			panic(err)
		}
		fmt.Println(string(text))
	}
	_, err = vartext.NewCodec(vartext.WithDialect(9))
	fmt.Println(err)
	// Output:
	// Vector2( 1, 2 )
	// Quat( 0, 0, 0, 1 )
	// gdvar: invalid option: vartext.WithDialect(9): unknown dialect
}
