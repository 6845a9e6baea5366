package varjson

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The form of each kind of value, as the package documents it; each comes
// back as the same value.
func TestForms(t *testing.T) {
	for _, tc := range []struct {
		v    any
		json string
	}{
		{nil, `null`},
		{true, `true`},
		{int64(-7), `-7`},
		{2.5, `2.5`},
		{100.0, `100.0`},
		{1e300, `1e+300`},
		{math.Copysign(0, -1), `-0.0`},
		{math.Inf(-1), `{"$float":"-inf"}`},
		{math.Float64frombits(0x7ff8000000000000), `{"$float":"nan"}`},
		{math.Float64frombits(0x7ff8000000000001), `{"$float":"nan(0x7ff8000000000001)"}`},
		{"tab\t\"q\" \x01 ✓", `"tab\t\"q\" \u0001 ✓"`},
		{gdvar.StringName("sn"), `{"$StringName":"sn"}`},
		{gdvar.ParseNodePath("/root/a:b"), `{"$NodePath":"/root/a:b"}`},
		{gdvar.RID(12), `{"$RID":12}`},
		{gdvar.ObjectID(math.MaxUint64), `{"$ObjectID":18446744073709551615}`},
		{&gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "name", Value: "n"}}}, `{"$Object":"Node","$properties":{"name":"n"}}`},
		{gdvar.Callable{}, `{"$Callable":null}`},
		{gdvar.Signal{Name: "pressed", Object: 34}, `{"$Signal":"pressed","$object":34}`},
		{[]any{int64(1), "a"}, `[1,"a"]`},
		{gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}, Values: []any{int64(1)}}, `{"$Array":[1],"$type":"int"}`},
		{gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "Node"}, Values: []any{}}, `{"$Array":[],"$type":{"$class":"Node"}}`},
		{gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://a.gd"}, Values: []any{}}, `{"$Array":[],"$type":{"$script":"res://a.gd"}}`},
		{gdvar.Array{Shared: true, Values: []any{}}, `{"$Array":[],"$shared":true}`},
		{gdvar.NewDictionary("z", int64(1), "a", 2.0), `{"z":1,"a":2.0}`},
		{&gdvar.Dictionary{}, `{}`},
		{gdvar.NewDictionary(int64(1), "a", "$x", nil), `{"$Dictionary":[[1,"a"],["$x",null]]}`},
		{&gdvar.Dictionary{KeyType: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeString}}, `{"$Dictionary":[],"$key_type":"String"}`},
		// The outer types outlive the inner Dictionary's (a Decoder's token
		// extras are reused by the next typed container).
		{typedDict(gdvar.TypeInt, int64(1), typedDict(gdvar.TypeString)), `{"$Dictionary":[[1,{"$Dictionary":[],"$key_type":"String"}]],"$key_type":"int"}`},
		{gdvar.Vector2{X: 0.1, Y: 2.5}, `{"$Vector2":[0.1,2.5],"$wide":true}`},
		{gdvar.Vector2{X: float64(float32(0.1)), Y: 2.5}, `{"$Vector2":[0.1,2.5]}`},
		{gdvar.Vector2i{X: 1, Y: -2}, `{"$Vector2i":[1,-2]}`},
		{gdvar.Color{R: 1, G: 0.5, B: 0.1, A: 1}, `{"$Color":[1.0,0.5,0.1,1.0]}`},
		{gdvar.Transform2D{X: gdvar.Vector2{X: 1}, Y: gdvar.Vector2{Y: 1}, Origin: gdvar.Vector2{X: 3, Y: 4}}, `{"$Transform2D":[1.0,0.0,0.0,1.0,3.0,4.0]}`},
		{[]byte{1, 2, 3}, `{"$PackedByteArray":"AQID"}`},
		{[]int32{1, -1}, `{"$PackedInt32Array":[1,-1]}`},
		{[]int64{1 << 40}, `{"$PackedInt64Array":[1099511627776]}`},
		{[]float32{0.1, float32(math.Inf(1))}, `{"$PackedFloat32Array":[0.1,{"$float":"inf"}]}`},
		{[]float64{0.1}, `{"$PackedFloat64Array":[0.1]}`},
		{[]string{"a", ""}, `{"$PackedStringArray":["a",""]}`},
		{[]gdvar.Vector2{{X: 1, Y: 2}}, `{"$PackedVector2Array":[[1.0,2.0]]}`},
		{[]gdvar.Vector3{{X: 0.1}}, `{"$PackedVector3Array":[[0.1,0.0,0.0]],"$wide":true}`},
		{[]gdvar.Color{{R: 1, A: 1}}, `{"$PackedColorArray":[[1.0,0.0,0.0,1.0]]}`},
		{gdvar.Image{ImageHeader: gdvar.ImageHeader{Format: 4, Width: 1, Height: 1}, Data: []byte{9}}, `{"$Image":{"format":4,"mipmaps":0,"width":1,"height":1},"$data":"CQ=="}`},
		{gdvar.InputEvent{Type: 1, Fields: []uint32{0, 65}}, `{"$InputEvent":{"type":1,"device":0,"fields":[0,65]}}`},
		{gdvar.RawValue{2, 0, 1, 0, 5, 0, 0, 0, 0, 0, 0, 0}, `{"$Raw":"AgABAAUAAAAAAAAA"}`},
	} {
		var opts []Option
		switch tc.v.(type) {
		case gdvar.Image, gdvar.InputEvent: // Godot 2's types
			opts = append(opts, WithCodec(engineCodec(gdvar.Godot2)))
		}
		js, err := Marshal(tc.v, opts...)
		require.NoError(t, err, "%#v", tc.v)
		assert.Equal(t, tc.json, string(js))
		var back any
		require.NoError(t, Unmarshal(js, &back), tc.json)
		if f, ok := tc.v.(float64); ok && math.IsNaN(f) {
			assert.Equal(t, math.Float64bits(f), math.Float64bits(back.(float64)), tc.json)
			continue
		}
		assert.Equal(t, tc.v, back, tc.json)
	}
}

