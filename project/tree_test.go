package project

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// treeFiles: main.tscn instances lobby.tscn twice, once with editable
// children and a script of its own; lobby.tscn instances seat.tscn, whose
// root is a synchronizer.
var treeFiles = map[string]string{
	"a.gd": "extends Node\n",
	"b.gd": "extends Node\n",
	"seat.tscn": `[gd_scene format=3]
[node name="Seat" type="MultiplayerSynchronizer"]
root_path = NodePath("../Chair")
`,
	"lobby.tscn": `[gd_scene format=3]
[ext_resource type="Script" path="res://a.gd" id="1"]
[ext_resource type="PackedScene" path="res://seat.tscn" id="2"]
[node name="Lobby" type="Node"]
script = ExtResource("1")
[node name="Chair" type="Node2D" parent="."]
[node name="Seat" parent="." instance=ExtResource("2")]
[node name="Spawner" type="MultiplayerSpawner" parent="Chair"]
spawn_path = NodePath("..")
`,
	"main.tscn": `[gd_scene format=3]
[ext_resource type="PackedScene" path="res://lobby.tscn" id="1"]
[ext_resource type="Script" path="res://b.gd" id="2"]
[node name="Main" type="Node"]
[node name="Left" parent="." instance=ExtResource("1")]
[node name="Right" parent="." instance=ExtResource("1")]
script = ExtResource("2")
[node name="Chair" parent="Right"]
script = ExtResource("2")
[node name="Extra" type="Node" parent="Right/Chair"]
[editable path="Right"]
`,
}

func TestTree(t *testing.T) {
	p, err := Open(writeProject(t, maps.Clone(treeFiles)))
	require.NoError(t, err)
	nodes, err := p.Tree("res://main.tscn")
	require.NoError(t, err)
	type row struct{ path, typ, script, instance string }
	var got []row
	for _, n := range nodes {
		got = append(got, row{n.Path, n.Type, n.Script, n.Instance})
	}
	assert.Equal(t, []row{
		{".", "Node", "", ""},
		{"Left", "Node", "res://a.gd", "res://lobby.tscn"},
		{"Left/Chair", "Node2D", "", ""},
		{"Left/Seat", "MultiplayerSynchronizer", "", "res://seat.tscn"},
		{"Left/Chair/Spawner", "MultiplayerSpawner", "", ""},
		{"Right", "Node", "res://b.gd", "res://lobby.tscn"},
		{"Right/Chair", "Node2D", "res://b.gd", ""},
		{"Right/Seat", "MultiplayerSynchronizer", "", "res://seat.tscn"},
		{"Right/Chair/Spawner", "MultiplayerSpawner", "", ""},
		{"Right/Chair/Extra", "Node", "", ""},
	}, got)
	assert.Equal(t, "../Chair", nodes[3].Synchronizer.RootPath)
	assert.Equal(t, "..", nodes[4].Spawner.SpawnPath)
}

