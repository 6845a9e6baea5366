package varjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/varjson"
)

func Example() {
	// The bytes of var_to_bytes({"name": "a", "pos": Vector3(1, 2, 3), 7: [1.5]}).
	data, _ := gdvar.Marshal(gdvar.NewDictionary("name", "a", "pos", gdvar.Vector3{X: 1, Y: 2, Z: 3}, int64(7), []any{1.5}))
	var v any
	_ = gdvar.Unmarshal(data, &v)
	js, _ := varjson.Marshal(v)
	fmt.Println(string(js))

	// Back from JSON to exactly the same bytes.
	var back any
	_ = varjson.Unmarshal(js, &back)
	again, _ := gdvar.Marshal(back)
	fmt.Println(string(again) == string(data))
	// Output:
	// {"$Dictionary":[["name","a"],["pos",{"$Vector3":[1.0,2.0,3.0]}],[7,[1.5]]]}
	// true
}

// An Encoder prints straight from the binary form, token by token. Given a
// first pass with LookAhead, it prints what Marshal prints; without, plain
// Dictionaries would come out as $Dictionary.
func ExampleEncoder() {
	data, _ := gdvar.Marshal(gdvar.NewDictionary("name", "a", "hp", int64(100), "inventory", []string{"sword", "shield"}))
	enc := varjson.NewEncoder(os.Stdout)
	if err := enc.LookAhead(gdvar.NewDecoderBytes(data)); err != nil {
		fmt.Println(err)
	}
	if err := enc.CopyValue(gdvar.NewDecoderBytes(data)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"name":"a","hp":100,"inventory":{"$PackedStringArray":["sword","shield"]}}
}

// DecodeTo writes JSON to the binary form token by token: a large Array,
// Dictionary or packed array never exists whole in memory.
func ExampleDecoder_DecodeTo() {
	js := `{"name":"a","hp":100,"pos":{"$Vector2":[1.0,2.5]}}`
	var bin bytes.Buffer
	enc := gdvar.NewEncoder(&bin)
	if err := varjson.NewDecoder(strings.NewReader(js)).DecodeTo(enc); err != nil {
		fmt.Println(err)
	}
	_ = enc.Flush()
	var v any
	_ = gdvar.Unmarshal(bin.Bytes(), &v)
	fmt.Println(v.(*gdvar.Dictionary).Get("pos"))
	// Output:
	// {1 2.5} true
}

// In one pass, into a file the Encoder seeks back in to fill in each
// count; a typed Array's "$type", which follows its elements, needs two.
func ExampleDecoder_OnePass() {
	f, err := os.CreateTemp("", "example-*.bin")
	if err != nil {
		panic(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	for _, js := range []string{`{"hp":[1,2,3]}`, `{"hp":{"$Array":[1,2,3],"$type":"int"}}`} {
		dec := varjson.NewDecoder(strings.NewReader(js))
		dec.OnePass()
		if err := dec.DecodeTo(gdvar.NewEncoder(f)); err != nil {
			fmt.Println(errors.Is(err, varjson.ErrTwoPasses))
			continue
		}
		data, _ := os.ReadFile(f.Name())
		var v map[string][]int
		fmt.Println(gdvar.Unmarshal(data, &v), v)
	}
	// Output:
	// <nil> map[hp:[1 2 3]]
	// true
}

// A save printed by gdvar json and edited with jq 1.6, which prints the
// float 100.0 as 100 and rounds an int past 2^53: given the JSON before
// the edit, each number gets its type, and its value where jq rounded it.
func ExampleDecoder_Like() {
	before := `{"speed":100.0,"hp":100,"seed":123456789012345678}`
	edited := `{"speed":250,"hp":90,"seed":123456789012345680}` // jq '.speed = 250 | .hp = 90'
	dec := varjson.NewDecoder(strings.NewReader(edited))
	dec.Like(varjson.NewDecoder(strings.NewReader(before)))
	var v any
	if err := dec.Decode(&v); err != nil {
		fmt.Println(err)
		return
	}
	for _, k := range []string{"speed", "hp", "seed"} {
		x, _ := v.(*gdvar.Dictionary).Get(k)
		fmt.Printf("%s %T %v\n", k, x, x)
	}
	// Output:
	// speed float64 250
	// hp int64 90
	// seed int64 123456789012345678
}

// Converting a file of values, as gdvar json does: FromBinary guesses each
// value's forms in one pass and prints a value again, after a first pass,
// where the guess is wrong (the second Dictionary's key 2 is not a String).
func ExampleFromBinary() {
	var input []byte
	for _, v := range []any{
		gdvar.NewDictionary("hp", int64(3)),
		gdvar.NewDictionary("a", int64(1), int64(2), "b"),
	} {
		bin, _ := gdvar.Marshal(v)
		input = append(input, bin...)
	}
	src := bytes.NewReader(input) // any io.ReadSeeker: an *os.File
	for {
		err := varjson.FromBinary(os.Stdout, src)
		if err == io.EOF {
			break
		} else if err != nil {
			panic(err)
		}
		fmt.Println()
	}
	// Output:
	// {"hp":3}
	// {"$Dictionary":[["a",1],[2,"b"]]}
}

// The way back: ToBinary writes each value in one pass, and in two where
// one pass cannot (a typed Array's "$type" comes after its elements).
func ExampleToBinary() {
	src := strings.NewReader(`{"hp":[1,2,3]}` + "\n" + `{"hp":{"$Array":[1,2,3],"$type":"int"}}`)
	for {
		var bin bytes.Buffer
		err := varjson.ToBinary(&bin, src)
		if err == io.EOF {
			break
		} else if err != nil {
			panic(err)
		}
		var v map[string][]int
		fmt.Println(gdvar.Unmarshal(bin.Bytes(), &v), v, bin.Len())
	}
	// Output:
	// <nil> map[hp:[1 2 3]] 52
	// <nil> map[hp:[1 2 3]] 56
}
