package gdvar

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every engine-made vector, through the generic form and back, is the
// engine's bytes.
func TestGoldenThroughAny(t *testing.T) {
	for _, set := range goldenSets {
		for _, v := range golden.Load(t, set.dir) {
			t.Run(filepath.Base(set.dir)+"/"+v.Name, func(t *testing.T) {
				opts := []Option{WithEngine(set.engine), AllowObjects(v.Objects)}
				var x any
				require.NoError(t, MustCodec(opts...).Unmarshal(v.Bin, &x))
				// wide_int_small is made by hand: a 64-bit int that fits in
				// 32 bits, which Godot never writes; it stays raw.
				_, isRaw := x.(RawValue)
				assert.Equal(t, v.Name == "wide_int_small", isRaw, "an engine-made value is decoded, not kept raw")
				got, err := MustCodec(opts...).Marshal(x)
				require.NoError(t, err)
				assert.Equal(t, v.Bin, got)
			})
		}
	}
}

// Player is the game-state record (see scripts/golden/common.gd).
type Player struct {
	ID    int
	Name  string
	Pos   Vector3
	HP    float64
	Tags  []string `gdvar:"tags,array"` // an Array of Strings in Godot, not a PackedStringArray
	Alive bool
}

func TestGameStateStruct(t *testing.T) {
	engine, err := os.ReadFile("testdata/golden/godot4/gamestate_3.bin")
	require.NoError(t, err)
	var players []Player
	require.NoError(t, Unmarshal(engine, &players))
	assert.Equal(t, []Player{
		{ID: 0, Name: "player_0", Pos: Vector3{0, 1, 0}, HP: 100, Tags: []string{"red", "vip"}, Alive: false},
		{ID: 1, Name: "player_1", Pos: Vector3{0.5, 1, -0.25}, HP: 99.5, Tags: []string{"blue"}, Alive: true},
		{ID: 2, Name: "player_2", Pos: Vector3{1, 1, -0.5}, HP: 99, Tags: []string{"red"}, Alive: true},
	}, players)
	out, err := Marshal(players)
	require.NoError(t, err)
	assert.Equal(t, engine, out, "the engine's own bytes")

	var again []Player
	require.NoError(t, Unmarshal(out, &again))
	assert.Equal(t, players, again)
}

// roundValue marshals v, unmarshals the bytes into a new value of type T.
func unmarshalAs[T any](t *testing.T, data []byte, opts ...Option) (T, error) {
	t.Helper()
	var out T
	err := MustCodec(opts...).Unmarshal(data, &out)
	return out, err
}

func mustMarshal(t *testing.T, v any, opts ...Option) []byte {
	t.Helper()
	b, err := MustCodec(opts...).Marshal(v)
	require.NoError(t, err)
	return b
}