// Strings that are not UTF-8 (which Godot 3 accepts) become $Raw.
func TestInvalidUTF8IsRaw(t *testing.T) {
	v := []any{"a\xed\xa0\x80b"} // a surrogate, which Godot 3 accepts
	js, err := Marshal(v, WithCodec(engineCodec(gdvar.Godot3)))
	require.NoError(t, err)
	assert.Contains(t, string(js), `"$Raw"`)
	var back any
	require.NoError(t, Unmarshal(js, &back))
	bin, err := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Marshal(back)
	require.NoError(t, err)
	want, err := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Marshal(v)
	require.NoError(t, err)
	assert.Equal(t, want, bin)
}

func TestUnmarshalErrors(t *testing.T) {
	for _, tc := range []struct {
		json string
		msg  string
	}{
		{``, "no value"},
		{`[1,`, "line 1, column 4: unexpected EOF"},
		{`{"a" 1}`, "line 1, column 6: invalid character '1' after object name"},
		{`[1] 2`, "text after the value"},
		{`"\x"`, "invalid escape"},
		{`99999999999999999999`, "out of range"},
		{`{"$Vector2":[1]}`, "$.Vector2: too few components"},
		{`{"$Vector2":[1,2,3]}`, "takes 2 components"},
		{`{"$Bogus":1}`, "no known $ tag"},
		{`{"$Array":[],"$size":3}`, `does not take "$size"`},
		{`{"$Array":[],"$type":"Bogus"}`, "want a builtin type name"},
		{`{"a":1,"$b":2}`, "must use the $Dictionary form"},
		{`[{"$PackedInt32Array":[1, 2.5]}]`, "$[0].PackedInt32Array: want an integer"},
		{`{"$PackedByteArray":"!!"}`, "bad base64"},
		{`{"$float":"nan(0x1)"}`, "bad $float"},
		{`{"$Dictionary":[[1]]}`, "want a [key, value] pair"},
	} {
		var v any
		err := Unmarshal([]byte(tc.json), &v)
		require.Error(t, err, tc.json)
		assert.Contains(t, err.Error(), tc.msg, tc.json)
		var se *SyntaxError
		var ve *ValueError
		assert.True(t, errors.As(err, &se) || errors.As(err, &ve), "%s: %T", tc.json, err)
	}
}

