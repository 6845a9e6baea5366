package project

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// Each shape by which code names a scene, as the tokenizer reads it:
// the scene's path, the function and member naming it, the call it is
// given to (through load and preload, a constant folded, call_deferred),
// the receiver of add_spawnable_scene, the spawn functions set and the
// members their bodies name. Comments, docstrings, paths built at run
// time and paths of other files name nothing.
func TestSceneRefs(t *testing.T) {
	scenes := map[string]string{}
	for _, name := range []string{"match.tscn", "scenes/near.tscn", "player.tscn", "u.tscn", "bin.scn"} {
		scenes[name] = "[gd_scene format=3]\n\n[node name=\"R\" type=\"Node\"]\n"
	}
	scenes["u.tscn"] = "[gd_scene format=3 uid=\"uid://u7\"]\n\n[node name=\"R\" type=\"Node\"]\n"
	for _, c := range []struct {
		name, file, src string
		want            SceneRefs
	}{
		{"change_scene_to_file", "lobby.gd", "extends Node\n\nfunc _on_start():\n\tget_tree().change_scene_to_file(\"res://match.tscn\")\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 4, Func: "_on_start", Call: "change_scene_to_file"}}}},
		{"change_scene_to_packed, preload relative", "scenes/lobby.gd", "extends Node\nfunc go():\n\tget_tree().change_scene_to_packed(preload(\"near.tscn\"))\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://scenes/near.tscn", Line: 3, Func: "go", Call: "change_scene_to_packed"}}}},
		{"a constant folded", "lobby.gd", "extends Node\nconst MATCH = \"res://\" + NAME\nconst NAME = \"match.tscn\"\nfunc go():\n\tget_tree().change_scene_to_file(MATCH)\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 3, Member: "NAME"}, {Scene: "res://match.tscn", Line: 5, Func: "go", Call: "change_scene_to_file"}}}},
		{"a sum within a sum", "lobby.gd", "extends Node\nconst A = \"res://\"\nconst B = \"mat\"\nfunc go():\n\tload(A + B + load(A + B + \"ch.tscn\"))\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 5, Func: "go"}}}},
		{"a constant named", "lobby.gd", "extends Node\nconst MATCH := preload(\"res://match.tscn\")\nfunc go():\n\tadd_child(MATCH.instantiate())\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 2, Member: "MATCH"}}}},
		{"named again, alike", "lobby.gd", "extends Node\nfunc go():\n\tadd_child(load(\"res://match.tscn\").instantiate())\n\tadd_child(load(\"res://match.tscn\").instantiate())\n\tget_tree().change_scene_to_file(\"res://match.tscn\")\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 3, Func: "go"}, {Scene: "res://match.tscn", Line: 5, Func: "go", Call: "change_scene_to_file"}}}},
		{"call_deferred", "lobby.gd", "extends Node\nfunc go():\n\tget_tree().call_deferred(&\"change_scene_to_packed\", load('res://match.tscn'))\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 3, Func: "go", Call: "change_scene_to_packed"}}}},
		{"add_spawnable_scene", "game.gd", "extends Node\nfunc _ready():\n\t$Players/Spawner.add_spawnable_scene(\"res://player.tscn\")\n\tadd_spawnable_scene(\"res://bin.scn\")\n",
			SceneRefs{Scenes: []SceneRef{
				{Scene: "res://player.tscn", Line: 3, Func: "_ready", Call: "add_spawnable_scene", Receiver: "$Players/Spawner"},
				{Scene: "res://bin.scn", Line: 4, Func: "_ready", Call: "add_spawnable_scene"},
			}}},
		{"spawn functions", "spawner.gd", `extends MultiplayerSpawner
const PLAYER = preload("res://player.tscn")
@export var other: PackedScene
var unused := 1

func _init():
	spawn_function = _spawn
	$Far.spawn_function = Callable(self, "_far")
	set_spawn_function(self._spawn)
	%Near.spawn_function = func(data):
		return load("res://match.tscn").instantiate()

func _spawn(data):
	var p = PLAYER.instantiate() if data else other.instantiate()
	return p

func _far(data): return PLAYER.instantiate()
`, SceneRefs{
			Scenes: []SceneRef{{Scene: "res://player.tscn", Line: 2, Member: "PLAYER"}, {Scene: "res://match.tscn", Line: 11, Func: "lambda:10"}},
			SpawnFunctions: []SpawnFunction{
				{Func: "_spawn", Line: 7, Members: []string{"PLAYER", "other"}},
				{Func: "_far", Spawner: "$Far", Line: 8, Members: []string{"PLAYER"}},
				{Func: "_spawn", Line: 9, Members: []string{"PLAYER", "other"}},
				{Func: "lambda:10", Spawner: "%Near", Line: 10},
			}}},
		{"what names nothing", "lobby.gd", "extends Node\n# change_scene_to_file(\"res://match.tscn\")\n\"\"\"\nres://match.tscn\n\"\"\"\nfunc go(name):\n\tload(\"res://levels/\" + name + \".tscn\")\n\tload(\"res://icon.png\")\n\tprint(\"\"\"res://match.tscn\"\"\")\n",
			SceneRefs{}},
		{"escapes and uid", "lobby.gd", "extends Node\nvar a = \"res://ma\\u0074ch.tscn\"\nvar b = &\"uid://u7\"\n",
			SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Line: 2, Member: "a"}, {Scene: "res://u.tscn", Line: 3, Member: "b"}}}},
		{"C#", "Lobby.cs", `using Godot;
public partial class Lobby : Node {
	// GD.Load<PackedScene>("res://bin.scn")
	const string Path = "res://player.tscn";
	public void Go() {
		GetTree().ChangeSceneToPacked(GD.Load<PackedScene>("res://match.tscn"));
		AddChild(ResourceLoader.Load<PackedScene>(@"res://scenes/""near"".tscn").Instantiate());
		GetTree().ChangeSceneToFile("res://u\x2etscn");
		var s = $"res://{Path}.tscn";
	}
}
`, SceneRefs{Scenes: []SceneRef{
			{Scene: "res://player.tscn", Line: 4},
			{Scene: "res://match.tscn", Line: 6, Call: "change_scene_to_packed"},
			{Scene: `res://scenes/"near".tscn`, Line: 7},
			{Scene: "res://u.tscn", Line: 8, Call: "change_scene_to_file"},
		}}},
		{"a scene's exported scenes", "menu.tscn", `[gd_scene format=3]

[ext_resource type="Script" path="res://menu.gd" id="1"]
[ext_resource type="PackedScene" path="res://match.tscn" id="2"]
[ext_resource type="PackedScene" uid="uid://u7" path="res://gone.tscn" id="3"]
[ext_resource type="PackedScene" path="res://player.tscn" id="4"]

[node name="Menu" type="Node"]
script = ExtResource("1")
match_scene = ExtResource("2")
levels = [ExtResource("3")]

[node name="Player" parent="." instance=ExtResource("4")]
`, SceneRefs{Scenes: []SceneRef{{Scene: "res://match.tscn", Member: "match_scene", Node: "."}, {Scene: "res://u.tscn", Member: "levels", Node: "."}}}},
		// Before, a String property named nothing: the Packt book's
		// CheckersServer.tscn sets next_screen_scene_path so.
		{"a scene's String paths", "server.tscn", `[gd_scene format=3]

[ext_resource type="Script" path="res://menu.gd" id="1"]

[node name="Server" type="Node"]
script = ExtResource("1")
next_screen_scene_path = "res://match.tscn"
relative = "match.tscn"
title = "hello"
icon = "res://icon.png"
tag = &"res://match.tscn"

[node name="Sub" type="Node" parent="."]
by_uid = "uid://u7"
levels = ["res://scenes/near.tscn", 1]
_spawnable_scenes = PackedStringArray("res://player.tscn")
`, SceneRefs{Scenes: []SceneRef{
			{Scene: "res://match.tscn", Member: "next_screen_scene_path", Node: "."},
			{Scene: "res://u.tscn", Member: "by_uid", Node: "Sub"},
			{Scene: "res://scenes/near.tscn", Member: "levels", Node: "Sub"},
		}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{c.file: c.src, "menu.gd": "extends Node\n"}
			for name, src := range scenes {
				files[name] = src
			}
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			got, err := p.SceneRefs("res://" + c.file)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// Files lists the project's files in the walk's order, hidden ones and
// folders of their own project left out.
func TestFiles(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{"b.gd": "", "A/z.tscn": "", ".hidden/x.gd": "", "sub/project.godot": "", "sub/y.gd": ""}))
	require.NoError(t, err)
	files, err := p.Files()
	require.NoError(t, err)
	assert.Equal(t, []string{"res://A/z.tscn", "res://b.gd", "res://project.godot"}, files)
}

// Scripts made to cost a scan of their scene references the most per
// byte (a reference a line, each another scene; an argument folded a
// line, each another text; spawn functions of a function naming many
// members; lambdas within lambdas; the deepest calls) read within
// hostile.Bound, the script's parse included, in time that grows with
// their bytes: four times the bytes take at most eight times the time
// (the square of the bytes would take sixteen).
func TestHostileSceneRefs(t *testing.T) {
	for _, c := range []struct {
		name   string
		script func(size int) []byte
	}{
		{"a scene a line", func(size int) []byte {
			return fill("extends Node\n", size, func(i int) string {
				return fmt.Sprintf("const %s = preload(\"res://%s.tscn\")\n", n36(i), n36(i))
			})
		}},
		{"an argument folded a line", func(size int) []byte {
			return fill("extends Node\nconst K = \"res://\"\nfunc f():\n", size, func(i int) string {
				return fmt.Sprintf("\tload(K + \"%s.tscn\")\n", n36(i))
			})
		}},
		{"spawn functions of a function naming many members", func(size int) []byte {
			return fill(manyMembers(size/64), size, func(i int) string { return fmt.Sprintf("\t$%s.spawn_function = f\n", n36(i)) })
		}},
		{"lambdas within lambdas", func(size int) []byte {
			return append(fill("extends Node\nvar f = ", size-8, func(int) string { return "func():return " }), "null\n"...)
		}},
		{"the deepest calls", func(size int) []byte {
			return fill("extends Node\n", size, func(i int) string {
				return "var " + n36(i) + " = " + strings.Repeat("load(", 200) + "\"res://a.tscn\"" + strings.Repeat(")", 200) + "\n"
			})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var cpu [2]time.Duration
			sizes := []int{512 << 10, 2 << 20}
			for i, size := range sizes {
				data := c.script(size)
				dir := writeProject(t, map[string]string{"a.gd": string(data)})
				cpu[i] = time.Duration(math.MaxInt64)
				for run := range 3 { // the least of three: another process only adds
					p, err := Open(dir)
					require.NoError(t, err)
					var refs SceneRefs
					start := cputime.Process()
					alloc := hostile.Allocated(func() { refs, err = p.SceneRefs("res://a.gd") })
					cpu[i] = min(cpu[i], cputime.Process()-start)
					require.NoError(t, err)
					if run == 0 {
						t.Logf("%d bytes: %d scenes, %d spawn functions, %.1f B/B", len(data), len(refs.Scenes), len(refs.SpawnFunctions), float64(alloc)/float64(len(data)))
						assert.LessOrEqual(t, alloc, hostile.Bound(len(data)))
					}
				}
			}
			t.Logf("%.0f, then %.0f cpu-ns/byte", float64(cpu[0])/float64(sizes[0]), float64(cpu[1])/float64(sizes[1]))
			if cpu[0] > 0 {
				assert.LessOrEqual(t, float64(cpu[1])/float64(cpu[0]), 8.0, "CPU time, four times the bytes")
			}
		})
	}
	hostile.Collect()
}

// manyMembers is a script of n variables, and a function f naming each.
func manyMembers(n int) string {
	var b strings.Builder
	b.WriteString("extends Node\n")
	for i := range n {
		b.WriteString("var " + n36(i) + "\n")
	}
	b.WriteString("func f():\n")
	for i := range n {
		b.WriteString("\t" + n36(i) + " = 1\n")
	}
	return b.String()
}
