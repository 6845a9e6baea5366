package varjson

import (
	"bytes"
	"io"
	"math"
	"testing"

	"github.com/gdvar/gdvar"
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