// A ValueError's Offset is where the value starts, past the white space
// before it (not where the value before it ended), whichever way the
// value is read; its Path says where in the value the fault is.
func TestValueErrorOffset(t *testing.T) {
	decodeAll := func(dec *Decoder, decode func(*Decoder) error) error {
		for {
			if err := decode(dec); err != nil {
				return err
			}
		}
	}
	decode := func(dec *Decoder) error {
		var v any
		return dec.Decode(&v)
	}
	decodeTo := func(dec *Decoder) error { return dec.DecodeTo(gdvar.NewEncoder(&memfile.File{})) }
	routes := []struct {
		name string
		read func(json string) error
	}{
		{"Decode", func(json string) error { return decodeAll(NewDecoder(strings.NewReader(json)), decode) }},
		{"DecodeTo in two passes", func(json string) error { return decodeAll(NewDecoder(strings.NewReader(json)), decodeTo) }},
		{"DecodeTo in one pass", func(json string) error {
			dec := NewDecoder(struct{ io.Reader }{strings.NewReader(json)})
			dec.OnePass()
			return decodeAll(dec, decodeTo)
		}},
		{"ToBinary", func(json string) error {
			src := strings.NewReader(json)
			for {
				if err := ToBinary(&memfile.File{}, src); err != nil {
					return err
				}
			}
		}},
	}
	for _, tc := range []struct {
		name       string
		before     string // what comes before the value: its offset is len(before)
		json, path string
	}{
		{"at the input's start", "", `{"$Bogus":1}`, "$"},
		{"after white space", " \t\r\n  ", `{"$Bogus":1}`, "$"},
		{"after a value and white space", "[1]\n\n   ", `{"$Bogus":1}`, "$"},
		{"after more white space than jsontext buffers", strings.Repeat(" \n", 10000), `{"$Bogus":1}`, "$"},
		{"in an element, after a value and spaces", "[1]   ", `[1,   "x", {"$Bogus":1}]`, "$[2]"},
		{"in a tag's argument, after spaces", "  ", `{"$Vector2":[1,   "x"]}`, "$.Vector2"},
	} {
		in := tc.before + tc.json
		for _, route := range routes {
			t.Run(tc.name+"/"+route.name, func(t *testing.T) {
				var ve *ValueError
				require.ErrorAs(t, route.read(in), &ve)
				assert.Equal(t, int64(len(tc.before)), ve.Offset, "Offset in %q", in)
				assert.True(t, strings.HasPrefix(ve.Path, tc.path), "Path %s, want %s…", ve.Path, tc.path)
			})
		}
		if strings.TrimSpace(tc.before) == "" {
			var v any
			var ve *ValueError
			require.ErrorAs(t, Unmarshal([]byte(in), &v), &ve, tc.name)
			assert.Equal(t, int64(len(tc.before)), ve.Offset, "Unmarshal: Offset in %q", in)
		}
	}
}

