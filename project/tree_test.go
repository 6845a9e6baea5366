package project

import (
	"maps"
	"testing"

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

func TestTreeErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
		is    error
	}{
		{"cycle", map[string]string{"seat.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://lobby.tscn\" id=\"1\"]\n[node name=\"Seat\" type=\"Node\"]\n[node name=\"L\" parent=\".\" instance=ExtResource(\"1\")]\n"},
			"res://lobby.tscn instances itself", nil},
		{"missing", map[string]string{"seat.tscn": ""}, "res://main.tscn: node Left: res://lobby.tscn: node Seat: res://seat.tscn: the project has no such scene", nil},
		{"override", map[string]string{"main.tscn": treeFiles["main.tscn"] + "[node name=\"Spawner\" parent=\"Right/Chair\"]\nspawn_limit = 3\n"},
			"res://main.tscn: node Right/Chair/Spawner: spawn_limit of its instanced MultiplayerSpawner is overridden", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := maps.Clone(treeFiles)
			for k, v := range tt.files {
				if v == "" {
					delete(files, k)
				} else {
					files[k] = v
				}
			}
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			_, err = p.Tree("res://main.tscn")
			assert.ErrorContains(t, err, tt.want)
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
