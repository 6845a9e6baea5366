package varjson

import (
	"bytes"
	"errors"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// taggedRecord holds a small value of each Godot 4 tag: JSON made mostly of
// tags, where finding a tag's handler costs the most.
func taggedRecord() []any {
	return []any{
		math.Inf(1), gdvar.StringName("sn"), gdvar.ParseNodePath("/root/a:b"), gdvar.RID(12), gdvar.ObjectID(34),
		&gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "name", Value: "n"}}},
		gdvar.Callable{}, gdvar.Signal{Name: "pressed", Object: 34},
		gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}, Values: []any{int64(1)}},
		gdvar.NewDictionary(int64(1), "a"),
		gdvar.Vector2{X: 0.1, Y: 2.5}, gdvar.Vector2i{X: 1, Y: -2}, gdvar.Rect2{}, gdvar.Rect2i{},
		gdvar.Vector3{X: 1}, gdvar.Vector3i{Z: 3}, gdvar.Transform2D{}, gdvar.Vector4{}, gdvar.Vector4i{},
		gdvar.Plane{}, gdvar.Quaternion{W: 1}, gdvar.AABB{}, gdvar.Basis{}, gdvar.Transform3D{},
		gdvar.Projection{}, gdvar.Color{R: 1, A: 1},
		[]byte{1, 2, 3}, []int32{1, -1}, []int64{1 << 40}, []float32{0.5}, []float64{0.1}, []string{"a"},
		[]gdvar.Vector2{{X: 1, Y: 2}}, []gdvar.Vector3{{X: 0.1}}, []gdvar.Vector4{{W: 1}}, []gdvar.Color{{R: 1, A: 1}},
	}
}

// BenchmarkTags reads an Array of records of every tag through each decode
// route: Unmarshal, Decode and DecodeTo.
func BenchmarkTags(b *testing.B) {
	var all []any
	for range 100 {
		all = append(all, taggedRecord())
	}
	js, err := Marshal(all)
	require.NoError(b, err)
	for _, route := range []struct {
		name string
		run  func() error
	}{
		{"Unmarshal", func() error { var v any; return Unmarshal(js, &v) }},
		{"Decode", func() error { var v any; return NewDecoder(bytes.NewReader(js)).Decode(&v) }},
		{"DecodeTo", func() error { return NewDecoder(bytes.NewReader(js)).DecodeTo(gdvar.NewEncoder(io.Discard)) }},
	} {
		b.Run(route.name, func(b *testing.B) {
			b.SetBytes(int64(len(js)))
			b.ReportAllocs()
			for b.Loop() {
				if err := route.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// firstTag finds the tag a value's JSON starts with.
var firstTag = regexp.MustCompile(`^\{"(\$\w+)"`)

// Each tag of the table, in a value of its own, gives the same bytes
// through every decode route: the tree, Unmarshal (which reads arguments
// directly), Decode, and DecodeTo streaming it, in two passes and in one.
// The values cover the table: a new tag needs one here.
func TestTagsEveryRoute(t *testing.T) {
	type value struct {
		v any
		e gdvar.Engine
	}
	var values []value
	for _, v := range taggedRecord() {
		values = append(values, value{v, gdvar.Godot4})
	}
	values = append(values,
		value{strings.Repeat("é", 30<<10), gdvar.Godot4}, // a $String in pieces
		value{gdvar.Image{ImageHeader: gdvar.ImageHeader{Format: 4, Width: 1, Height: 1}, Data: []byte{9}}, gdvar.Godot2},
		value{gdvar.InputEvent{Type: 1, Fields: []uint32{0, 65}}, gdvar.Godot2},
		value{gdvar.RawValue{2, 0, 1, 0, 5, 0, 0, 0, 0, 0, 0, 0}, gdvar.Godot4})
	defer func(n int64) { bigSize = n }(bigSize)
	bigSize = 0 // DecodeTo streams every tag that streams
	seen := map[string]bool{}
	for _, tc := range values {
		codec := gdvar.MustCodec(gdvar.WithEngine(tc.e), gdvar.AllowObjects(true))
		want, err := codec.Marshal(tc.v)
		require.NoError(t, err)
		js, err := Marshal(tc.v, WithCodec(engineCodec(tc.e)))
		require.NoError(t, err)
		m := firstTag.FindSubmatch(js)
		require.NotNil(t, m, "%.80s", js)
		seen[string(m[1])] = true
		binary := func(v any, err error) ([]byte, error) {
			if err != nil {
				return nil, err
			}
			return codec.Marshal(v)
		}
		for _, route := range []struct {
			name string
			run  func() ([]byte, error)
		}{
			{"tree", func() ([]byte, error) { return binary(treeUnmarshal(js)) }},
			{"Unmarshal", func() ([]byte, error) { var v any; return binary(v, Unmarshal(js, &v, WithCodec(engineCodec(tc.e)))) }},
			{"Decode", func() ([]byte, error) {
				var v any
				return binary(v, NewDecoder(bytes.NewReader(js), WithCodec(engineCodec(tc.e))).Decode(&v))
			}},
			{"DecodeTo", func() ([]byte, error) { return decodeTo(js, codec) }},
			{"DecodeTo in one pass", func() ([]byte, error) { return decodeOnce(js, codec) }},
		} {
			got, err := route.run()
			if errors.Is(err, ErrTwoPasses) && route.name == "DecodeTo in one pass" {
				assert.Regexp(t, `"\$(type|key_type|value_type|wide)"`, string(js), "only a member after the argument needs two passes")
				continue
			}
			require.NoError(t, err, "%s of %.80s", route.name, js)
			assert.Equal(t, want, got, "%s of %.80s", route.name, js)
		}
	}
	for name := range tags {
		assert.True(t, seen[name], "no value of %s", name)
	}
}
