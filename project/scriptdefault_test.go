package project

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/resource"
)

// StoredProperties gives each variable's default as the engine's editor
// builds hold it, where the reader can fold it, and none elsewhere.
func TestStoredPropertiesDefaults(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"project.godot": "config_version=5\n",
		"s.gd": `extends Resource
const BASE = 10
enum Kind {A, B}
enum Loop {A = Loop.A}
@export var inferred := 100
@export var widened: float = 2
@export var folded = BASE * 2 + 1
@export var zero_int: int
@export var zero_float: float
@export var zero_enum: Kind
@export var no_zero: Vector2
@export var constructed: Vector2i = Vector2i(1, BASE)
@export var rect := Rect2(0, 0.5, 2, 3)
@export var float_to_int := Vector2i(1.5, 1)
@export var unfolded_ctor := Color(1, 1, 1)
@export var own_enum := Kind.B
@export var their_enum := Other.Mode.LAST
@export var numbered := Other.Mode.SET
@export var missing_key := Kind.C
@export var cycle := Loop.A
@export var object: Resource
@export var with_setter := "x":
	set(v):
		with_setter = v
@export var name: StringName = "n"
@export var null_init = null
@export var narrowed: int = 1.5
@export var from_var = other
@export var tags: Array[String] = ["a", "b",]
@export var names: Array[String] = [&"b"]
@export var weights: Array[float] = [1, BASE]
@export var no_ints: Array[int]
@export var any_list := [1, "x"]
@export var bad_elem: Array[int] = ["x"]
@export var objects: Array[Resource] = [null]
@export var scene: PackedScene = preload("b.tscn")
@export var script_of: Script = preload("uid://other")
@export var texture: Texture2D = preload("res://icon.png")
@export var loaded: PackedScene = load("res://b.tscn")
var other = 1
`,
		"b.tscn":       "[gd_scene format=3]\n\n[node name=\"B\" type=\"Node\"]\n",
		"icon.png":     "not read",
		"other.gd.uid": "uid://other\n",
		"other.gd":     "class_name Other extends RefCounted\nconst SEVEN = 7\nenum Mode {\n\tFIRST,\n\tSET = SEVEN, # a comment\n\tLAST,\n}\n",
	})
	p, err := Open(dir)
	require.NoError(t, err)
	props, err := p.StoredProperties("res://s.gd")
	require.NoError(t, err)
	want := map[string]any{
		"inferred": int64(100), "widened": 2.0, "folded": int64(21),
		"zero_int": int64(0), "zero_float": 0.0, "zero_enum": int64(0),
		"with_setter": "x", "name": gdvar.StringName("n"),
		"constructed": gdvar.Vector2i{X: 1, Y: 10}, "rect": gdvar.Rect2{Position: gdvar.Vector2{Y: 0.5}, Size: gdvar.Vector2{X: 2, Y: 3}},
		"own_enum": int64(1), "their_enum": int64(8), "numbered": int64(7),
		"tags":      gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeString}, Values: []any{"a", "b"}},
		"weights":   gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeFloat}, Values: []any{1.0, 10.0}},
		"no_ints":   gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeInt}, Values: []any{}},
		"any_list":  gdvar.Array{Values: []any{int64(1), "x"}},
		"scene":     &resource.External{Type: "PackedScene", Path: "res://b.tscn"},
		"script_of": &resource.External{Type: "Script", Path: "res://other.gd"},
	}
	got := map[string]any{}
	for _, sp := range props {
		if sp.Default != nil {
			got[sp.Name] = sp.Default
		}
	}
	assert.Equal(t, want, got)
	assert.Len(t, props, 33)
}