// A table of Godot types into Go kinds: the Godot value (made by Marshal or
// by tokens), the Go type, and what comes out.
func TestUnmarshalIntoGoKinds(t *testing.T) {
	dict := NewDictionary("a", int64(1), "b", int64(2))
	tests := []struct {
		name string
		in   []byte
		into func() (any, error)
		want any
	}{
		{"bool into bool", mustMarshal(t, true), func() (any, error) { return unmarshalAs[bool](t, mustMarshal(t, true)) }, true},
		{"int into int8", nil, func() (any, error) { return unmarshalAs[int8](t, mustMarshal(t, -100)) }, int8(-100)},
		{"int into uint16", nil, func() (any, error) { return unmarshalAs[uint16](t, mustMarshal(t, 65535)) }, uint16(65535)},
		{"int into float64", nil, func() (any, error) { return unmarshalAs[float64](t, mustMarshal(t, 1<<40)) }, float64(1 << 40)},
		{"whole float into int", nil, func() (any, error) { return unmarshalAs[int](t, mustMarshal(t, 3.0)) }, 3},
		{"float into float32", nil, func() (any, error) { return unmarshalAs[float32](t, mustMarshal(t, 0.5)) }, float32(0.5)},
		{"String into string", nil, func() (any, error) { return unmarshalAs[string](t, mustMarshal(t, "héllo")) }, "héllo"},
		{"String into []byte", nil, func() (any, error) { return unmarshalAs[[]byte](t, mustMarshal(t, "ab")) }, []byte("ab")},
		{"StringName into string", nil, func() (any, error) { return unmarshalAs[string](t, mustMarshal(t, StringName("sn"))) }, "sn"},
		{"String into StringName", nil, func() (any, error) { return unmarshalAs[StringName](t, mustMarshal(t, "sn")) }, StringName("sn")},
		{"NodePath into string", nil, func() (any, error) {
			return unmarshalAs[string](t, mustMarshal(t, ParseNodePath("/root/a:b")))
		}, "/root/a:b"},
		{"String into NodePath", nil, func() (any, error) { return unmarshalAs[NodePath](t, mustMarshal(t, "a/b:c")) }, ParseNodePath("a/b:c")},
		{"Vector3 into Vector3", nil, func() (any, error) { return unmarshalAs[Vector3](t, mustMarshal(t, Vector3{1, 2, 3})) }, Vector3{1, 2, 3}},
		{"Transform3D", nil, func() (any, error) {
			return unmarshalAs[Transform3D](t, mustMarshal(t, Transform3D{Origin: Vector3{7, 8, 9}}))
		}, Transform3D{Origin: Vector3{7, 8, 9}}},
		{"Color", nil, func() (any, error) { return unmarshalAs[Color](t, mustMarshal(t, Color{1, 0.5, 0, 1})) }, Color{1, 0.5, 0, 1}},
		{"Array into []int", nil, func() (any, error) { return unmarshalAs[[]int](t, mustMarshal(t, []any{1, 2, 3})) }, []int{1, 2, 3}},
		{"Array into [4]int", nil, func() (any, error) { return unmarshalAs[[4]int](t, mustMarshal(t, []any{1, 2})) }, [4]int{1, 2, 0, 0}},
		{"Array into []any", nil, func() (any, error) { return unmarshalAs[[]any](t, mustMarshal(t, []any{1, "x", nil})) }, []any{int64(1), "x", nil}},
		{"PackedInt32Array into []int32", nil, func() (any, error) {
			return unmarshalAs[[]int32](t, mustMarshal(t, []int32{1, -1}))
		}, []int32{1, -1}},
		{"PackedInt32Array into []int", nil, func() (any, error) { return unmarshalAs[[]int](t, mustMarshal(t, []int32{1, -1})) }, []int{1, -1}},
		{"PackedFloat64Array into []float32", nil, func() (any, error) {
			return unmarshalAs[[]float32](t, mustMarshal(t, []float64{0.5, 2}))
		}, []float32{0.5, 2}},
		{"PackedStringArray into []string", nil, func() (any, error) {
			return unmarshalAs[[]string](t, mustMarshal(t, []string{"a", "", "bc"}))
		}, []string{"a", "", "bc"}},
		{"PackedByteArray into []byte", nil, func() (any, error) { return unmarshalAs[[]byte](t, mustMarshal(t, []byte{1, 2, 3})) }, []byte{1, 2, 3}},
		{"PackedVector3Array into []Vector3", nil, func() (any, error) {
			return unmarshalAs[[]Vector3](t, mustMarshal(t, []Vector3{{1, 2, 3}}))
		}, []Vector3{{1, 2, 3}}},
		{"PackedColorArray into []Color", nil, func() (any, error) {
			return unmarshalAs[[]Color](t, mustMarshal(t, []Color{{1, 0, 0, 1}}))
		}, []Color{{1, 0, 0, 1}}},
		{"Dictionary into map[string]int", nil, func() (any, error) { return unmarshalAs[map[string]int](t, mustMarshal(t, dict)) }, map[string]int{"a": 1, "b": 2}},
		{"Dictionary into map[int]string", nil, func() (any, error) {
			return unmarshalAs[map[int]string](t, mustMarshal(t, map[int]string{1: "x", 2: "y"}))
		}, map[int]string{1: "x", 2: "y"}},
		{"Dictionary into *Dictionary", nil, func() (any, error) {
			d, err := unmarshalAs[*Dictionary](t, mustMarshal(t, dict))
			return d.Keys(), err
		}, []any{"a", "b"}},
		{"Nil into *int", nil, func() (any, error) { return unmarshalAs[*int](t, mustMarshal(t, nil)) }, (*int)(nil)},
		{"int into *int", nil, func() (any, error) {
			p, err := unmarshalAs[*int](t, mustMarshal(t, 5))
			return *p, err
		}, 5},
		{"RID", nil, func() (any, error) { return unmarshalAs[RID](t, mustMarshal(t, RID(9))) }, RID(9)},
		{"ObjectID", nil, func() (any, error) { return unmarshalAs[ObjectID](t, mustMarshal(t, ObjectID(9))) }, ObjectID(9)},
		{"Signal", nil, func() (any, error) { return unmarshalAs[Signal](t, mustMarshal(t, Signal{"hit", 3})) }, Signal{"hit", 3}},
		{"Callable", nil, func() (any, error) { return unmarshalAs[Callable](t, mustMarshal(t, Callable{})) }, Callable{}},
		{"typed Array into Array", nil, func() (any, error) {
			return unmarshalAs[Array](t, mustMarshal(t, Array{Type: ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}, Values: []any{int64(1)}}))
		}, Array{Type: ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}, Values: []any{int64(1)}}},
		{"full object into *Object", nil, func() (any, error) {
			return unmarshalAs[*Object](t, mustMarshal(t, &Object{Class: "Node", Properties: []Property{{"name", "x"}}}), AllowObjects(true))
		}, &Object{Class: "Node", Properties: []Property{{"name", "x"}}}},
		{"full object into a struct", nil, func() (any, error) {
			return unmarshalAs[struct{ Name string }](t, mustMarshal(t, &Object{Class: "Node", Properties: []Property{{"name", "x"}}}), AllowObjects(true))
		}, struct{ Name string }{"x"}},
		{"String into time.Time (TextUnmarshaler)", nil, func() (any, error) {
			return unmarshalAs[time.Time](t, mustMarshal(t, "2026-11-21T10:00:00Z"))
		}, time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.into()
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// The generic form of every Godot type.
func TestUnmarshalIntoAny(t *testing.T) {
	tests := []struct {
		in   any
		want any
	}{
		{nil, nil}, {true, true}, {7, int64(7)}, {int64(1 << 40), int64(1 << 40)}, {2.5, 2.5}, {0.1, 0.1},
		{"s", "s"}, {StringName("n"), StringName("n")}, {Vector2i{1, 2}, Vector2i{1, 2}}, {Rect2{Size: Vector2{1, 1}}, Rect2{Size: Vector2{1, 1}}},
		{Vector3{0.1, 0.2, 0.3}, Vector3{0.1, 0.2, 0.3}}, {Basis{}, Basis{}}, {Projection{}, Projection{}}, {Plane{D: 1}, Plane{D: 1}},
		{Quaternion{W: 1}, Quaternion{W: 1}}, {AABB{}, AABB{}}, {Transform2D{}, Transform2D{}}, {Vector4{1, 2, 3, 4}, Vector4{1, 2, 3, 4}},
		{Vector4i{}, Vector4i{}}, {Rect2i{}, Rect2i{}}, {Vector3i{}, Vector3i{}}, {Color{}, Color{}},
		{ParseNodePath("/a:b"), ParseNodePath("/a:b")}, {RID(1), RID(1)}, {ObjectID(2), ObjectID(2)}, {Callable{}, Callable{}},
		{Signal{"s", 1}, Signal{"s", 1}}, {[]any{int64(1)}, []any{int64(1)}},
		{[]byte{1}, []byte{1}}, {[]int32{1}, []int32{1}}, {[]int64{1}, []int64{1}}, {[]float32{1}, []float32{1}}, {[]float64{1}, []float64{1}},
		{[]string{"a"}, []string{"a"}}, {[]Vector2{{1, 2}}, []Vector2{{1, 2}}}, {[]Vector3{{1, 2, 3}}, []Vector3{{1, 2, 3}}},
		{[]Vector4{{1, 2, 3, 4}}, []Vector4{{1, 2, 3, 4}}}, {[]Color{{1, 1, 1, 1}}, []Color{{1, 1, 1, 1}}},
	}
	for _, tt := range tests {
		data := mustMarshal(t, tt.in)
		var got any
		require.NoError(t, Unmarshal(data, &got), "%T", tt.in)
		assert.Equal(t, tt.want, got, "%T", tt.in)
		assert.Equal(t, data, mustMarshal(t, got), "%T writes back the same", tt.in)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	type Inner struct{ Pos string }
	players := mustMarshal(t, []any{NewDictionary("pos", Vector3{1, 2, 3})})
	tests := []struct {
		name string
		do   func() error
		msg  string
	}{
		{"type mismatch in a field", func() error {
			_, err := unmarshalAs[[]Inner](t, players)
			return err
		}, `gdvar: $[0]["pos"]: cannot unmarshal Vector3 into Go field Inner.Pos of type string`},
		{"int overflow", func() error {
			_, err := unmarshalAs[int32](t, mustMarshal(t, int64(1)<<40))
			return err
		}, "cannot unmarshal int into Go type int32: 1099511627776 overflows it"},
		{"negative into uint", func() error {
			_, err := unmarshalAs[uint](t, mustMarshal(t, -1))
			return err
		}, "cannot unmarshal int into Go type uint: -1 overflows it"},
		{"fraction into int", func() error {
			_, err := unmarshalAs[int](t, mustMarshal(t, 1.5))
			return err
		}, "cannot unmarshal float into Go type int: 1.5 is not a whole number"},
		{"float32 overflow", func() error {
			_, err := unmarshalAs[float32](t, mustMarshal(t, 1e300))
			return err
		}, "cannot unmarshal float into Go type float32: 1e+300 overflows it"},
		{"too many elements for a Go array", func() error {
			_, err := unmarshalAs[[1]int](t, mustMarshal(t, []any{1, 2}))
			return err
		}, "cannot unmarshal Array into Go type [1]int: more than 1 elements"},
		{"typed array named", func() error {
			_, err := unmarshalAs[string](t, mustMarshal(t, Array{Type: ContainerType{Kind: TypedBuiltin, Builtin: TypeInt}}))
			return err
		}, "cannot unmarshal Array[int] into Go type string"},
		{"trailing data", func() error {
			return Unmarshal(append(mustMarshal(t, 1), 0, 0, 0, 0), new(any))
		}, "trailing data after the value: 4 bytes"},
		{"empty input", func() error { return Unmarshal(nil, new(any)) }, "truncated input: no value"},
		{"not a pointer", func() error { return Unmarshal(mustMarshal(t, 1), 1) }, "Decode needs a non-nil pointer, got int"},
		{"full objects refused", func() error {
			return Unmarshal(mustMarshal(t, &Object{Class: "Node"}), new(any))
		}, "full objects not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.do()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.msg)
		})
	}
	_, err := unmarshalAs[[]Inner](t, players)
	var te *UnmarshalTypeError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, `$[0]["pos"]`, te.Path)
	assert.Equal(t, "Vector3", te.Godot)
	assert.Equal(t, "Inner.Pos", te.Field)
}