// An instancing scene's overrides of an instanced spawner's or
// synchronizer's settings are read, on that instance alone; its other
// properties (a script's exports) are left.
func TestTreeOverrides(t *testing.T) {
	files := maps.Clone(treeFiles)
	files["main.tscn"] = strings.Replace(treeFiles["main.tscn"], "[node name=\"Main\"", "[sub_resource type=\"SceneReplicationConfig\" id=\"c\"]\nproperties/0/path = NodePath(\".:position\")\nproperties/0/spawn = false\n[node name=\"Main\"", 1) +
		"[node name=\"Spawner\" parent=\"Right/Chair\"]\nspawn_limit = 3\n_spawnable_scenes = PackedStringArray(\"res://seat.tscn\")\nenabled = false\n" +
		"[node name=\"Seat\" parent=\"Right\"]\nreplication_interval = 0.5\nreplication_config = SubResource(\"c\")\n"
	p, err := Open(writeProject(t, files))
	require.NoError(t, err)
	nodes, err := p.Tree("res://main.tscn")
	require.NoError(t, err)
	left, right := nodes[4], nodes[8]
	require.Equal(t, "Left/Chair/Spawner", left.Path)
	require.Equal(t, "Right/Chair/Spawner", right.Path)
	assert.Equal(t, &SpawnerSettings{SpawnPath: ".."}, left.Spawner)
	assert.Equal(t, &SpawnerSettings{SpawnPath: "..", Limit: 3, Scenes: []string{"res://seat.tscn"}}, right.Spawner)
	assert.Equal(t, &SynchronizerSettings{RootPath: "../Chair", PublicVisibility: true}, nodes[3].Synchronizer)
	assert.Equal(t, &SynchronizerSettings{RootPath: "../Chair", PublicVisibility: true, ReplicationInterval: 0.5,
		Properties: []PropertySettings{{Path: ".:position", Mode: mode.ReplicateAlways}}}, nodes[7].Synchronizer)
}

// changed returns a copy of files with changes made: each file given
// written, each given as "" removed.
func changed(files, changes map[string]string) map[string]string {
	out := maps.Clone(files)
	for k, v := range changes {
		if v == "" {
			delete(out, k)
		} else {
			out[k] = v
		}
	}
	return out
}

func TestTreeErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
		is    error
	}{
		{"cycle", map[string]string{"seat.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://lobby.tscn\" id=\"1\"]\n[node name=\"Seat\" type=\"Node\"]\n[node name=\"L\" parent=\".\" instance=ExtResource(\"1\")]\n"},
			"res://main.tscn: node Left: res://lobby.tscn: node Seat: res://seat.tscn: node L: scene 2 again: project: a scene instances itself", ErrCycle},
		{"missing", map[string]string{"seat.tscn": ""}, "res://main.tscn: node Left: res://lobby.tscn: node Seat: res://seat.tscn: the project has no such scene", fs.ErrNotExist},
		{"an instanced scene without nodes", map[string]string{"seat.tscn": "[gd_scene format=3]\n"}, "res://main.tscn: node Left: res://lobby.tscn: node Seat: res://seat.tscn: a scene without nodes", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := changed(treeFiles, tt.files)
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			_, err = p.Tree("res://main.tscn")
			assert.ErrorContains(t, err, tt.want)
			var se *SceneError
			assert.ErrorAs(t, err, &se)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
		})
	}

	p, err := Open(writeProject(t, maps.Clone(treeFiles)), WithLimits(Limits{MaxFiles: 9}))
	require.NoError(t, err)
	_, err = p.Tree("res://main.tscn")
	assert.ErrorIs(t, err, ErrTooManyFiles)
	p, err = Open(writeProject(t, maps.Clone(treeFiles)), WithLimits(Limits{MaxDepth: 1}))
	require.NoError(t, err)
	_, err = p.Tree("res://main.tscn")
	assert.ErrorIs(t, err, ErrTooDeep)
}

// nodeScriptCase is a scene whose nodes' classes may not hold their
// scripts: its files, under a folder of its own, and the node the engine
// refuses to attach a script to with that node's class, or "" where it
// attaches every script.
type nodeScriptCase struct {
	name        string
	files       map[string]string
	node, class string
	native      string // the refused script's engine class
}

// scene writes a scene file: its external resources (path → id), then
// its nodes, those that set a script in the group "scripted", which
// scripts/project/node_script.gd checks.
func scene(ext map[string]string, nodes ...string) string {
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n")
	for _, p := range slices.Sorted(maps.Keys(ext)) {
		typ := "Script"
		if strings.HasSuffix(p, ".tscn") {
			typ = "PackedScene"
		}
		fmt.Fprintf(&b, "[ext_resource type=%q path=%q id=%q]\n", typ, p, ext[p])
	}
	for _, n := range nodes {
		if head, rest, ok := strings.Cut(n, "]\nscript = "); ok {
			n = head + ` groups=["scripted"]]` + "\nscript = " + rest
		}
		b.WriteString(n + "\n")
	}
	return b.String()
}

