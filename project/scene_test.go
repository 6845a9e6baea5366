package project

import (
	"testing"

	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScene(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"main.gd":       "extends Node\n",
		"player.gd":     "extends Node2D\n@rpc(\"any_peer\") func hit(): pass\n",
		"player.gd.uid": "uid://cplayer\n",
		"player.tscn":   "[gd_scene format=3 uid=\"uid://bplayer\"]\n\n[node name=\"Player\" type=\"Node2D\"]\n",
		"bullet.tscn":   "[gd_scene format=3]\n\n[node name=\"Bullet\" type=\"Node2D\"]\n",
		"level.tscn":    "[gd_scene format=3]\n\n[node name=\"Level\" type=\"Node\"]\n",
		"main.tscn": `[gd_scene load_steps=5 format=3]

[ext_resource type="Script" path="res://main.gd" id="1"]
[ext_resource type="Script" uid="uid://cplayer" path="res://moved.gd" id="2"]
[ext_resource type="PackedScene" path="res://level.tscn" id="3"]

[sub_resource type="SceneReplicationConfig" id="cfg"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 2
properties/1/path = NodePath("Players:process_mode")
properties/1/spawn = false
properties/1/replication_mode = 0
properties/2/path = NodePath(".:old")
properties/2/sync = false
properties/2/watch = true
properties/3/path = NodePath("no_subname")
properties/9/path = NodePath(".:out_of_order")

[node name="Main" type="Node"]
script = ExtResource("1")

[node name="Players" type="Node" parent="."]
script = ExtResource("2")

[node name="Spawner" type="MultiplayerSpawner" parent="Players"]
_spawnable_scenes = PackedStringArray("uid://bplayer", "res://bullet.tscn", "uid://unknown")
spawn_path = NodePath("../Players")
spawn_limit = 4

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_interval = 0.1
delta_interval = 0.05
replication_config = SubResource("cfg")
visibility_update_mode = 1
public_visibility = false

[node name="Level" parent="." instance=ExtResource("3")]
`,
	})
	p, err := Open(dir)
	require.NoError(t, err)
	s, err := p.Scene("res://main.tscn")
	require.NoError(t, err)
	require.Len(t, s.Nodes, 5)
	var paths []string
	for _, n := range s.Nodes {
		paths = append(paths, n.Path)
	}
	assert.Equal(t, []string{".", "Players", "Players/Spawner", "Sync", "Level"}, paths)
	assert.Equal(t, "res://main.gd", s.Nodes[0].Script)
	assert.Equal(t, "res://player.gd", s.Nodes[1].Script, "the UID wins over the path, as in the engine's loader")
	assert.Equal(t, &SpawnerSettings{SpawnPath: "../Players", Scenes: []string{"res://player.tscn", "res://bullet.tscn", "uid://unknown"}, Limit: 4}, s.Nodes[2].Spawner)
	assert.Equal(t, &SynchronizerSettings{RootPath: "..", ReplicationInterval: 0.1, DeltaInterval: 0.05, VisibilityUpdateMode: 1,
		Properties: []PropertySettings{
			{".:position", true, mode.ReplicateOnChange},
			{"Players:process_mode", false, mode.ReplicateNever},
			{".:old", true, mode.ReplicateOnChange},
		}}, s.Nodes[3].Synchronizer)
	assert.Equal(t, "res://level.tscn", s.Nodes[4].Instance)
	assert.Empty(t, s.Nodes[4].Type)

	_, err = p.Scene("res://player.gd")
	assert.Error(t, err)
}