// A syntax error gives its line and column (where jsontext places it),
// wherever the value is in a sequence of values, after long lines or many,
// whichever way the value is read (whole, streamed in two passes or in
// one) and whether the input can seek or not; but from an input that
// cannot seek, not when the error is found more than 4096 lines past it.
func TestSyntaxErrorLines(t *testing.T) {
	good := `{"a": [1, 2, {"$Vector2": [1, 2]}]}` + "\n"
	tests := []struct {
		name           string
		js             string
		line, column   int
		lostUnseekable bool
	}{
		{"first value", "[1,\n 2,\n  }", 2, 3, false},
		{"after values", strings.Repeat(good, 3) + "{\"a\":\n\t[1 2]}", 5, 5, false},
		{"after a long line", `["` + strings.Repeat("x", 100_000) + "\"]\n" + `[1,,2]`, 2, 4, false},
		{"inside a long value", "[" + strings.Repeat("1,\n", 20_000) + "1,,1]", 20_001, 3, false},
		{"after a long value and many blank lines", `"` + strings.Repeat("x", 200_000) + `"` + strings.Repeat("\n", 5000) + `[1,,2]`, 5001, 4, false},
		{"found far past", strings.Repeat("\n", 10_000) + `[1,` + strings.Repeat("\n", 10_000) + ` ]`, 10_001, 3, true},
	}
	for _, tt := range tests {
		for _, way := range []string{"Decode", "DecodeTo", "OnePass"} {
			for _, seek := range []bool{true, false} {
				var r io.Reader = strings.NewReader(tt.js)
				if !seek {
					r = struct{ io.Reader }{r}
				}
				dec := NewDecoder(r)
				var err error
				for err == nil {
					switch way {
					case "Decode":
						var v any
						err = dec.Decode(&v)
					case "DecodeTo":
						err = dec.DecodeTo(gdvar.NewEncoder(io.Discard))
					default:
						dec.OnePass()
						err = dec.DecodeTo(gdvar.NewEncoder(&memfile.File{}))
					}
				}
				var se *SyntaxError
				require.ErrorAs(t, err, &se, "%s, %s, seek %v", tt.name, way, seek)
				want := [2]int{tt.line, tt.column}
				if tt.lostUnseekable && !seek {
					want = [2]int{}
				}
				assert.Equal(t, want, [2]int{se.Line, se.Column}, "%s, %s, seek %v: %v", tt.name, way, seek, err)
			}
		}
	}
}

func TestDecoderSequence(t *testing.T) {
	d := NewDecoder(strings.NewReader("1\n{\"a\":[2]}\n\"x\"\n"))
	var got []any
	for {
		var v any
		err := d.Decode(&v)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, v)
	}
	assert.Equal(t, []any{int64(1), gdvar.NewDictionary("a", []any{int64(2)}), "x"}, got)
}

func TestUnmarshalIntoGoTypes(t *testing.T) {
	var p struct {
		Name string
		Pos  gdvar.Vector3
	}
	require.NoError(t, Unmarshal([]byte(`{"name":"a","pos":{"$Vector3":[1.0,2.0,3.0]}}`), &p))
	assert.Equal(t, "a", p.Name)
	assert.Equal(t, gdvar.Vector3{X: 1, Y: 2, Z: 3}, p.Pos)
}

// A Codec's settings reach every conversion: its engine version is that
// of the binary form (a Godot 3 Dictionary is type 18, a Godot 4 one 27),
// its limits bound what FromBinary reads. gdvar's options, an invalid one
// among them, do not compile here, and a Codec is checked where it is
// made.
func TestWithCodec(t *testing.T) {
	godot3 := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3))
	dict := gdvar.NewDictionary("a", []any{int64(1)})
	bin3, err := godot3.Marshal(dict)
	require.NoError(t, err)
	js, err := Marshal(dict, WithCodec(godot3))
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, FromBinary(&out, bytes.NewReader(bin3), WithCodec(godot3)))
	assert.Equal(t, string(js), out.String(), "FromBinary reads Godot 3's bytes")
	assert.Error(t, FromBinary(io.Discard, bytes.NewReader(bin3)), "as Godot 4's")
	var conv bytes.Buffer
	require.NoError(t, ToBinary(&conv, bytes.NewReader(js), WithCodec(godot3)))
	assert.Equal(t, bin3, conv.Bytes(), "ToBinary writes Godot 3's bytes")
	got, err := decodeTo(js, godot3)
	require.NoError(t, err)
	assert.Equal(t, bin3, got, "DecodeTo")

	tiny := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.WithLimits(gdvar.Limits{MaxContainerLen: 0, MaxStringBytes: 0, MaxDepth: 1}))
	assert.ErrorIs(t, FromBinary(io.Discard, bytes.NewReader(bin3), WithCodec(tiny)), gdvar.ErrTooDeep, "the codec's limits")
	_, err = gdvar.NewCodec(gdvar.WithEngine(gdvar.Engine(9)))
	assert.ErrorIs(t, err, gdvar.ErrInvalidOption)
}

