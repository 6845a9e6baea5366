package vartext

import (
	"encoding/base64"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ref(class string, id any) *gdvar.Object {
	return &gdvar.Object{Class: class, Properties: []gdvar.Property{{Name: RefID, Value: id}}}
}

func TestResourceReferences(t *testing.T) {
	script := gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "1_ab"}
	tests := []struct {
		name    string
		dialect Dialect
		text    string // as the engine writes it
		value   any
	}{
		{"ext", Godot4, `ExtResource("1_ab")`, ref(ExtResourceClass, "1_ab")},
		{"sub", Godot4, `SubResource("Gradient_x0")`, ref(SubResourceClass, "Gradient_x0")},
		{"in an array", Godot4, `[SubResource("A"), ExtResource("2_b")]`, []any{ref(SubResourceClass, "A"), ref(ExtResourceClass, "2_b")}},
		{"as a key", Godot4, "{\nSubResource(\"A\"): 1\n}", gdvar.NewDictionary(ref(SubResourceClass, "A"), int64(1))},
		{"typed with a script", Godot4, `Array[ExtResource("1_ab")]([])`, gdvar.Array{Type: script, Values: []any{}}},
		{"Godot 3", Godot3, `[ ExtResource( 1 ), SubResource( 2 ) ]`, []any{ref(ExtResourceClass, int64(1)), ref(SubResourceClass, int64(2))}},
		{"a path still", Godot4, `Resource("res://a.tres")`, &gdvar.Object{Class: "Resource", Properties: []gdvar.Property{{Name: "resource_path", Value: "res://a.tres"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := []Option{WithDialect(tt.dialect), WithResourceFormat(3)}
			var v any
			require.NoError(t, mustDecoder(t, strings.NewReader(tt.text), opts...).Decode(&v))
			assert.Equal(t, tt.value, v)
			text, err := Marshal(tt.value, opts...)
			require.NoError(t, err)
			assert.Equal(t, tt.text, string(text))
		})
	}
}

func TestResourceIDsAsTheDialectWrites(t *testing.T) {
	// Godot 4 writes every id quoted, Godot 3 every id as a number.
	for _, tt := range []struct {
		dialect Dialect
		id      any
		want    string
	}{
		{Godot4, int64(7), `ExtResource("7")`},
		{Godot3, "7", `ExtResource( 7 )`},
		{Godot32, int64(7), `ExtResource( 7 )`},
	} {
		text, err := Marshal(ref(ExtResourceClass, tt.id), WithDialect(tt.dialect), WithResourceFormat(3))
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(text))
	}
	// Outside a resource file, the classes are no different from others.
	text, err := Marshal(ref(ExtResourceClass, "x"))
	require.NoError(t, err)
	assert.Equal(t, "Object(ExtResource,\"id\":\"x\")\n", string(text))
}

func TestResourceBase64(t *testing.T) {
	long := make([]byte, 100)
	for i := range long {
		long[i] = byte(i * 7)
	}
	for _, tt := range []struct {
		format int
		value  []byte
		want   string
	}{
		{4, []byte{1, 2}, `PackedByteArray("AQI=")`},
		{4, []byte{}, `PackedByteArray()`},
		{3, []byte{1, 2}, `PackedByteArray(1, 2)`},
		{4, long, `PackedByteArray("` + b64(long) + `")`},
	} {
		text, err := Marshal(tt.value, WithResourceFormat(tt.format))
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(text))
		var back any
		require.NoError(t, Unmarshal(text, &back))
		assert.Equal(t, tt.value, back)
	}
	// Chunks of any size: one byte at a time.
	var out strings.Builder
	enc := mustEncoder(t, &out, WithResourceFormat(4))
	require.NoError(t, enc.WriteToken(gdvar.PackedStartToken(gdvar.TypePackedByteArray, len(long), gdvar.Single)))
	for i := range long {
		require.NoError(t, enc.WriteToken(gdvar.PackedChunkToken(long[i:i+1])))
	}
	require.NoError(t, enc.WriteToken(gdvar.PackedEndToken))
	assert.Equal(t, `PackedByteArray("`+b64(long)+`")`, out.String())
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func TestResourceTags(t *testing.T) {
	text := "; a comment\n[gd_scene\n load_steps=3 format=3 uid=\"uid://b\"]\n\n" +
		"[ext_resource type=\"PackedScene\" path=\"res://a.tscn\" id=\"1_x\"]\n" +
		"[node name=\"A\" parent=\".\" groups=[\"g\"] instance=ExtResource(\"1_x\")]\n" +
		"pos = Vector2(1, 2)\n\"a b\" = 3\n[a.b:c]\n"
	d := mustDecoder(t, strings.NewReader(text), WithResourceFormat(3))
	var got []Entry
	var values []any
	for {
		e, err := d.NextEntry()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		got = append(got, e)
		if !e.Section {
			var v any
			require.NoError(t, d.Decode(&v))
			values = append(values, v)
		}
	}
	assert.Equal(t, []Entry{
		{Section: true, Name: "gd_scene", Attrs: []Attribute{{"load_steps", int64(3)}, {"format", int64(3)}, {"uid", "uid://b"}}},
		{Section: true, Name: "ext_resource", Attrs: []Attribute{{"type", "PackedScene"}, {"path", "res://a.tscn"}, {"id", "1_x"}}},
		{Section: true, Name: "node", Attrs: []Attribute{{"name", "A"}, {"parent", "."}, {"groups", []any{"g"}}, {"instance", ref(ExtResourceClass, "1_x")}}},
		{Name: "pos"},
		{Name: "a b"},
		{Section: true, Name: "a.b:c"},
	}, got)
	assert.Equal(t, []any{gdvar.Vector2{X: 1, Y: 2}, int64(3)}, values)

	for _, bad := range []string{"[node name=\"A\"", "[node name]", "[node =1]", "[]"} {
		_, err := mustDecoder(t, strings.NewReader(bad), WithResourceFormat(3)).NextEntry()
		assert.Error(t, err, bad)
	}
}

func TestPropertyNames(t *testing.T) {
	for _, tt := range []struct {
		name, godot4, godot32 string
	}{
		{"plain_name", "plain_name", "plain_name"},
		{"with/slash", "with/slash", "with/slash"},
		{"a;b", `"a;b"`, "a;b"},
		{"br[ck]", `"br[ck]"`, "br[ck]"},
		{"weird name=é", `"weird name=é"`, `"weird name=é"`},
		{"quo\"te\\", `"quo\"te\\"`, `"quo\"te\\"`},
		{"tab\tx", "\"tab\tx\"", "\"tab\tx\""},
	} {
		assert.Equal(t, tt.godot4, string(Godot4.AppendPropertyName(nil, tt.name)), tt.name)
		assert.Equal(t, tt.godot4, string(Godot3.AppendPropertyName(nil, tt.name)), tt.name)
		assert.Equal(t, tt.godot32, string(Godot32.AppendPropertyName(nil, tt.name)), tt.name)
	}
	assert.Equal(t, `it\'s ok? \a`, string(Godot4.AppendCEscaped(nil, "it's ok? \a")))
	assert.Equal(t, `it\'s ok\? \a`, string(Godot3.AppendCEscaped(nil, "it's ok? \a")))
}

// Format 4 of resource files writes -inf as -inf, where var_to_str and
// format 3 write inf_neg.
func TestResourceNegativeInfinity(t *testing.T) {
	for _, tt := range []struct {
		format int
		value  any
		want   string
	}{
		{3, math.Inf(-1), "inf_neg"},
		{4, math.Inf(-1), "-inf"},
		{4, gdvar.Vector2{X: math.Inf(-1), Y: 1}, "Vector2(-inf, 1)"},
		{4, []float32{float32(math.Inf(-1)), 2}, "PackedFloat32Array(-inf, 2)"},
		{0, math.Inf(-1), "inf_neg"},
	} {
		text, err := Marshal(tt.value, WithResourceFormat(tt.format))
		require.NoError(t, err)
		assert.Equal(t, tt.want, string(text))
	}
}
