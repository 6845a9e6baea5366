package resource_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// declared is a script's variables with their defaults, whatever the path.
type declared []resource.ScriptProperty

func (d declared) StoredProperties(string) ([]resource.ScriptProperty, error) { return d, nil }

// A save through Godot 4 leaves out a script variable whose value equals
// its declared default by Variant's ==, and keeps every other.
func TestSavedAsScriptDefaults(t *testing.T) {
	const header = `[gd_resource type="Resource" format=3]

[ext_resource type="Script" path="res://s.gd" id="1_a"]

[resource]
script = ExtResource("1_a")
`
	tests := []struct {
		name    string
		decl    resource.ScriptProperty
		value   string
		dropped bool
	}{
		{"an int at its default", resource.ScriptProperty{Name: "x", Default: int64(100)}, "100", true},
		{"a float equal to an int default", resource.ScriptProperty{Name: "x", Default: int64(100)}, "100.0", true},
		{"another int", resource.ScriptProperty{Name: "x", Default: int64(100)}, "101", false},
		{"a float off by a little", resource.ScriptProperty{Name: "x", Default: 0.5}, "0.50001", false},
		{"a bool against an int", resource.ScriptProperty{Name: "x", Default: int64(0)}, "false", false},
		{"a string", resource.ScriptProperty{Name: "x", Default: "a"}, `"a"`, true},
		{"a StringName against its string", resource.ScriptProperty{Name: "x", Default: "a"}, `&"a"`, true},
		{"a vector", resource.ScriptProperty{Name: "x", Default: gdvar.Vector2i{X: 16, Y: 16}}, "Vector2i(16, 16)", true},
		{"no default known", resource.ScriptProperty{Name: "x"}, "null", false},
		{"another variable's default", resource.ScriptProperty{Name: "y", Default: int64(100)}, "100", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := resource.Read(strings.NewReader(header+"x = "+tt.value+"\n"), resource.WithScripts(declared{tt.decl}))
			require.NoError(t, err)
			g, err := f.SavedAs("res://b.tres", resource.Text)
			require.NoError(t, err)
			_, kept := g.Main.Get("x")
			assert.Equal(t, !tt.dropped, kept)
			_, still := f.Main.Get("x")
			assert.True(t, still, "f is not changed")
		})
	}
}

// Godot 3's savers compare with the class's defaults only.
func TestSavedAsScriptDefaults3(t *testing.T) {
	const file = `[gd_resource type="Resource" load_steps=2 format=2]

[ext_resource path="res://s.gd" type="Script" id=1]

[resource]
script = ExtResource( 1 )
x = 100
`
	decl := declared{{Name: "x", Default: int64(100)}}
	f, err := resource.Read(strings.NewReader(file), resource.WithScripts(decl), resource.WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	g, err := f.SavedAs("res://b.tres", resource.Text)
	require.NoError(t, err)
	_, kept := g.Main.Get("x")
	assert.True(t, kept)
}

// liveDefaults is a project whose script's variables a.tres sets each at
// its declared default (off excepted), in every form package project
// folds.
var liveDefaults = map[string]string{
	"project.godot": "config_version=5\n",
	"other.gd":      "class_name Other extends RefCounted\nenum Mode { FIRST, SET = 7, LAST }\n",
	"s.gd": `extends Resource
const BASE = 10
enum Kind { A, B }
@export var inferred := 100
@export var widened: float = 2
@export var untyped = 100
@export var folded = BASE * 2 + 1
@export var zero_int: int
@export var zero_float: float
@export var zero_str: String
@export var zero_enum: Kind
@export var sname: StringName = "n"
@export var constructed := Vector2i(1, BASE)
@export var rect := Rect2(0, 0.5, 2, 3)
@export var own_enum := Kind.B
@export var their_enum := Other.Mode.LAST
@export var flag := true
@export var off := 5
@export var tags: Array[String] = ["a", "b"]
@export var weights: Array[float] = [1, 2.5]
@export var no_ints: Array[int]
@export var other_tags: Array[String] = ["x"]
@export var scene: PackedScene = preload("res://b.tscn")
@export var scene_set: PackedScene = preload("c.tscn")
@export var helper: Script = preload("res://other.gd")
`,
	"b.tscn": "[gd_scene format=3]\n\n[node name=\"B\" type=\"Node\"]\n",
	"c.tscn": "[gd_scene format=3]\n\n[node name=\"C\" type=\"Node\"]\n",
	"a.tres": `[gd_resource type="Resource" format=3]

[ext_resource type="Script" path="res://s.gd" id="1_a"]
[ext_resource type="PackedScene" path="res://c.tscn" id="2_c"]

[resource]
script = ExtResource("1_a")
label = "no longer declared"
inferred = 100
widened = 2.0
untyped = 100.0
folded = 21
zero_int = 0
zero_float = 0.0
zero_str = ""
zero_enum = 0
sname = &"n"
constructed = Vector2i(1, 10)
rect = Rect2(0, 0.5, 2, 3)
own_enum = 1
their_enum = 8
flag = true
off = 6
tags = Array[String](["a", "b"])
weights = Array[float]([1.0, 2.5])
no_ints = Array[int]([])
other_tags = Array[String](["y"])
scene_set = ExtResource("2_c")
`,
}

// TestLiveScriptDefaults has Godot 4.6 convert a resource whose script
// variables sit at their declared defaults (scripts/resource/convert4.gd)
// and checks SavedAs against its bytes, both ways: it leaves them all out.
func TestLiveScriptDefaults(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	for name, src := range liveDefaults {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	convert, err := filepath.Abs("../scripts/resource/convert4.gd")
	require.NoError(t, err)
	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t) // registers Other
	out := godot.StartWith(t, engine, "--path", dir, "-s", convert, "--", "res://a.tres").Wait(t)
	require.Contains(t, out, "converted res://a.tres")
	p, err := project.Open(dir)
	require.NoError(t, err)
	for _, c := range []struct {
		from, to string
		form     resource.Form
	}{{"a.tres", "a.res", resource.Binary}, {"a.res", "a.conv.tres", resource.Text}} {
		data, err := os.ReadFile(filepath.Join(dir, c.from))
		require.NoError(t, err)
		f, err := resource.Read(bytes.NewReader(data), resource.WithScripts(p))
		require.NoError(t, err)
		f.Path = "res://" + c.from
		want, err := os.ReadFile(filepath.Join(dir, c.to))
		require.NoError(t, err)
		assert.Equal(t, string(want), string(savedAs(t, f.WithoutUIDs(), "res://"+c.to, c.form)), c.to)
	}
	conv, err := os.ReadFile(filepath.Join(dir, "a.conv.tres"))
	require.NoError(t, err)
	assert.Contains(t, string(conv), "\noff = 6\n")
	assert.NotContains(t, string(conv), "inferred")
	// What makes the case: preloads the file does not use listed, an
	// Array at its default left out, one that is not kept, and a
	// property the script no longer declares dropped.
	for _, in := range []string{`path="res://b.tscn"`, `path="res://other.gd"`, "\nother_tags = "} {
		assert.Contains(t, string(conv), in)
	}
	for _, out := range []string{"label", "\ntags = ", "scene_set", "no_ints"} {
		assert.NotContains(t, string(conv), out)
	}
}