// After a type error, Decode skips the rest of the value: the next Decode
// reads the next one.
func TestDecodeSkipsAfterTypeError(t *testing.T) {
	var stream []byte
	stream = append(stream, mustMarshal(t, []any{"a", []any{1, 2}, "c"})...)
	stream = append(stream, mustMarshal(t, 42)...)
	dec := NewDecoder(bytes.NewReader(stream))
	var s []string
	require.Error(t, dec.Decode(&s))
	var n int
	require.NoError(t, dec.Decode(&n))
	assert.Equal(t, 42, n)
	assert.Equal(t, io.EOF, dec.Decode(&n))
}

func TestMarshal(t *testing.T) {
	type Emb struct{ Level int }
	type S struct {
		Emb
		HitPoints int
		Name      string `gdvar:"display_name"`
		Skip      int    `gdvar:"-"`
		Empty     string `gdvar:",omitempty"`
		Tags      []string
		TagArray  []string `gdvar:",array"`
		private   int
	}
	got, err := Marshal(S{Emb: Emb{3}, HitPoints: 10, Name: "n", Skip: 1, Tags: []string{"x"}, TagArray: []string{"y"}, private: 2})
	require.NoError(t, err)
	var d *Dictionary
	require.NoError(t, Unmarshal(got, &d))
	assert.Equal(t, []any{"level", "hit_points", "display_name", "tags", "tag_array"}, d.Keys(), "field order, snake_case, tags")
	tags, _ := d.Get("tags")
	assert.Equal(t, []string{"x"}, tags, "a []string is a PackedStringArray")
	arr, _ := d.Get("tag_array")
	assert.Equal(t, []any{"y"}, arr, "with the array option, an Array")

	// Keys are matched however Godot users write them.
	for _, key := range []string{"hit_points", "HitPoints", "hitpoints", "hitPoints"} {
		s, err := unmarshalAs[S](t, mustMarshal(t, NewDictionary(key, 5)))
		require.NoError(t, err)
		assert.Equal(t, 5, s.HitPoints, key)
	}

	// Maps are written with sorted keys.
	m := mustMarshal(t, map[string]int{"b": 2, "a": 1, "c": 3})
	require.NoError(t, Unmarshal(m, &d))
	assert.Equal(t, []any{"a", "b", "c"}, d.Keys())

	_, err = Marshal(make(chan int))
	assert.ErrorIs(t, err, ErrUnsupportedType)
	_, err = Marshal(uint64(math.MaxUint64))
	assert.ErrorIs(t, err, ErrUnsupportedType)
	_, err = MustCodec(WithEngine(Godot3)).Marshal(StringName("x"))
	assert.ErrorContains(t, err, "StringName does not exist in Godot 3")
	_, err = Marshal(RawValue{1, 2, 3})
	assert.ErrorContains(t, err, "RawValue")
	nilSlice, err := Marshal([]any(nil))
	require.NoError(t, err)
	assert.Equal(t, words(28, 0), nilSlice, "a nil slice is an empty Array")
}

