package fromproject

import (
	"context"
	"errors"
	"maps"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// gameFiles is a small game: a main node whose script extends another,
// a spawner of two scenes, and a synchronizer in each.
var gameFiles = map[string]string{
	"project.godot": "config_version=5\n",
	"base.gd": `extends Node
@rpc
func zeta(): pass
@rpc("any_peer", "unreliable_ordered", "call_local", 3)
func alpha(x): pass
`,
	"main.gd": `extends "res://base.gd"
@rpc("unreliable")
func mid(): pass
func not_rpc(): pass
`,
	"main.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://main.gd" id="1"]
[ext_resource type="PackedScene" path="res://lobby.tscn" id="2"]

[sub_resource type="SceneReplicationConfig" id="ball"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 1

[node name="Main" type="Node"]
script = ExtResource("1")

[node name="Players" type="Node" parent="."]

[node name="Spawner" type="MultiplayerSpawner" parent="."]
_spawnable_scenes = PackedStringArray("res://b.tscn", "res://a.tscn")
spawn_path = NodePath("../Players")
spawn_limit = 4

[node name="Ball" type="Node2D" parent="."]

[node name="BallSync" type="MultiplayerSynchronizer" parent="."]
root_path = NodePath("../Ball")
replication_config = SubResource("ball")

[node name="Lobby" parent="." instance=ExtResource("2")]
`,
	"lobby.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://a.gd" id="1"]

[node name="Lobby" type="Node"]

[node name="Board" type="Node2D" parent="."]
script = ExtResource("1")
`,
	"a.gd": "extends Node2D\n@rpc(\"any_peer\")\nfunc hit(): pass\n",
	"a.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://a.gd" id="1"]

[sub_resource type="SceneReplicationConfig" id="c"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 2
properties/1/path = NodePath(".:rotation")
properties/1/spawn = false
properties/1/replication_mode = 1

[node name="A" type="Node2D"]
script = ExtResource("1")

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_interval = 0.1
delta_interval = 0.0333339
public_visibility = false
replication_config = SubResource("c")
`,
	"b.tscn": `[gd_scene format=3]

[node name="B" type="Node"]
`,
}

// bareMethods returns methods without their Params, to compare with
// literals.
func bareMethods(methods []multiplayer.Method) []multiplayer.Method {
	out := slices.Clone(methods)
	for i := range out {
		out[i].Params = nil
	}
	return out
}

// noParams are the Params of a function without parameters.
var noParams = &multiplayer.Params{Fixed: []multiplayer.Param{}}

// paramsOfMethods returns the Params of each method.
func paramsOfMethods(methods []multiplayer.Method) []*multiplayer.Params {
	var out []*multiplayer.Params
	for _, m := range methods {
		out = append(out, m.Params)
	}
	return out
}

// writeProject writes files, over gameFiles, into a new project.
func writeProject(t *testing.T, files map[string]string) *project.Project {
	dir := t.TempDir()
	all := maps.Clone(gameFiles)
	maps.Copy(all, files)
	for name, text := range all {
		if text != "" {
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
		}
	}
	p, err := project.Open(dir)
	require.NoError(t, err)
	return p
}

// What the game's files declare: a node's methods, its script's and its
// bases', numbered and checksummed as the engine does; a spawner with its
// scenes in order, each with its root's methods and its synchronizers; a
// node of an instanced scene at its full path; a synchronizer of the main
// scene's own nodes on the node its root_path names.
func TestRead(t *testing.T) {
	d, err := read(writeProject(t, nil), "res://main.tscn")
	require.NoError(t, err)
	assert.Equal(t, "/root/Main", d.root)

	main := nodeOf(t, d, "/root/Main")
	assert.Equal(t, "res://main.gd", main.script.path)
	assert.Equal(t, []multiplayer.Method{
		{Name: "alpha", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.UnreliableOrdered, Channel: 3},
		{Name: "mid", Transfer: mode.Unreliable},
		{Name: "zeta", Transfer: mode.Reliable}, // a bare @rpc
	}, bareMethods(main.methods.Methods()))
	assert.Equal(t, []*multiplayer.Params{{Fixed: []multiplayer.Param{{Name: "x"}}}, noParams, noParams},
		paramsOfMethods(main.methods.Methods()), "the functions' parameters")
	assert.Equal(t, multiplayer.Checksum([]string{"zeta", "alpha", "mid"}), main.methods.Checksum())

	require.Len(t, d.spawners, 1)
	assert.Equal(t, spawnerDecl{"/root/Main/Spawner", multiplayer.SpawnerConfig{
		SpawnPath: "/root/Main/Players",
		Limit:     4,
		Scenes: []multiplayer.SpawnableScene{{Path: "res://b.tscn"}, {
			Path:    "res://a.tscn",
			Methods: []multiplayer.Method{{Name: "hit", Mode: mode.AnyPeer, Transfer: mode.Reliable, Params: noParams}},
			Synchronizers: []multiplayer.Synchronizer{{
				Path: "Sync",
				Properties: []multiplayer.Property{
					{Path: ".:position", Spawn: true, Replicate: mode.ReplicateOnChange},
					{Path: ".:rotation", Replicate: mode.ReplicateAlways},
				},
				Interval:      100 * time.Millisecond,
				DeltaInterval: 33333 * time.Microsecond, // truncated, as the engine does
				Private:       true,
			}},
		}},
	}}, d.spawners[0])

	board := nodeOf(t, d, "/root/Main/Lobby/Board") // a node of an instanced scene, at its full path
	assert.Equal(t, []multiplayer.Method{{Name: "hit", Mode: mode.AnyPeer, Transfer: mode.Reliable}}, bareMethods(board.methods.Methods()))

	ball, ok := d.statics.Get("/root/Main/Ball")
	require.True(t, ok)
	assert.Equal(t, []multiplayer.Synchronizer{{Path: "../BallSync", Properties: []multiplayer.Property{
		{Path: ".:position", Spawn: true, Replicate: mode.ReplicateAlways},
	}}}, ball)
	assert.Equal(t, 1, d.statics.Len(), "BallSync is no synchronized node of its own")
}

// nodeOf returns the node with a script d declares at path.
func nodeOf(t *testing.T, d *declarations, path string) nodeDecl {
	t.Helper()
	for _, n := range d.nodes {
		if n.path == path {
			return n
		}
	}
	t.Fatalf("no node %s", path)
	return nodeDecl{}
}

// Declare declares on the Multiplayer what the files declare, and finds
// it by path; a handler set through it is the node's: the call_local
// method alpha, called on the server itself, runs it.
func TestDeclare(t *testing.T) {
	m := multiplayer.MustNew()
	d, err := Declare(m, writeProject(t, nil), "res://main.tscn")
	require.NoError(t, err)

	main, err := d.Node("/root/Main")
	require.NoError(t, err)
	assert.Same(t, m.Lookup("/root/Main"), main)
	assert.Equal(t, multiplayer.Checksum([]string{"zeta", "alpha", "mid"}), main.MethodSet().Checksum())
	_, err = d.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	assert.NotNil(t, m.Lookup("/root/Main/Spawner"), "the spawner's node")
	board, err := d.Node("/root/Main/Lobby/Board")
	require.NoError(t, err)
	assert.Equal(t, multiplayer.Checksum([]string{"hit"}), board.MethodSet().Checksum())
	ball, err := d.Synchronized("/root/Main/Ball")
	require.NoError(t, err)
	assert.Same(t, m.Lookup("/root/Main/Ball"), ball.Node())
	assert.NotNil(t, m.Lookup("/root/Main/BallSync"), "the synchronizer's node")
	_, err = d.Synchronized("/root/Main/BallSync")
	assert.ErrorContains(t, err, "res://main.tscn has no node /root/Main/BallSync that a MultiplayerSynchronizer replicates")
	_, err = d.Spawner("/root/Main/Players")
	assert.ErrorContains(t, err, "res://main.tscn has no MultiplayerSpawner /root/Main/Players")

	got := make(chan int64, 1)
	require.NoError(t, d.Handle("/root/Main", "zeta", func(*multiplayer.Call) {}))
	require.NoError(t, d.Handle("/root/Main", "alpha", func(_ *multiplayer.Call, x int64) { got <- x }))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go m.Serve(ctx, ln)
	require.Eventually(t, func() bool { return m.ID() == multiplayer.ServerID }, liveWait, time.Millisecond)
	require.NoError(t, main.Call(multiplayer.ServerID, "alpha", 7))
	assert.Equal(t, int64(7), <-got)
}

// Each mistake is an error that names the file it is in, and declares
// nothing.
func TestDeclareErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"channel", map[string]string{"a.gd": "extends Node\n@rpc(\"any_peer\", \"reliable\", \"call_local\", 254)\nfunc f(): pass\n"}, "res://a.gd: method f: channel 254"},
		{"missing instance", map[string]string{"lobby.tscn": ""}, "res://main.tscn: node Lobby: res://lobby.tscn: the project has no such scene"},
		{"sync root outside", map[string]string{"main.tscn": "[gd_scene format=3]\n[node name=\"Main\" type=\"Node\"]\n[node name=\"S\" type=\"MultiplayerSynchronizer\" parent=\".\"]\nroot_path = NodePath(\"../..\")\n"}, "res://main.tscn: synchronizer /root/Main/S: root_path ../.. leaves the scene"},
		{"no spawn path", map[string]string{"main.tscn": "[gd_scene format=3]\n[node name=\"Main\" type=\"Node\"]\n[node name=\"S\" type=\"MultiplayerSpawner\" parent=\".\"]\n"}, "res://main.tscn: spawner /root/Main/S: no spawn_path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := multiplayer.MustNew()
			_, err := Declare(m, writeProject(t, tt.files), "res://main.tscn")
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			for _, p := range []string{"/root/Main", "/root/Main/Spawner", "/root/Main/Ball", "/root/Main/Lobby/Board", "/root/Main/S"} {
				assert.Nil(t, m.Lookup(p), "%s declared", p)
			}
		})
	}

	d, err := Declare(multiplayer.MustNew(), writeProject(t, nil), "res://main.tscn")
	require.NoError(t, err)
	assert.EqualError(t, d.Handle("/root/Main", "not_rpc", func(*multiplayer.Call) {}),
		`res://main.gd (node /root/Main of res://main.tscn) declares no @rpc method "not_rpc"`)
	assert.EqualError(t, d.Handle("/root/Nope", "zeta", func(*multiplayer.Call) {}), "res://main.tscn has no node /root/Nope with a script")
	assert.ErrorContains(t, d.Handle("/root/Main", "zeta", 3), "res://base.gd:3: multiplayer: handler of /root/Main.zeta", "the place of the function, in a base")

	_, err = Declare(multiplayer.MustNew(), writeProject(t, nil), "res://nope.tscn")
	assert.ErrorContains(t, err, "nope.tscn")
	taken := multiplayer.MustNew()
	taken.Node("/root/Main/Lobby/Board")
	_, err = Declare(taken, writeProject(t, nil), "res://main.tscn")
	assert.EqualError(t, err, "res://main.tscn: node /root/Main/Lobby/Board is declared already")
	assert.Nil(t, taken.Lookup("/root/Main"), "nothing declared")
}

// The autoloads are declared as the game adds them under /root, before
// the main scene: a script's node with its @rpc methods (a lobby's
// register_player, as in jammin_lobby's gamestate), and a scene's nodes,
// its spawners and synchronizers among them. An autoload's mistake names
// the autoload's file.
func TestDeclareAutoloads(t *testing.T) {
	files := map[string]string{
		"project.godot": "config_version=5\n\n[autoload]\n\ngamestate=\"*res://gamestate.gd\"\nHud=\"*res://hud.tscn\"\n",
		"gamestate.gd":  "extends Node\n@rpc(\"any_peer\")\nfunc register_player(name): pass\n@rpc(\"call_local\")\nfunc load_world(): pass\n",
		"hud.tscn": `[gd_scene format=3]

[ext_resource type="Script" path="res://a.gd" id="1"]

[sub_resource type="SceneReplicationConfig" id="c"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 1

[node name="Hud" type="Node"]

[node name="Board" type="Node2D" parent="."]
script = ExtResource("1")

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
root_path = NodePath("../Board")
replication_config = SubResource("c")

[node name="Spawner" type="MultiplayerSpawner" parent="."]
_spawnable_scenes = PackedStringArray("res://b.tscn")
spawn_path = NodePath("..")
`,
	}
	m := multiplayer.MustNew()
	d, err := Declare(m, writeProject(t, files), "res://main.tscn")
	require.NoError(t, err)
	gamestate, err := d.Node("/root/gamestate")
	require.NoError(t, err)
	assert.Equal(t, []multiplayer.Method{
		{Name: "load_world", CallLocal: true, Transfer: mode.Reliable},
		{Name: "register_player", Mode: mode.AnyPeer, Transfer: mode.Reliable},
	}, bareMethods(gamestate.MethodSet().Methods()))
	require.NoError(t, d.Handle("/root/gamestate", "register_player", func(*multiplayer.Call, string) {}))
	_, err = d.Node("/root/Hud/Board")
	require.NoError(t, err)
	_, err = d.Spawner("/root/Hud/Spawner")
	require.NoError(t, err)
	board, err := d.Synchronized("/root/Hud/Board")
	require.NoError(t, err)
	assert.Same(t, m.Lookup("/root/Hud/Board"), board.Node())
	_, err = d.Node("/root/Main")
	require.NoError(t, err, "the main scene, after them")

}

// What the engine runs the game without costs only itself, and Skipped
// says it, each file once: an autoload it does not add (its script
// missing, or not loaded), a node whose script does not load (no
// methods), a spawnable scene that does not read (declared empty: its
// index on the wire kept). Before, each was Declare's error, and the
// audit's clients joined nothing.
func TestDeclareSkips(t *testing.T) {
	old := "extends Node\n@rpc(any_peer, reliable)\nfunc f(): pass\n" // Godot 4.0's betas' form
	tests := []struct {
		name  string
		files map[string]string
		gone  string // the path not declared
		skip  Skip   // Err as its message's start
	}{
		{"autoload missing", map[string]string{"project.godot": "config_version=5\n[autoload]\ngamestate=\"*res://gamestate.gd\"\n"},
			"/root/gamestate", Skip{File: "res://gamestate.gd", Node: "/root/gamestate", Err: errors.New("autoload gamestate: res://gamestate.gd: the project has no such script")}},
		{"autoload not loaded", map[string]string{"project.godot": "config_version=5\n[autoload]\ngamestate=\"*res://gamestate.gd\"\n", "gamestate.gd": old},
			"/root/gamestate", Skip{File: "res://gamestate.gd", Node: "/root/gamestate", Err: errors.New("autoload gamestate: res://gamestate.gd:2: not read")}},
		{"node's script not loaded", map[string]string{"main.gd": "extends \"res://base.gd\"\n@rpc(\"sideways\")\nfunc f(): pass\n"},
			"/root/Main", Skip{File: "res://main.gd", Node: "/root/Main", Err: errors.New("res://main.gd:2: ")}},
		{"spawnable scene missing", map[string]string{"a.tscn": ""},
			"", Skip{File: "res://a.tscn", Err: errors.New("res://a.tscn: the project has no such scene")}},
		{"spawnable scene's instance missing", map[string]string{"a.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://gone.tscn\" id=\"1\"]\n[node name=\"A\" type=\"Node\"]\n[node name=\"G\" parent=\".\" instance=ExtResource(\"1\")]\n"},
			"", Skip{File: "res://a.tscn", Err: errors.New("res://a.tscn: node G: res://gone.tscn: the project has no such scene")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := multiplayer.MustNew()
			d, err := Declare(m, writeProject(t, tt.files), "res://main.tscn")
			require.NoError(t, err)
			require.Len(t, d.Skipped(), 1)
			got := d.Skipped()[0]
			assert.Equal(t, tt.skip.File, got.File)
			assert.Equal(t, tt.skip.Node, got.Node)
			assert.True(t, strings.HasPrefix(got.Err.Error(), tt.skip.Err.Error()), got.Err.Error())
			if tt.gone != "" {
				assert.Nil(t, m.Lookup(tt.gone), "declared")
			}
			_, err = d.Node("/root/Main/Lobby/Board")
			assert.NoError(t, err, "the rest declared")
			cfg, ok := d.SpawnerConfig("/root/Main/Spawner")
			require.True(t, ok)
			assert.Equal(t, "res://a.tscn", cfg.Scenes[1].Path, "each scene at its index")
		})
	}
}

// A main scene whose root is named as an autoload, or is the autoload's
// own scene, runs beside the autoload, renamed as the engine renames it
// (project.RunningTree): both are declared, each once. Before, Declare
// refused the second /root/gamestate ("declared twice"), as it did the
// corpus's QuestDatabase.tscn and inventory.tscn.
func TestDeclareMainNamedAsAutoload(t *testing.T) {
	files := map[string]string{
		"project.godot": "config_version=5\n\n[autoload]\n\ngamestate=\"*res://gamestate.gd\"\nHud=\"*res://hud.tscn\"\n",
		"gamestate.gd":  "extends Node\n@rpc(\"any_peer\")\nfunc register_player(name): pass\n",
		"state.tscn":    "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://a.gd\" id=\"1\"]\n\n[node name=\"gamestate\" type=\"Node2D\"]\nscript = ExtResource(\"1\")\n",
		"hud.tscn":      "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://a.gd\" id=\"1\"]\n\n[node name=\"Hud\" type=\"Node\"]\n\n[node name=\"Board\" type=\"Node2D\" parent=\".\"]\nscript = ExtResource(\"1\")\n",
	}
	p := writeProject(t, files)
	for main, nodes := range map[string][]string{
		"res://state.tscn": {"/root/gamestate", "/root/Hud/Board", "/root/@Node2D@2"},
		"res://hud.tscn":   {"/root/gamestate", "/root/Hud/Board", "/root/@Node@2/Board"},
	} {
		d, err := Declare(multiplayer.MustNew(), p, main)
		require.NoError(t, err, main)
		for _, n := range nodes {
			_, err := d.Node(n)
			assert.NoError(t, err, main)
		}
	}
}

// A synchronizer of a spawned scene may replicate any node of it: an
// Inputs child synchronized by its own synchronizer (the tutorials'
// per-peer input), beside the root's. Its properties are named from the
// scene's root ("Inputs:direction"), so that two nodes' properties of one
// name stay apart; a root_path out of the scene is an error naming it.
func TestSpawnedSynchronizerRoots(t *testing.T) {
	player := `[gd_scene format=3]

[sub_resource type="SceneReplicationConfig" id="root"]
properties/0/path = NodePath(".:position")
properties/0/spawn = true
properties/0/replication_mode = 1

[sub_resource type="SceneReplicationConfig" id="inputs"]
properties/0/path = NodePath(".:position")
properties/0/spawn = false
properties/0/replication_mode = 1
properties/1/path = NodePath("Aim:rotation")
properties/1/spawn = false
properties/1/replication_mode = 2

[node name="B" type="Node2D"]

[node name="Sync" type="MultiplayerSynchronizer" parent="."]
replication_config = SubResource("root")

[node name="Inputs" type="Node2D" parent="."]

[node name="Aim" type="Node2D" parent="Inputs"]

[node name="InputSync" type="MultiplayerSynchronizer" parent="Inputs"]
root_path = NodePath("..")
replication_config = SubResource("inputs")
`
	d, err := read(writeProject(t, map[string]string{"b.tscn": player}), "res://main.tscn")
	require.NoError(t, err)
	assert.Equal(t, []multiplayer.Synchronizer{
		{Path: "Sync", Properties: []multiplayer.Property{{Path: ".:position", Spawn: true, Replicate: mode.ReplicateAlways}}},
		{Path: "Inputs/InputSync", Root: "Inputs", Properties: []multiplayer.Property{
			{Path: "Inputs:position", Replicate: mode.ReplicateAlways},
			{Path: "Inputs/Aim:rotation", Replicate: mode.ReplicateOnChange},
		}},
	}, d.spawners[0].cfg.Scenes[0].Synchronizers)
	_, err = Declare(multiplayer.MustNew(), writeProject(t, map[string]string{"b.tscn": player}), "res://main.tscn")
	require.NoError(t, err)

	out := strings.Replace(player, `root_path = NodePath("..")`, `root_path = NodePath("../../..")`, 1)
	_, err = read(writeProject(t, map[string]string{"b.tscn": out}), "res://main.tscn")
	assert.ErrorContains(t, err, "res://b.tscn: synchronizer Inputs/InputSync: root_path ../../.. leaves the scene")
}

// A spawner whose spawn_function builds scenes in code (the project's
// files cannot say which) is given them by WithCustomSpawn: its Custom
// scenes, in order, read from the scenes' files, which SpawnCustom
// spawns; without it, SpawnCustom is refused. A spawner or a scene the
// project lacks, or no scene, is an error naming it.
func TestWithCustomSpawn(t *testing.T) {
	p := writeProject(t, nil)
	d, err := read(p, "res://main.tscn", WithCustomSpawn("/root/Main/Spawner", "res://a.tscn"), WithCustomSpawn("/root/Main/Spawner", "res://b.tscn"))
	require.NoError(t, err)
	custom := d.spawners[0].cfg.Custom
	require.Len(t, custom, 2)
	assert.Equal(t, "res://a.tscn", custom[0].Path)
	assert.Equal(t, []multiplayer.Method{{Name: "hit", Mode: mode.AnyPeer, Transfer: mode.Reliable}}, bareMethods(custom[0].Methods))
	assert.Len(t, custom[0].Synchronizers, 1)
	assert.Equal(t, "res://b.tscn", custom[1].Path)

	for _, c := range []struct {
		opts []Option
		want string
	}{
		{nil, "declares no custom scene"},
		{[]Option{WithCustomSpawn("/root/Main/Spawner", "res://a.tscn")}, ""},
	} {
		m := multiplayer.MustNew()
		scene, err := Declare(m, writeProject(t, nil), "res://main.tscn", c.opts...)
		require.NoError(t, err)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		go m.Serve(ctx, ln)
		require.Eventually(t, func() bool { return m.ID() == multiplayer.ServerID }, liveWait, time.Millisecond)
		sp, err := scene.Spawner("/root/Main/Spawner")
		require.NoError(t, err)
		_, err = sp.SpawnCustom("res://a.tscn", "Built", int64(3), map[string]any{".:position": gdvar.Vector2{}})
		if c.want == "" {
			assert.NoError(t, err)
		} else {
			assert.ErrorContains(t, err, c.want)
		}
		cancel()
		<-m.Done()
	}

	_, err = Declare(multiplayer.MustNew(), writeProject(t, nil), "res://main.tscn", WithCustomSpawn("/root/Main/Nope", "res://a.tscn"))
	assert.EqualError(t, err, "res://main.tscn has no MultiplayerSpawner /root/Main/Nope (WithCustomSpawn)")
	_, err = Declare(multiplayer.MustNew(), writeProject(t, nil), "res://main.tscn", WithCustomSpawn("/root/Main/Spawner", "res://nope.tscn"))
	assert.ErrorContains(t, err, "res://main.tscn: spawner /root/Main/Spawner: custom scene: res://nope.tscn")
	_, err = Declare(multiplayer.MustNew(), writeProject(t, nil), "res://main.tscn", WithCustomSpawn("/root/Main/Spawner"))
	assert.EqualError(t, err, "res://main.tscn: spawner /root/Main/Spawner: no custom scene named")
}

// On a Multiplayer of a branch (multiplayer.WithRoot), Declare declares
// the nodes under the branch alone, as the engine gives a branch's API
// them: the main scene's Lobby, not Main itself nor its spawner.
func TestDeclareBranch(t *testing.T) {
	m := multiplayer.MustNew(multiplayer.WithRoot("/root/Main/Lobby"))
	d, err := Declare(m, writeProject(t, nil), "res://main.tscn")
	require.NoError(t, err)
	board, err := d.Node("/root/Main/Lobby/Board")
	require.NoError(t, err)
	assert.Same(t, m.Lookup("Board"), board, "named relative to the branch")
	_, err = d.Node("/root/Main")
	assert.Error(t, err)
	_, err = d.Spawner("/root/Main/Spawner")
	assert.Error(t, err)
	_, err = d.Synchronized("/root/Main/Ball")
	assert.Error(t, err)
}

// A spawner of a spawnable scene whose spawn_function builds a scene in
// code is given it by WithCustomSpawnIn, in every node of that scene; a
// scene no spawner spawns, a spawner the scene lacks, or a built scene
// the project lacks is an error naming it.
func TestWithCustomSpawnIn(t *testing.T) {
	p, err := project.Open("testdata/custom")
	require.NoError(t, err)
	rock := WithCustomSpawn("/root/Main/Spawner", "res://rock.tscn")
	d, err := read(p, "res://main.tscn", rock, WithCustomSpawnIn("res://rock.tscn", "./Chipper", "res://chip.tscn"))
	require.NoError(t, err)
	spawners := d.spawners[0].cfg.Custom[0].Spawners
	require.Len(t, spawners, 1)
	assert.Equal(t, "Chipper", spawners[0].Path)
	require.Len(t, spawners[0].Custom, 1)
	assert.Equal(t, "res://chip.tscn", spawners[0].Custom[0].Path)

	d, err = read(p, "res://main.tscn", rock)
	require.NoError(t, err)
	assert.Nil(t, d.spawners[0].cfg.Custom[0].Spawners[0].Custom, "not named")

	for _, c := range []struct {
		opt  Option
		want string
	}{
		{WithCustomSpawnIn("res://chip.tscn", "Chipper", "res://chip.tscn"), "res://main.tscn: no spawner spawns res://chip.tscn, or it has no MultiplayerSpawner Chipper (WithCustomSpawnIn)"},
		{WithCustomSpawnIn("res://rock.tscn", "Chips", "res://chip.tscn"), "res://main.tscn: no spawner spawns res://rock.tscn, or it has no MultiplayerSpawner Chips (WithCustomSpawnIn)"},
		{WithCustomSpawnIn("res://rock.tscn", "Chipper", "res://nope.tscn"), "res://rock.tscn: spawner Chipper: custom scene: res://nope.tscn"},
	} {
		_, err := Declare(multiplayer.MustNew(), p, "res://main.tscn", rock, c.opt)
		assert.ErrorContains(t, err, c.want)
	}
}
