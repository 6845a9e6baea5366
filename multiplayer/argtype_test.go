package multiplayer

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// paramTypesFile is Godot 4.6's verdicts on an argument of each kind for a
// parameter of each type (scripts/gen-param-types.sh).
const paramTypesFile = "testdata/param_types.txt"

// typedArray is a typed Array of the element type ct.
func typedArray(ct gdvar.ContainerType, values ...any) gdvar.Array {
	return gdvar.Array{Type: ct, Values: values}
}

// typedDict is a Dictionary typed by key and value.
func typedDict(key, value gdvar.ContainerType, kv ...any) *gdvar.Dictionary {
	d := gdvar.NewDictionary(kv...)
	d.KeyType, d.ValueType = key, value
	return d
}

var (
	elemInt     = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}
	elemString  = gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeString}
	elemEncoded = gdvar.ContainerType{Kind: gdvar.TypedClass, Name: "EncodedObjectAsID"}
)

// paramValues are the arguments of scripts/multiplayer/param_types.gd's
// values(), by its names, as a peer sends them.
var paramValues = map[string]any{
	"nil": nil, "bool": true, "int": int64(3), "float": 1.5, "String": "red",
	"Vector2": gdvar.Vector2{X: 1, Y: 2}, "Vector2i": gdvar.Vector2i{X: 1, Y: 2}, "Rect2": gdvar.Rect2{}, "Rect2i": gdvar.Rect2i{},
	"Vector3": gdvar.Vector3{}, "Vector3i": gdvar.Vector3i{}, "Transform2D": gdvar.Transform2D{}, "Vector4": gdvar.Vector4{},
	"Vector4i": gdvar.Vector4i{}, "Plane": gdvar.Plane{}, "Quaternion": gdvar.Quaternion{}, "AABB": gdvar.AABB{},
	"Basis": gdvar.Basis{}, "Transform3D": gdvar.Transform3D{}, "Projection": gdvar.Projection{}, "Color": gdvar.Color{},
	"StringName": gdvar.StringName("sn"), "NodePath": gdvar.ParseNodePath("a"), "RID": gdvar.RID(0), "object": gdvar.ObjectID(7),
	"Callable": gdvar.Callable{}, "Signal": gdvar.Signal{}, "Dictionary": gdvar.NewDictionary("a", int64(1)),
	"Dictionary[String, int]":     typedDict(elemString, elemInt, "a", int64(1)),
	"Dictionary[String, Variant]": typedDict(elemString, gdvar.ContainerType{}, "a", int64(1)),
	"Dictionary[Variant, int]":    typedDict(gdvar.ContainerType{}, elemInt, "a", int64(1)),
	"Array":                       []any{int64(1), "a"}, "Array[int]": typedArray(elemInt, int64(1)), "Array[EncodedObjectAsID]": typedArray(elemEncoded),
	"PackedByteArray": []byte{1}, "PackedInt32Array": []int32{1}, "PackedInt64Array": []int64{1}, "PackedFloat32Array": []float32{1},
	"PackedFloat64Array": []float64{1}, "PackedStringArray": []string{"a"}, "PackedVector2Array": []gdvar.Vector2{{}},
	"PackedVector3Array": []gdvar.Vector3{{}}, "PackedColorArray": []gdvar.Color{{}}, "PackedVector4Array": []gdvar.Vector4{{}},
}

// headToken returns the first token of v as a peer sends it.
func headToken(t *testing.T, v any) gdvar.Token {
	b, err := gdvar.Marshal(v)
	require.NoError(t, err)
	tok, err := gdvar.NewDecoderBytes(b).ReadToken()
	require.NoError(t, err)
	return tok
}

// A parameter of each type takes the arguments Godot 4.6 takes for it,
// converted, and refuses the others, for every kind of argument a peer
// can send: testdata/param_types.txt, the engine's verdicts.
func TestConvertibleAsTheEngine(t *testing.T) {
	text, err := os.ReadFile(paramTypesFile)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	names := strings.Split(strings.TrimPrefix(lines[0], "values\t"), ";")
	tokens := make([]gdvar.Token, len(names))
	for i, name := range names {
		v, ok := paramValues[name]
		require.True(t, ok, "a value for %s", name)
		tokens[i] = headToken(t, v)
	}
	checked := 0
	for _, line := range lines[1:] {
		typ, verdicts, _ := strings.Cut(line, "\t")
		require.Len(t, verdicts, len(names), typ)
		at, err := parseArgType(typ)
		require.NoError(t, err)
		for i, name := range names {
			got := at == nil || at.takes(tokens[i], false)
			assert.Equal(t, verdicts[i] == 'Y', got, "a %s parameter given %s", typ, name)
			checked++
		}
	}
	assert.Equal(t, 49*44, checked)
}

// The engine's verdicts are those of the installed Godot 4.6.
func TestLiveParamTypes(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	out := godot.RunScript(t, engine, "scripts/multiplayer/param_types.gd")
	var got []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "\t") {
			got = append(got, l)
		}
	}
	want, err := os.ReadFile(paramTypesFile)
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSpace(string(want)), strings.Join(got, "\n"))
}
