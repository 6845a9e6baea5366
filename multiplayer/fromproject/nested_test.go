package fromproject

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// A spawned scene's own spawners (b.tscn's Weapon/Gun, as
// BatteryAcid__godot-authority-2's player holds its ProjectileSpawner) are
// declared with the scene, their spawn_path resolved from the scene's
// root and their scenes read with their synchronizers, so that each
// spawned node holds them (multiplayer.Object.SpawnerAt).
func TestNestedSpawnersDeclared(t *testing.T) {
	d, err := read(writeProject(t, nestedFiles("res://shot.tscn")), "res://main.tscn")
	require.NoError(t, err)
	b := d.spawners[0].cfg.Scenes[0]
	require.Equal(t, "res://b.tscn", b.Path)
	assert.Equal(t, []multiplayer.SceneSpawner{{Path: "Weapon/Gun", SpawnerConfig: multiplayer.SpawnerConfig{
		SpawnPath: "Shots", Limit: 8,
		Scenes: []multiplayer.SpawnableScene{{Path: "res://shot.tscn", Synchronizers: []multiplayer.Synchronizer{
			{Path: "Sync", Properties: []multiplayer.Property{{Path: ".:position", Spawn: true, Replicate: mode.ReplicateAlways}}},
		}}},
	}}}, b.Spawners)

	m := multiplayer.MustNew()
	game, err := Declare(m, writeProject(t, nestedFiles("res://shot.tscn")), "res://main.tscn")
	require.NoError(t, err)
	players, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	ctx := t.Context()
	go func() { _ = m.ListenAndServe(ctx, "127.0.0.1:0") }()
	require.Eventually(t, func() bool { return m.ID() == multiplayer.ServerID }, time.Minute, 5*time.Millisecond)
	ship, err := players.Spawn("res://b.tscn", "2", nil)
	require.NoError(t, err)
	gun := ship.SpawnerAt("Weapon/Gun")
	require.NotNil(t, gun)
	shot, err := gun.Spawn("res://shot.tscn", "S", map[string]any{".:position": nil})
	require.NoError(t, err)
	assert.Equal(t, "/root/Main/Players/2/Shots/S", shot.Path())
}

// The skeleton of a server names a spawned scene's spawners, and how to
// spawn through them.
func TestSkeletonNestedSpawners(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, WriteSkeleton(&out, writeProject(t, nestedFiles("res://shot.tscn")), "res://main.tscn"))
	assert.Contains(t, out.String(), `// Its MultiplayerSpawner Weapon/Gun spawns under Shots, in each spawn o: o.SpawnerAt("Weapon/Gun").Spawn("res://shot.tscn", name, state).`)
}

// A scene that spawns itself, through its spawners' scenes, is refused
// with the chain of scenes; so are a spawner root and a spawner that
// would declare too many scenes.
func TestNestedSpawnersRefused(t *testing.T) {
	_, err := read(writeProject(t, nestedFiles("res://b.tscn")), "res://main.tscn")
	assert.ErrorContains(t, err, "res://b.tscn spawns itself (res://b.tscn > res://b.tscn), which is not served")

	files := nestedFiles("res://shot.tscn")
	files["shot.tscn"] = "[gd_scene format=3]\n[node name=\"S\" type=\"MultiplayerSpawner\"]\nspawn_path = NodePath(\"..\")\n"
	_, err = read(writeProject(t, files), "res://main.tscn")
	assert.ErrorContains(t, err, "res://shot.tscn: its root is a spawner, which is not served")

	// s0 spawns s1 by 8 spawners, s1 s2 by 8, …: 8^5 scenes to declare.
	files = nestedFiles("res://s0.tscn")
	for i := range 6 {
		text := "[gd_scene format=3]\n[node name=\"R\" type=\"Node\"]\n"
		for k := range 8 {
			if i < 5 {
				text += fmt.Sprintf("[node name=\"G%d\" type=\"MultiplayerSpawner\" parent=\".\"]\n_spawnable_scenes = PackedStringArray(\"res://s%d.tscn\")\nspawn_path = NodePath(\"..\")\n", k, i+1)
			}
		}
		files[fmt.Sprintf("s%d.tscn", i)] = text
	}
	_, err = read(writeProject(t, files), "res://main.tscn")
	assert.ErrorContains(t, err, "spawner /root/Main/Spawner: its scenes, with their spawners' scenes, are 4097 scenes to declare (at most 4096)")
}

// nestedFiles are the test project's files with b.tscn holding a Weapon
// whose Gun spawns gun under the ship's Shots.
func nestedFiles(gun string) map[string]string {
	shot := `[gd_scene format=3]

[sub_resource type="SceneReplicationConfig" id="c"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 1

[node name="Shot" type="Node2D"]

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_config = SubResource("c")
`
	b := `[gd_scene format=3]

[node name="B" type="Node2D"]

[node name="Weapon" type="Node2D" parent="."]

[node name="Gun" type="MultiplayerSpawner" parent="Weapon"]
_spawnable_scenes = PackedStringArray("GUN")
spawn_path = NodePath("../../Shots")
spawn_limit = 8

[node name="Shots" type="Node2D" parent="."]
`
	return map[string]string{"b.tscn": strings.Replace(b, "GUN", gun, 1), "shot.tscn": shot}
}