func TestMarshalMathPrecision(t *testing.T) {
	exact, inexact := Vector3{1, 2, 3}, Vector3{0.1, 2, 3}
	tests := []struct {
		v    Vector3
		opts []Option
		wide bool
	}{
		{exact, nil, false},
		{inexact, nil, true},
		{inexact, []Option{WithMathPrecision(Single)}, false},
		{exact, []Option{WithMathPrecision(Double)}, true},
		{inexact, []Option{WithEngine(Godot3)}, false},
	}
	for _, tt := range tests {
		b := mustMarshal(t, tt.v, tt.opts...)
		assert.Equal(t, tt.wide, b[2] == 1, "%v %v", tt.v, tt.opts)
	}
	// A 64-bit value decoded survives.
	var v Vector3
	require.NoError(t, Unmarshal(mustMarshal(t, inexact), &v))
	assert.Equal(t, inexact, v)
}

// counter implements Marshaler and Unmarshaler: it is written as a
// StringName "n:<count>".
type counter int

func (c counter) MarshalGodot(enc *Encoder) error {
	return enc.WriteToken(StringNameToken(fmt.Sprintf("n:%d", c)))
}

func (c *counter) UnmarshalGodot(dec *Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	_, err = fmt.Sscanf(tok.Text(), "n:%d", (*int)(c))
	return err
}

