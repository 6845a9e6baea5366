package audit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// The surface notes the spawners whose spawn_function a script sets, and
// the scenes it makes (a member holding the scene, player_spawner.gd),
// for the clients to declare as their custom scenes: here the level's
// PlayerSpawner, below the spawned level's root.
func TestCustomSpawnsDeclared(t *testing.T) {
	p, err := project.Open("testdata/custom")
	require.NoError(t, err)
	s, err := surfaceOf(p, "")
	require.NoError(t, err)
	assert.Equal(t, []customSpawn{{scene: "res://level.tscn", spawner: "PlayerSpawner", scenes: []string{"res://player.tscn"}}}, s.custom)
	assert.Len(t, declareCustom(p, "res://main.tscn", s.custom), 1)
	// One the clients cannot declare is left out, and the rest kept.
	bad := append([]customSpawn{{scene: "res://player.tscn", spawner: "Nope", scenes: []string{"res://player.tscn"}}}, s.custom...)
	assert.Len(t, declareCustom(p, "res://main.tscn", bad), 1)
}

// A spawner's PackedScene member set in the scene the main scene
// instances (thegates' UserDataSpawner, in user_data_manager.tscn) names
// the scene its spawn_function makes, as one the main scene sets does.
func TestCustomSpawnMemberOfInstance(t *testing.T) {
	p := writeProject(t, map[string]string{
		"main.tscn": `[gd_scene load_steps=2 format=3]

[ext_resource type="PackedScene" path="res://manager.tscn" id="1"]

[node name="Main" type="Node"]

[node name="Manager" parent="." instance=ExtResource("1")]
`,
		"manager.tscn": `[gd_scene load_steps=3 format=3]

[ext_resource type="Script" path="res://spawner.gd" id="1"]
[ext_resource type="PackedScene" path="res://data.tscn" id="2"]

[node name="Manager" type="Node"]

[node name="Datas" type="Node" parent="."]

[node name="Spawner" type="MultiplayerSpawner" parent="."]
spawn_path = NodePath("../Datas")
script = ExtResource("1")
data_scene = ExtResource("2")
`,
		"spawner.gd": `extends MultiplayerSpawner

@export var data_scene: PackedScene

func _ready() -> void:
	spawn_function = make

func make(id) -> Node:
	var d := data_scene.instantiate() as Node
	d.name = str(id)
	return d
`,
		"data.tscn": `[gd_scene load_steps=2 format=3]

[sub_resource type="SceneReplicationConfig" id="1"]
properties/0/path = NodePath(".:name")
properties/0/spawn = true
properties/0/replication_mode = 2

[node name="Data" type="Node"]

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_config = SubResource("1")
`,
	})
	s, err := surfaceOf(p, "")
	require.NoError(t, err)
	assert.Equal(t, []customSpawn{{spawner: "/root/Main/Manager/Spawner", scenes: []string{"res://data.tscn"}}}, s.custom)
	assert.Len(t, declareCustom(p, "res://main.tscn", s.custom), 1)
}