var nodeScriptCases = []nodeScriptCase{
	{"node holds Node3D script", map[string]string{
		"s.gd":      "extends Node3D\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node"]`+"\nscript = ExtResource(\"1\")"),
	}, ".", "Node", "Node3D"},
	{"Node3D holds Node script", map[string]string{
		"s.gd":      "extends Node\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node3D"]`+"\nscript = ExtResource(\"1\")"),
	}, "", "", ""},
	{"CharacterBody3D holds Node3D script", map[string]string{
		"s.gd":      "extends Node3D\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node"]`, `[node name="Body" type="CharacterBody3D" parent="."]`+"\nscript = ExtResource(\"1\")"),
	}, "", "", ""},
	{"Node3D holds script of a Node2D script", map[string]string{
		"base.gd":   "extends Node2D\n",
		"s.gd":      "extends \"base.gd\"\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node"]`, `[node name="Body" type="Node3D" parent="."]`+"\nscript = ExtResource(\"1\")"),
	}, "Body", "Node3D", "Node2D"},
	{"Node holds RefCounted script", map[string]string{
		"s.gd":      "func f():\n\tpass\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node"]`+"\nscript = ExtResource(\"1\")"),
	}, ".", "Node", "RefCounted"},
	{"class_name type is a Node", map[string]string{
		"s.gd":      "class_name MoverA\nextends Node3D\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node3D"]`, `[node name="Mover" type="MoverA" parent="."]`+"\nscript = ExtResource(\"1\")"),
	}, "Mover", "Node", "Node3D"},
	{"class_name type holds a Node script", map[string]string{
		"s.gd":      "class_name MoverB\nextends Node\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Node3D"]`, `[node name="Mover" type="MoverB" parent="."]`+"\nscript = ExtResource(\"1\")"),
	}, "", "", ""},
	{"abstract type is a Node", map[string]string{
		"s.gd":      "extends Control\n",
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="M" type="Control"]`, `[node name="Item" type="CanvasItem" parent="."]`+"\nscript = ExtResource(\"1\")"),
	}, "Item", "Node", "Control"},
	{"instance holds its root's class", map[string]string{
		"s.gd":      "extends CharacterBody3D\n",
		"part.tscn": scene(nil, `[node name="P" type="Node3D"]`),
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1", "res://c/part.tscn": "2"}, `[node name="M" type="Node"]`, `[node name="Part" parent="." instance=ExtResource("2")]`+"\nscript = ExtResource(\"1\")"),
	}, "Part", "Node3D", "CharacterBody3D"},
	{"instance's root holds its script", map[string]string{
		"s.gd":      "extends Node3D\n",
		"part.tscn": scene(map[string]string{"res://c/s.gd": "1"}, `[node name="P" type="CharacterBody3D"]`+"\nscript = ExtResource(\"1\")"),
		"main.tscn": scene(map[string]string{"res://c/part.tscn": "2"}, `[node name="M" type="Node2D"]`, `[node name="Part" parent="." instance=ExtResource("2")]`),
	}, "", "", ""},
	{"editable child keeps its class", map[string]string{
		"s.gd":      "extends Node3D\n",
		"part.tscn": scene(nil, `[node name="P" type="Node3D"]`, `[node name="Arm" type="Node2D" parent="."]`),
		"main.tscn": scene(map[string]string{"res://c/s.gd": "1", "res://c/part.tscn": "2"}, `[node name="M" type="Node"]`, `[node name="Part" parent="." instance=ExtResource("2")]`,
			`[node name="Arm" parent="Part"]`+"\nscript = ExtResource(\"1\")", `[editable path="Part"]`),
	}, "Part/Arm", "Node2D", "Node3D"},
}