func TestMarshalerInterfaces(t *testing.T) {
	b := mustMarshal(t, map[string]counter{"x": 7})
	var back map[string]counter
	require.NoError(t, Unmarshal(b, &back))
	assert.Equal(t, map[string]counter{"x": 7}, back)
	var generic map[string]any
	require.NoError(t, Unmarshal(b, &generic))
	assert.Equal(t, StringName("n:7"), generic["x"])
}

func TestRawValueField(t *testing.T) {
	type Msg struct {
		Kind string
		Body RawValue
	}
	in := mustMarshal(t, NewDictionary("kind", "move", "body", []any{Vector2{1, 2}}))
	var m Msg
	require.NoError(t, Unmarshal(in, &m))
	assert.Equal(t, "move", m.Kind)
	var body []Vector2
	require.NoError(t, Unmarshal(m.Body, &body))
	assert.Equal(t, []Vector2{{1, 2}}, body)
	assert.Equal(t, in, mustMarshal(t, m))
}

func TestDictionary(t *testing.T) {
	d := NewDictionary("a", 1, int64(1), "int", 1.0, "float", Vector2{1, 2}, "vec")
	d.Set([]any{int64(1)}, "array")
	v, ok := d.Get(int64(1))
	assert.True(t, ok)
	assert.Equal(t, "int", v, "an int key and a float key are different")
	v, _ = d.Get(1.0)
	assert.Equal(t, "float", v)
	v, _ = d.Get(Vector2{1, 2})
	assert.Equal(t, "vec", v)
	v, _ = d.Get([]any{int64(1)})
	assert.Equal(t, "array", v, "a key Go cannot compare is found by deep equality")
	d.Set("a", 2)
	assert.Equal(t, []any{"a", int64(1), 1.0, Vector2{1, 2}, []any{int64(1)}}, d.Keys(), "Set keeps the order")
	assert.True(t, d.Delete(1.0))
	assert.False(t, d.Delete(1.0))
	assert.Equal(t, 4, d.Len())
	var keys []any
	for k := range d.All() {
		keys = append(keys, k)
	}
	assert.Equal(t, d.Keys(), keys)

	// Decoding keeps duplicate keys as the input has them; lookups find the
	// last, as Godot keeps it.
	dup := words(27, 2, 4, 1, 0x6b, 2, 1, 4, 1, 0x6b, 2, 2)
	var x any
	require.NoError(t, Unmarshal(dup, &x))
	v, _ = x.(*Dictionary).Get("k")
	assert.Equal(t, int64(2), v)
	assert.Equal(t, dup, mustMarshal(t, x))
}

