package vartext

import (
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUnmarshalSyntax(t *testing.T) {
	for _, tc := range []struct {
		text string
		want any
	}{
		{"  7 ; a comment\n", int64(7)},
		{"-9223372036854775809", int64(math.MinInt64)}, // clamped, as Godot does
		{"1e2", 100.0},
		{"-inf", math.Inf(-1)},
		{"-inf.0", math.Inf(-1)},
		{`"a\u00e9\U01F3AE\uD83C\uDFAE\q\n"`, "aé🎮🎮q\n"},
		{`&"x"`, gdvar.StringName("x")},
		{`^"/root/a:b"`, gdvar.ParseNodePath("/root/a:b")},
		{`StringName("y")`, gdvar.StringName("y")},
		{"RID(5)", gdvar.RID(5)},
		{"RID()", gdvar.RID(0)},
		{"[1, 2,]", []any{int64(1), int64(2)}},
		{"Quat( 0, 0, 0, 1 )", gdvar.Quaternion{W: 1}},
		{"Color(1, 0, 0)", gdvar.Color{R: 1, A: 1}},
		{"Vector2i(-1, 2)", gdvar.Vector2i{X: -1, Y: 2}},
		{"PoolIntArray( 1, -1 )", []int32{1, -1}},
		{`PackedByteArray("AQID")`, []byte{1, 2, 3}},
		{"PackedVector2Array(1, 2, 3, 4)", []gdvar.Vector2{{X: 1, Y: 2}, {X: 3, Y: 4}}},
		{"Array[Variant]([])", []any{}},
		{"Array[Node]([null])", gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "Node"}, Values: []any{nil}}},
		{"Array[Object]([])", gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeObject}, Values: []any{}}},
		{`Object(EncodedObjectAsID,"object_id":-1,"script":null)`, gdvar.ObjectID(math.MaxUint64)},
		{`Object(Node,"name":"n")` + "\n", &gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "name", Value: "n"}}}},
		{`{"a": 1, "a": 2}`, gdvar.NewDictionary("a", int64(2))},
	} {
		var v any
		require.NoError(t, Unmarshal([]byte(tc.text), &v), tc.text)
		assert.Equal(t, tc.want, v, tc.text)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	for _, tc := range []struct {
		text      string
		line, col int
		msg       string
	}{
		{"", 1, 1, "no value"},
		{"[1,\n 2", 2, 3, "want ',' or ']'"},
		{"Vector2(1)", 1, 11, "takes 2 numbers"},
		{"Vector9(1)", 1, 1, `unknown name "Vector9"`},
		{`"abc`, 1, 5, "unterminated string"},
		{"1 2", 1, 3, "text after the value"},
		{"1.5e", 1, 1, "bad number exponent"},
		{"PackedByteArray(256)", 1, 17, "out of range"},
		{"{1 2}", 1, 4, "want ':'"},
		{"Array[Nil]([])", 1, 7, "not an element type"},
		{strings.Repeat("[", 1025) + strings.Repeat("]", 1025), 1, 1025, "nested deeper than 1024"},
	} {
		var v any
		err := Unmarshal([]byte(tc.text), &v)
		var se *SyntaxError
		if !assert.True(t, errors.As(err, &se), "%q: %v", tc.text, err) {
			continue
		}
		assert.Equal(t, tc.line, se.Line, tc.text)
		assert.Equal(t, tc.col, se.Column, tc.text)
		assert.Contains(t, se.Msg, tc.msg, tc.text)
	}
}

func TestDecoderSequence(t *testing.T) {
	d := mustDecoder(t, strings.NewReader("1\n\"two\"\n[3]\n"))
	var got []any
	var ends []int64
	for {
		var v any
		err := d.Decode(&v)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, v)
		ends = append(ends, d.InputOffset())
	}
	assert.Equal(t, []any{int64(1), "two", []any{int64(3)}}, got)
	assert.Equal(t, []int64{1, 7, 11}, ends)
}

func TestUnmarshalIntoGoTypes(t *testing.T) {
	var p struct {
		Name string
		Pos  gdvar.Vector3
		HP   float32 `gdvar:"hp"`
	}
	require.NoError(t, Unmarshal([]byte(`{"name": "a", "pos": Vector3(1, 2, 3), "hp": 99.5}`), &p))
	assert.Equal(t, "a", p.Name)
	assert.Equal(t, gdvar.Vector3{X: 1, Y: 2, Z: 3}, p.Pos)
	assert.Equal(t, float32(99.5), p.HP)
}