// nodeScriptFiles returns the files of the cases, case i's under folder
// c<i>, their paths to res://c/ made res://c<i>/.
func nodeScriptFiles() map[string]string {
	files := map[string]string{}
	for i, c := range nodeScriptCases {
		dir := fmt.Sprintf("c%d", i)
		for name, src := range c.files {
			files[dir+"/"+name] = strings.ReplaceAll(src, "res://c/", "res://"+dir+"/")
		}
	}
	return files
}

func TestTreeNodeScript(t *testing.T) {
	files := nodeScriptFiles()
	// The class_name case as a binary scene, whose placeholder's class
	// depends on how the file stores the parent.
	f, err := resource.Read(strings.NewReader(files["c5/main.tscn"]))
	require.NoError(t, err)
	f, err = f.SavedAs("res://c5/main.scn", resource.Binary)
	require.NoError(t, err)
	var bin bytes.Buffer
	require.NoError(t, f.WriteBinary(&bin))
	files["c5/main.scn"] = bin.String()
	p, err := Open(writeProject(t, files))
	require.NoError(t, err)
	_, err = p.Tree("res://c5/main.scn")
	assert.EqualError(t, err, "res://c5/main.scn: node Mover: script res://c5/s.gd: type MoverA, which a game cannot create, in a binary scene: the class of the placeholder the engine makes is not read")
	for i, c := range nodeScriptCases {
		t.Run(c.name, func(t *testing.T) {
			res := fmt.Sprintf("res://c%d/main.tscn", i)
			_, err := p.Tree(res)
			if c.node == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, fmt.Sprintf("%s: node %s: script res://c%d/s.gd: Script inherits from native type '%s', so it can't be assigned to an object of type '%s'.", res, c.node, i, c.native, c.class))
		})
	}
}

// A script the engine does not load costs only its nodes: the engine runs
// them without it (TestLiveAutoloadFaults shows its Main so), and Tree
// gives them no Script and the ScriptFault, at the script's line. A
// script extending it does not load either. Before, Tree refused the
// scene.
func TestTreeScriptFault(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{
		"old.gd":   "extends Node\n@rpc(any_peer, reliable)\nfunc hit():\n\tpass\n",
		"child.gd": "extends \"res://old.gd\"\n",
		"ok.gd":    "extends Node\n@rpc(\"any_peer\")\nfunc hit():\n\tpass\n",
		"main.tscn": scene(map[string]string{"res://old.gd": "1", "res://child.gd": "2", "res://ok.gd": "3", "res://gone.gd": "4"},
			`[node name="Main" type="Node"]`+"\nscript = ExtResource(\"1\")",
			`[node name="Child" type="Node" parent="."]`+"\nscript = ExtResource(\"2\")",
			`[node name="Ok" type="Node" parent="."]`+"\nscript = ExtResource(\"3\")",
			`[node name="Gone" type="Node" parent="."]`+"\nscript = ExtResource(\"4\")"),
	}))
	require.NoError(t, err)
	nodes, err := p.Tree("res://main.tscn")
	require.NoError(t, err)
	type row struct {
		path, script string
		faultAt      string // the script and line of its ScriptError
		missing      bool
	}
	var got []row
	for _, n := range nodes {
		r := row{path: n.Path, script: n.Script}
		var se *ScriptError
		if errors.As(n.ScriptFault, &se) {
			r.faultAt = fmt.Sprintf("%s:%d", se.Path, se.Line)
		}
		r.missing = errors.Is(n.ScriptFault, fs.ErrNotExist)
		got = append(got, r)
	}
	assert.Equal(t, []row{
		{path: ".", faultAt: "res://old.gd:2"},
		{path: "Child", faultAt: "res://child.gd:1"}, // its extends, of a base that does not load
		{path: "Ok", script: "res://ok.gd"},
		{path: "Gone", faultAt: "res://gone.gd:0", missing: true},
	}, got)
}