// Odd but accepted encodings come back as RawValue and are written back
// unchanged.
func TestUnmarshalKeepsOddEncodings(t *testing.T) {
	for _, data := range [][]byte{
		words(2|1<<16, 5, 0),                // a 64-bit int that fits in 32 bits
		words(1, 2),                         // a bool word of 2
		words(4, 1, 0x09090961),             // garbage padding
		words(2|0x7f00, 5),                  // header bits Godot ignores
		words(34, 1, 2, 0x6261),             // a PackedStringArray element without its NUL
		words(34, 0xffffffff),               // a PackedStringArray with a negative count
		append(words(29, 1), 7),             // a PackedByteArray without padding at the end
		words(3, 0x7fc00000),                // NaN with 32 bits
		words(5|1<<16, 0, 0x3ff00000, 0, 0), // a 64-bit Vector2 whose reals fit in 32 bits
		words(28, 2, 2, 1, 1, 2),            // the odd value inside an Array
	} {
		var v any
		require.NoError(t, Unmarshal(data, &v), "%x", data)
		assert.Equal(t, data, mustMarshal(t, v), "%x as %#v", data, v)
	}
}

// With Semantic, the same encodings give what they mean, and Marshal writes
// that the way Godot would.
func TestUnmarshalSemantic(t *testing.T) {
	for _, tc := range []struct {
		data []byte
		want any
	}{
		{words(2|1<<16, 5, 0), int64(5)},
		{words(1, 2), true},
		{words(4, 1, 0x09090961), "a"},
		{words(2|0x7f00, 5), int64(5)},
		{words(34, 1, 2, 0x6261), []string{"ab"}},
		{append(words(29, 1), 7), []byte{7}},
		{words(5|1<<16, 0, 0x3ff00000, 0, 0), Vector2{1, 0}},
		{words(28, 2, 2, 1, 1, 2), []any{int64(1), true}},
	} {
		var v any
		require.NoError(t, MustCodec(Semantic(true)).Unmarshal(tc.data, &v), "%x", tc.data)
		assert.Equal(t, tc.want, v, "%x", tc.data)
		assert.NotEqual(t, tc.data, mustMarshal(t, v), "%x is written as Godot writes it", tc.data)
	}
}

// Unmarshal allocates for what the input holds, not what it declares.
func TestUnmarshalDoesNotTrustCounts(t *testing.T) {
	for _, data := range [][]byte{
		words(28, 1<<24, 0),
		words(27, 1<<24, 0),
		words(30, 1<<25, 1),
		words(34, 1<<24, 0),
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var v any
		err := Unmarshal(data, &v)
		runtime.ReadMemStats(&after)
		assert.ErrorIs(t, err, ErrTruncated)
		assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "%x", data)
	}
}