func TestMarshalGoValues(t *testing.T) {
	type player struct {
		Name string
		HP   int
	}
	text, err := Marshal([]player{{"a", 3}})
	require.NoError(t, err)
	assert.Equal(t, "[{\n\"hp\": 3,\n\"name\": \"a\"\n}]", string(text))

	_, err = Marshal(gdvar.InputEvent{}, WithDialect(Godot2))
	assert.ErrorIs(t, err, ErrNoTextForm)
}

func TestDialectNames(t *testing.T) {
	v := []any{gdvar.Transform2D{}, []byte{1}, gdvar.Quaternion{}, []string{"a"}}
	for d, want := range map[Dialect]string{
		Godot4:  `[Transform2D(0, 0, 0, 0, 0, 0), PackedByteArray(1), Quaternion(0, 0, 0, 0), PackedStringArray("a")]`,
		Godot3:  `[ Transform2D( 0, 0, 0, 0, 0, 0 ), PoolByteArray( 1 ), Quat( 0, 0, 0, 0 ), PoolStringArray( "a" ) ]`,
		Godot2:  `[ Matrix32( 0, 0, 0, 0, 0, 0 ), RawArray( 1 ), Quat( 0, 0, 0, 0 ), StringArray( "a" ) ]`,
		Godot32: `[ Transform2D( 0, 0, 0, 0, 0, 0 ), PoolByteArray( 1 ), Quat( 0, 0, 0, 0 ), PoolStringArray( "a" ) ]`,
	} {
		text, err := Marshal(v, WithDialect(d))
		require.NoError(t, err)
		assert.Equal(t, want, string(text), d.String())
		var back any
		require.NoError(t, Unmarshal(text, &back, WithDialect(d)))
		assert.Equal(t, v, back, d.String())
	}
}

// Resource("path") is the resource the engine loads from the path (as
// ExtResource and SubResource are in str_to_var): an object of class
// Resource with the one property resource_path, printed back as the engine
// prints such a resource, the path as it is. Any other object of class
// Resource prints as an Object.
func TestResourcePath(t *testing.T) {
	res := func(path any) *gdvar.Object {
		return &gdvar.Object{Class: "Resource", Properties: []gdvar.Property{{Name: "resource_path", Value: path}}}
	}
	for _, tc := range []struct {
		text    string
		dialect Dialect
		want    any
		printed string
	}{
		{`Resource("res://a.gd")`, Godot4, res("res://a.gd"), `Resource("res://a.gd")`},
		{`Resource( "res://a.gd" )`, Godot3, res("res://a.gd"), `Resource( "res://a.gd")`},
		{`ExtResource("1_x")`, Godot4, res("1_x"), `Resource("1_x")`},
		{`[SubResource ( "a\"b" ), 1]`, Godot4, []any{res(`a"b`), int64(1)}, `[Resource("a"b"), 1]`},
		{`Object(Resource,"resource_path":5)`, Godot4, res(int64(5)), "Object(Resource,\"resource_path\":5)\n"},
		{`Object(Resource,"x":"y")`, Godot4, &gdvar.Object{Class: "Resource", Properties: []gdvar.Property{{Name: "x", Value: "y"}}}, "Object(Resource,\"x\":\"y\")\n"},
		{`{Resource("b"): Resource("a")}`, Godot4, gdvar.NewDictionary(res("b"), res("a")), "{\nResource(\"b\"): Resource(\"a\")\n}"},
	} {
		var v any
		require.NoError(t, Unmarshal([]byte(tc.text), &v, WithDialect(tc.dialect)), tc.text)
		assert.Equal(t, tc.want, v, tc.text)
		printed, err := Marshal(v, WithDialect(tc.dialect))
		require.NoError(t, err, tc.text)
		assert.Equal(t, tc.printed, string(printed), tc.text)
	}
	for _, text := range []string{`Resource(5)`, `Resource("a"`, `Resource("a", "b")`} {
		var v any
		assert.Error(t, Unmarshal([]byte(text), &v), text)
	}
}