// An error found inside a tagged value (here nesting too deep) has the
// same offset, line and column whether the value is read whole, in two
// passes or in one, from an input that can seek or not.
func TestSyntaxErrorOffsetsAgree(t *testing.T) {
	js := `"` + strings.Repeat("x", 1000) + "\"\n" + `{"$RID":` + strings.Repeat("[", 2100) + strings.Repeat("]", 2100) + "}\n"
	var want *SyntaxError
	for _, way := range []string{"Decode", "DecodeTo", "OnePass"} {
		for _, seek := range []bool{true, false} {
			var r io.Reader = strings.NewReader(js)
			if !seek {
				r = struct{ io.Reader }{r}
			}
			dec := NewDecoder(r)
			if way == "OnePass" {
				dec.OnePass()
			}
			var err error
			for err == nil {
				if way == "Decode" {
					var v any
					err = dec.Decode(&v)
				} else {
					err = dec.DecodeTo(gdvar.NewEncoder(&memfile.File{}))
				}
			}
			var se *SyntaxError
			require.ErrorAs(t, err, &se, "%s, seek %v", way, seek)
			if want == nil {
				want = se
				assert.Equal(t, 2, se.Line)
				assert.Greater(t, se.Offset, int64(1002+8))
			}
			assert.Equal(t, *want, *se, "%s, seek %v", way, seek)
		}
	}
}

// One pass and two agree on what a math value's members may be.
func TestOnePassMathMembers(t *testing.T) {
	for _, js := range []string{
		`{"$Color":[1,0,0,1],"$wide":true}`,
		`{"$Vector2":[1,2],"$wide":true}`,
		`{"$Vector2":[1,2],"$wide":1}`,
		`{"$Vector2":[1,2],"$size":1}`,
		`{"$Vector2i":[1,2],"$wide":false}`,
		`{"$Vector2":[{"$float":"inf"},2]}`,
		`{"$Vector2":[1]}`,
	} {
		two, errTwo := decodeTo([]byte(js), nil)
		one, errOne := decodeOnce([]byte(js), nil)
		assert.Equal(t, errTwo == nil, errOne == nil, "%s: %v / %v", js, errTwo, errOne)
		assert.Equal(t, two, one, js)
	}
}

// Nesting too deep for the Encoder makes one pass give up, so that two
// passes report it: as JSON nested too deep, or as a value nested too deep.
func TestOnePassTooDeep(t *testing.T) {
	for _, n := range []int{1100, 3000} {
		js := []byte(strings.Repeat("[", n) + strings.Repeat("]", n))
		_, err := decodeOnce(js, nil)
		assert.ErrorIs(t, err, ErrTwoPasses)
		_, err = decodeTo(js, nil)
		var se *SyntaxError
		if n > maxDepth {
			require.ErrorAs(t, err, &se)
			assert.Contains(t, se.Msg, "nested")
		} else {
			assert.ErrorIs(t, err, gdvar.ErrTooDeep)
		}
	}
}

// typedDict returns a Dictionary of keys of type k holding the pairs kv.
func typedDict(k gdvar.Type, kv ...any) *gdvar.Dictionary {
	d := gdvar.NewDictionary(kv...)
	d.KeyType = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: k}
	return d
}