// The game-state records Godot 3.6 and 3.2 wrote decode with the Godot 3
// table into the same struct.
func TestGameStateStructGodot3(t *testing.T) {
	for _, dir := range []string{"godot3.6", "godot3.2"} {
		data, err := os.ReadFile("testdata/golden/" + dir + "/gamestate_3.bin")
		require.NoError(t, err)
		var players []Player
		require.NoError(t, MustCodec(WithEngine(Godot3)).Unmarshal(data, &players))
		require.Len(t, players, 3)
		assert.Equal(t, Player{ID: 1, Name: "player_1", Pos: Vector3{0.5, 1, -0.25}, HP: 99.5, Tags: []string{"blue"}, Alive: true}, players[1])
		assert.Equal(t, data, mustMarshal(t, players, WithEngine(Godot3)), dir)
	}
}

// Each Godot type refused by Go types it does not fit, with both named.
func TestUnmarshalMismatches(t *testing.T) {
	tests := []struct {
		in     any
		target any
		godot  string
	}{
		{[]any{1}, new(map[string]int), "Array"},
		{[]any{1}, new(struct{ A int }), "Array"},
		{NewDictionary("a", 1), new([]int), "Dictionary"},
		{"s", new(int), "String"},
		{1, new(string), "int"},
		{1.5, new(bool), "float"},
		{true, new(float64), "bool"},
		{Vector2{}, new(Vector3), "Vector2"},
		{[]int32{1}, new([]string), "PackedInt32Array"},
		{[]string{"a"}, new([]int), "PackedStringArray"},
		{RID(1), new(ObjectID), "RID"},
		{ObjectID(1), new(RID), "Object"},
		{Color{}, new(Vector4), "Color"},
		{Signal{}, new(Callable), "Signal"},
		{StringName("x"), new(Vector2), "StringName"},
		{ParseNodePath("a"), new(int), "NodePath"},
	}
	for _, tt := range tests {
		err := Unmarshal(mustMarshal(t, tt.in), tt.target)
		var te *UnmarshalTypeError
		if assert.ErrorAs(t, err, &te, "%T into %T", tt.in, tt.target) {
			assert.Equal(t, tt.godot, te.Godot)
			assert.Equal(t, reflect.TypeOf(tt.target).Elem(), te.Type)
		}
	}
}

func TestAppendMarshal(t *testing.T) {
	dst := []byte{9, 9, 9, 9}
	out, err := AppendMarshal(dst, []any{1, "x"})
	require.NoError(t, err)
	assert.Equal(t, append([]byte{9, 9, 9, 9}, mustMarshal(t, []any{1, "x"})...), out)
	n := testing.AllocsPerRun(100, func() {
		out, _ = AppendMarshal(out[:0], 42)
	})
	assert.LessOrEqual(t, n, 2.0, "allocations when dst has room")
}

func TestDictionaryLarge(t *testing.T) {
	d := NewDictionary()
	for i := range 100 {
		d.Set(int64(i), i*i)
	}
	v, ok := d.Get(int64(42))
	assert.True(t, ok)
	assert.Equal(t, 42*42, v)
	back, err := unmarshalAs[*Dictionary](t, mustMarshal(t, d))
	require.NoError(t, err)
	assert.True(t, d.Equal(back) == false, "the values' types differ: int in, int64 out")
	again, err := unmarshalAs[*Dictionary](t, mustMarshal(t, back))
	require.NoError(t, err)
	_, _ = back.Get(int64(1))
	assert.True(t, back.Equal(again))
	assert.True(t, d.Delete(int64(0)))
	v, _ = d.Get(int64(99))
	assert.Equal(t, 99*99, v)
}

// TestMarshalNaNKey checks a map with NaN keys, which finding a value by
// its key cannot: each entry is written, with its own value.
func TestMarshalNaNKey(t *testing.T) {
	b, err := Marshal(map[float64]int{math.NaN(): 1, 2: 3, math.NaN(): 4})
	require.NoError(t, err)
	var got map[float64]int
	require.NoError(t, Unmarshal(b, &got))
	assert.Len(t, got, 3)
	assert.Equal(t, 3, got[2])
	var nanValues []int
	for k, v := range got {
		if k != k {
			nanValues = append(nanValues, v)
		}
	}
	assert.ElementsMatch(t, []int{1, 4}, nanValues)
}
