package audit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// writeProject writes files (project.godot's main scene res://main.tscn
// unless given) and opens them as a project.
func writeProject(t testing.TB, files map[string]string) *project.Project {
	dir := t.TempDir()
	if _, ok := files["project.godot"]; !ok {
		files["project.godot"] = "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n"
	}
	for name, src := range files {
		name = filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
		require.NoError(t, os.WriteFile(name, []byte(src), 0o644))
	}
	p, err := project.Open(dir)
	require.NoError(t, err)
	return p
}

// sceneOf is a scene whose root, name, holds script (none for ""),
// followed by more: its other nodes, which may set a script of id "p",
// spawner.
func sceneOf(name, script, more string) string {
	s := "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://spawner.gd\" id=\"p\"]\n"
	if script != "" {
		s += fmt.Sprintf("[ext_resource type=\"Script\" path=%q id=\"s\"]\n", script)
	}
	s += fmt.Sprintf("\n[node name=%q type=\"Node\"]\n", name)
	if script != "" {
		s += "script = ExtResource(\"s\")\n"
	}
	return s + more
}

// anyPeer is a script of one any_peer method that never asks the sender.
const anyPeer = "extends Node\n@rpc(\"any_peer\")\nfunc ready_up() -> void:\n\tpass\n"

// The live audit's note on a scene reached from code.
func liveNote(scene string) string {
	return "the server runs it once the game loads it: a live audit calls it with -scene " + scene
}

// Each way a game reaches a scene holding RPCs, spawners or
// synchronizers is read, listed with how, and audited: its findings at
// its nodes' paths where the game places them ("*" where the code
// decides). A scene nothing reaches is a not-reached finding naming the
// -scene that reaches it. Before, only the running tree and its
// spawners' _spawnable_scenes were read: each of these found nothing.
func TestStaticReach(t *testing.T) {
	for _, c := range []struct {
		name   string
		files  map[string]string
		scene  string // -scene
		scenes []SceneReach
		keys   []string
	}{
		{"a lobby loads the match", map[string]string{
			"main.tscn":  sceneOf("Lobby", "res://lobby.gd", ""),
			"lobby.gd":   "extends Node\nfunc _on_start():\n\tget_tree().change_scene_to_file(\"res://match.tscn\")\n",
			"match.tscn": sceneOf("Match", "res://match.gd", ""),
			"match.gd":   anyPeer,
		}, "", []SceneReach{
			{Path: "res://match.tscn", Reached: ReachCode, By: "res://lobby.gd:3 change_scene_to_file", Root: "/root/Match", Methods: 1, Note: liveNote("res://match.tscn")},
		}, []string{"medium no-sender-check /root/Match.ready_up"}},
		{"-scene runs the match", map[string]string{
			"main.tscn":  sceneOf("Lobby", "res://lobby.gd", ""),
			"lobby.gd":   anyPeer + "func _on_start():\n\tget_tree().change_scene_to_file(\"res://match.tscn\")\n",
			"match.tscn": sceneOf("Match", "res://match.gd", ""),
			"match.gd":   anyPeer,
		}, "res://match.tscn", []SceneReach{
			{Path: "res://match.tscn", Reached: ReachMain, By: "-scene", Root: "/root/Match", Methods: 1},
			{Path: "res://main.tscn", Reached: ReachCode, By: "run/main_scene, which -scene replaced", Root: "/root/Lobby", Methods: 1, Note: liveNote("res://main.tscn")},
		}, []string{"medium no-sender-check /root/Lobby.ready_up", "medium no-sender-check /root/Match.ready_up"}},
		{"preload, then instantiate", map[string]string{
			"main.tscn": sceneOf("Main", "res://main.gd", ""),
			"main.gd":   "extends Node\nconst HUD = preload(\"hud.tscn\")\nfunc _ready():\n\tadd_child(HUD.instantiate())\n",
			"hud.tscn":  sceneOf("Hud", "res://hud.gd", ""),
			"hud.gd":    anyPeer,
		}, "", []SceneReach{
			{Path: "res://hud.tscn", Reached: ReachCode, By: "res://main.gd:2", Root: "*/Hud", Methods: 1, Note: liveNote("res://hud.tscn")},
		}, []string{"medium no-sender-check */Hud.ready_up res://hud.gd"}},
		{"an exported PackedScene", map[string]string{
			"main.tscn": "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"s\"]\n[ext_resource type=\"PackedScene\" path=\"res://match.tscn\" id=\"m\"]\n\n" +
				"[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"s\")\nmatch_scene = ExtResource(\"m\")\n",
			"main.gd":    "extends Node\n@export var match_scene: PackedScene\nfunc go():\n\tget_tree().change_scene_to_packed(match_scene)\n",
			"match.tscn": sceneOf("Match", "res://match.gd", ""),
			"match.gd":   anyPeer,
		}, "", []SceneReach{
			{Path: "res://match.tscn", Reached: ReachCode, By: "res://main.tscn (node ., property match_scene)", Root: "*/Match", Methods: 1, Note: liveNote("res://match.tscn")},
		}, []string{"medium no-sender-check */Match.ready_up res://match.gd"}},
		{"a spawn_function spawns the player", map[string]string{
			"main.tscn": sceneOf("Main", "", "\n[node name=\"Players\" type=\"Node\" parent=\".\"]\n\n"+
				"[node name=\"Spawner\" type=\"MultiplayerSpawner\" parent=\".\"]\nscript = ExtResource(\"p\")\nspawn_path = NodePath(\"../Players\")\n"),
			"spawner.gd": "extends MultiplayerSpawner\nconst PLAYER = preload(\"res://player.tscn\")\nfunc _ready():\n\tspawn_function = _spawn_player\n" +
				"func _spawn_player(id):\n\tvar p = PLAYER.instantiate()\n\tp.name = str(id)\n\treturn p\n",
			"player.tscn": sceneOf("Player", "res://player.gd", "\n[node name=\"Input\" type=\"MultiplayerSynchronizer\" parent=\".\"]\n"),
			"player.gd":   anyPeer + "func _enter_tree():\n\t$Input.set_multiplayer_authority(str(name).to_int())\n",
		}, "", []SceneReach{
			{Path: "res://main.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/Main", Spawners: 1},
			{Path: "res://player.tscn", Reached: ReachSpawned, By: "spawn_function _spawn_player of /root/Main/Spawner (res://spawner.gd:4)", Root: "/root/Main/Players/*", Methods: 1, Synchronizers: 1},
		}, []string{"medium no-sender-check /root/Main/Players/*.ready_up res://player.gd"}},
		{"add_spawnable_scene", map[string]string{
			"main.tscn":   sceneOf("Main", "res://main.gd", "\n[node name=\"Spawner\" type=\"MultiplayerSpawner\" parent=\".\"]\nspawn_path = NodePath(\"..\")\n"),
			"main.gd":     "extends Node\nfunc _ready():\n\t$Spawner.add_spawnable_scene(\"res://bullet.tscn\")\n",
			"bullet.tscn": sceneOf("Bullet", "res://bullet.gd", ""),
			"bullet.gd":   anyPeer,
		}, "", []SceneReach{
			{Path: "res://main.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/Main", Spawners: 1},
			{Path: "res://bullet.tscn", Reached: ReachSpawned, By: "add_spawnable_scene of /root/Main/Spawner (res://main.gd:3)", Root: "/root/Main/*", Methods: 1},
		}, []string{"medium no-sender-check /root/Main/*.ready_up res://bullet.gd"}},
		{"a scene autoload", map[string]string{
			"project.godot": "config_version=5\n[autoload]\nNet=\"*res://net.tscn\"\n",
			"net.tscn":      sceneOf("Net", "res://net.gd", ""),
			"net.gd":        anyPeer,
		}, "", []SceneReach{
			{Path: "res://net.tscn", Reached: ReachAutoload, By: "Net", Root: "/root/Net", Methods: 1},
		}, []string{"medium no-sender-check /root/Net.ready_up"}},
		{"C#", map[string]string{
			"main.tscn":  sceneOf("Main", "", ""),
			"Loader.cs":  "using Godot;\npublic partial class Loader : Node {\n\tpublic void Go() {\n\t\tGetTree().ChangeSceneToFile(\"res://match.tscn\");\n\t}\n}\n",
			"match.tscn": sceneOf("Match", "res://match.gd", ""),
			"match.gd":   anyPeer,
		}, "", []SceneReach{
			{Path: "res://match.tscn", Reached: ReachCode, By: "res://Loader.cs:4 change_scene_to_file", Root: "/root/Match", Methods: 1, Note: liveNote("res://match.tscn")},
		}, []string{"medium no-sender-check /root/Match.ready_up"}},
		{"code makes its node", map[string]string{
			"main.tscn": sceneOf("Main", "res://main.gd", ""),
			"main.gd":   "extends \"res://base.gd\"\nfunc _ready():\n\tadd_child(preload(\"res://req.gd\").new())\n",
			"base.gd":   anyPeer, // extended by a script on a node: that node's
			"req.gd":    "extends Node\n@rpc(\"any_peer\")\nfunc ask() -> void:\n\tpass\n",
		}, "", []SceneReach{
			{Path: "res://main.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/Main", Methods: 1},
			{Path: "res://req.gd", Reached: ReachNone, Root: "*", Methods: 1},
		}, []string{"medium not-reached res://req.gd", "medium no-sender-check *.ask res://req.gd", "medium no-sender-check /root/Main.ready_up"}},
		// A file names a scene for the game where the game runs it: a
		// scene read, one it instances, a script on their nodes or one
		// it extends, a script on no node (constants); not a scene
		// nothing reaches, nor a script only its nodes hold. Before, each
		// file named its scenes as code, and a String property named
		// none (via_part.tscn was not-reached, via_old*.tscn code).
		{"named by what runs", map[string]string{
			"main.tscn": "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"s\"]\n[ext_resource type=\"PackedScene\" path=\"res://part.tscn\" id=\"i\"]\n\n" +
				"[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"s\")\n\n[node name=\"Part\" parent=\".\" instance=ExtResource(\"i\")]\n",
			"main.gd":   "extends \"res://base.gd\"\n",
			"base.gd":   "extends Node\nfunc go():\n\tget_tree().change_scene_to_file(\"res://via_base.tscn\")\n",
			"part.tscn": "[gd_scene format=3]\n\n[node name=\"Part\" type=\"Node\"]\nnext = \"res://via_part.tscn\"\n",
			"consts.gd": "extends RefCounted\nconst LEVEL = \"res://via_consts.tscn\"\n",
			"old.tscn": "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://old.gd\" id=\"s\"]\n\n" +
				"[node name=\"Old\" type=\"Node\"]\nscript = ExtResource(\"s\")\nlevel = \"res://via_old.tscn\"\n",
			"old.gd":              "extends Node\nfunc go():\n\tload(\"res://via_old_script.tscn\")\n",
			"via_base.tscn":       sceneOf("ViaBase", "res://a.gd", ""),
			"via_part.tscn":       sceneOf("ViaPart", "res://b.gd", ""),
			"via_consts.tscn":     sceneOf("ViaConsts", "res://c.gd", ""),
			"via_old.tscn":        sceneOf("ViaOld", "res://d.gd", ""),
			"via_old_script.tscn": sceneOf("ViaOldScript", "res://e.gd", ""),
			"a.gd":                anyPeer, "b.gd": anyPeer, "c.gd": anyPeer, "d.gd": anyPeer, "e.gd": anyPeer,
		}, "", []SceneReach{
			{Path: "res://via_part.tscn", Reached: ReachCode, By: "res://part.tscn (node ., property next)", Root: "*/ViaPart", Methods: 1, Note: liveNote("res://via_part.tscn")},
			{Path: "res://via_base.tscn", Reached: ReachCode, By: "res://base.gd:3 change_scene_to_file", Root: "/root/ViaBase", Methods: 1, Note: liveNote("res://via_base.tscn")},
			{Path: "res://via_consts.tscn", Reached: ReachCode, By: "res://consts.gd:2", Root: "*/ViaConsts", Methods: 1, Note: liveNote("res://via_consts.tscn")},
			{Path: "res://via_old_script.tscn", Reached: ReachNone, By: "named by res://old.gd:3, which nothing reaches", Root: "*/ViaOldScript", Methods: 1},
			{Path: "res://via_old.tscn", Reached: ReachNone, By: "named by res://old.tscn (node ., property level), which nothing reaches", Root: "*/ViaOld", Methods: 1},
		}, []string{
			"medium not-reached res://via_old.tscn",
			"medium not-reached res://via_old_script.tscn",
			"medium no-sender-check */ViaConsts.ready_up res://c.gd",
			"medium no-sender-check */ViaOld.ready_up res://d.gd",
			"medium no-sender-check */ViaOldScript.ready_up res://e.gd",
			"medium no-sender-check */ViaPart.ready_up res://b.gd",
			"medium no-sender-check /root/ViaBase.ready_up",
		}},
		{"nothing reaches it", map[string]string{
			"main.tscn":   sceneOf("Main", "", ""),
			"old.tscn":    sceneOf("Old", "res://old.gd", "\n[node name=\"Spawner\" type=\"MultiplayerSpawner\" parent=\".\"]\nspawn_path = NodePath(\"..\")\n_spawnable_scenes = PackedStringArray(\"res://shot.tscn\")\n"),
			"old.gd":      anyPeer,
			"shot.tscn":   sceneOf("Shot", "res://shot.gd", ""),
			"shot.gd":     anyPeer,
			"menu.tscn":   sceneOf("Menu", "", ""), // holds nothing: not listed
			"dynamic.gd":  "extends Node\nfunc go(n):\n\tget_tree().change_scene_to_file(\"res://\" + n + \".tscn\")\n",
			"comment.gd":  "extends Node\n# get_tree().change_scene_to_file(\"res://old.tscn\")\n",
			"docs.gd":     "extends Node\n\"\"\"\nres://old.tscn\n\"\"\"\n",
			"unused.tscn": sceneOf("Unused", "res://old.gd", ""), // its script's findings are old.tscn's
		}, "", []SceneReach{
			{Path: "res://old.tscn", Reached: ReachNone, Root: "*/Old", Methods: 1, Spawners: 1},
			{Path: "res://shot.tscn", Reached: ReachNone, By: "spawner */Old/Spawner, in res://old.tscn, which nothing reaches", Root: "*/Old/*", Methods: 1},
			{Path: "res://unused.tscn", Reached: ReachNone, Root: "*/Unused", Methods: 1},
		}, []string{
			"medium not-reached res://old.tscn",
			"medium not-reached res://shot.tscn",
			"medium not-reached res://unused.tscn",
			"medium no-sender-check */Old.ready_up res://old.gd",
			"medium no-sender-check */Old/*.ready_up res://shot.gd",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep, err := Static(writeProject(t, c.files), c.scene)
			require.NoError(t, err)
			assert.Equal(t, c.scenes, rep.Scenes)
			assert.Equal(t, c.keys, rep.Keys())
			for _, f := range rep.Findings {
				if f.Kind == NotReached && f.Script == "res://shot.tscn" {
					assert.Contains(t, f.Message, "spawned by spawner */Old/Spawner, in res://old.tscn, which nothing reaches; -scene res://old.tscn audits it")
				}
				if f.Kind == NotReached && f.Script == "res://via_old.tscn" {
					assert.Contains(t, f.Message, "did not reach: named by res://old.tscn (node ., property level), which nothing reaches; -scene res://via_old.tscn audits it")
				}
			}
		})
	}
}

// A live audit calls the nodes the server runs as it starts (the main
// scene's, the autoloads', what their spawners spawn: a spawn_function's
// player too), and says of a scene reached from code that its methods
// were not called, with the -scene that calls them.
func TestLiveReach(t *testing.T) {
	p := writeProject(t, map[string]string{
		"main.tscn": sceneOf("Lobby", "res://lobby.gd", "\n"+
			"[node name=\"Spawner\" type=\"MultiplayerSpawner\" parent=\".\"]\nscript = ExtResource(\"p\")\nspawn_path = NodePath(\"..\")\n"),
		"lobby.gd":    anyPeer + "func _on_start():\n\tget_tree().change_scene_to_file(\"res://match.tscn\")\n",
		"spawner.gd":  "extends MultiplayerSpawner\nfunc _init():\n\tspawn_function = func(data):\n\t\treturn preload(\"res://player.tscn\").instantiate()\n",
		"player.tscn": sceneOf("Player", "res://player.gd", ""),
		"player.gd":   "extends Node\n@rpc(\"any_peer\")\nfunc jump() -> void:\n\tpass\n",
		"match.tscn":  sceneOf("Match", "res://match.gd", ""),
		"match.gd":    "extends Node\n@rpc(\"any_peer\")\nfunc score() -> void:\n\tpass\n",
	})
	s, err := surfaceOf(p, "")
	require.NoError(t, err)
	names := func(eps []endpoint) (out []string) {
		for _, e := range eps {
			out = append(out, e.node+"."+e.rpc.Name)
		}
		return out
	}
	assert.Equal(t, []string{"/root/Lobby.ready_up", "/root/Lobby/*.jump", "/root/Match.score"}, names(slices.Collect(s.endpoints())))
	assert.Equal(t, []string{"/root/Lobby.ready_up", "/root/Lobby/*.jump"}, names(slices.Collect(s.liveEndpoints())))
	notCalled := s.notCalled()
	require.Len(t, notCalled, 1)
	assert.Equal(t, "info not-checked /root/Match", notCalled[0].Key())
	assert.Contains(t, notCalled[0].Message, "-scene res://match.tscn")
	assert.Equal(t, "spawn_function lambda:3 of /root/Lobby/Spawner (res://spawner.gd:3)", s.scenes[1].By)
}

// The table says how many scenes nothing reached, by name, after its
// first line, then how each scene is reached.
func TestWriteScenes(t *testing.T) {
	scenes := []SceneReach{
		{Path: "res://main.tscn", Reached: ReachMain, By: "run/main_scene", Root: "/root/Main", Methods: 2},
		{Path: "res://old.tscn", Reached: ReachNone, Root: "*/Old", Methods: 1},
	}
	var b strings.Builder
	writeNotReached(&b, scenes)
	writeScenes(&b, scenes)
	assert.Equal(t, "1 scenes with RPCs, spawners or synchronizers not reached: res://old.tscn\n\n"+
		"SCENE\tREACHED\tROOT\tMETHODS\tSPAWNERS\tSYNCHRONIZERS\tBY\n"+
		"res://main.tscn\tmain\t/root/Main\t2\t0\t0\trun/main_scene\n"+
		"res://old.tscn\tnot-reached\t*/Old\t1\t0\t0\t\n", b.String())
	var out strings.Builder
	require.NoError(t, (&Report{Static: true, Scenes: scenes}).WriteTable(&out))
	assert.Regexp(t, `^audit of .*\n1 scenes with RPCs, spawners or synchronizers not reached: res://old.tscn\n\nSCENE +REACHED`, out.String())
}

// The corpus's multiplayer games, audited from their projects alone,
// declare what the scenes they reach hold, each scene with how. Before,
// only the running tree and its spawners' scenes were read (methods,
// spawners, synchronizers): AthertonRoamer 0 0 0, BatteryAcid 4 0 0,
// Amangas 10 1 1, tps-demo 0 0 0, jammin_lobby 9 0 0,
// ConcurrentMultiplayerScenes 0 0 0, WorkerCoop 0 0 0, RPC Chat 0 0 0,
// soccer 2 0 0, CROCPNG 0 0 0 (its main scene a splash screen); the
// others as now. Each scene's way was checked by hand against the
// scripts: CROCPNG's splash scene holds the multiplayer menu
// (_move_to, which SplashScreenFade.gd changes to), whose script loads
// the match (MultiplayerController.gd:151), whose spawners' scripts
// spawn enemies, money, bullets and bombs by spawn_function; its
// TestPathFinding.tscn, a test scene, nothing names, and no scene read
// holds its Player.gd (Player.tscn instances a shop scene the project
// lacks). AthertonRoamer's main.tscn holds its lobby, matchmaker and
// demo game in a configuration sub_resource; the two nothing reaches
// are under deprecated_multiplayer_template/. jammin_lobby's Lobby.gd
// makes its Request.gd node by JamminRequest.new() (two any_peer
// methods), and its tank.tscn does not read (the corpus cut its model);
// tps-demo's red_robot.gd and part.gd are the scene's the corpus cut
// (over 512 KiB). AtomicSponge and elixs cannot be read: the corpus cut
// the addons their main scene and autoloads name.
func TestStaticCorpusReach(t *testing.T) {
	for _, c := range []struct {
		folder                           string
		methods, spawners, synchronizers int
		reached                          map[Reach]int
	}{
		{"AthertonRoamer__Godot-Multiplayer-Game-Template", 39, 0, 0, map[Reach]int{ReachCode: 6, ReachNone: 2}},
		{"BatteryAcid__godot-authority-2", 15, 3, 6, map[Reach]int{ReachAutoload: 1, ReachCode: 1, ReachMain: 1, ReachSpawned: 5}},
		{"BoQsc__godot-multiplayerspawner-research", 0, 1, 1, map[Reach]int{ReachMain: 1, ReachSpawned: 1}},
		{"Ultraegern__godot-multiplayer-example", 0, 1, 1, map[Reach]int{ReachMain: 1, ReachSpawned: 1}},
		{"brb-fr__Amangas", 10, 2, 1, map[Reach]int{ReachCode: 1, ReachMain: 1, ReachSpawned: 1}},
		{"devloglogan__MultiplayerFPSTutorial", 2, 1, 1, map[Reach]int{ReachMain: 1, ReachSpawned: 1}},
		{"godotengine__tps-demo", 11, 1, 4, map[Reach]int{ReachCode: 1, ReachNone: 2, ReachSpawned: 2}},
		{"jamonholmgren__jammin_lobby", 14, 0, 0, map[Reach]int{ReachAutoload: 1, ReachCode: 1, ReachMain: 1, ReachNone: 2}},
		{"jkvastad__Godot-4-Multiplayer-Tutorials/Demos/ConcurrentMultiplayerScenes", 2, 0, 2, map[Reach]int{ReachCode: 2}},
		{"jkvastad__Godot-4-Multiplayer-Tutorials/Demos/WorkerCoop", 22, 0, 0, map[Reach]int{ReachCode: 2}},
		{"jkvastad__Godot-4-Multiplayer-Tutorials/RPC Chat", 1, 0, 0, map[Reach]int{ReachCode: 1}},
		{"jkvastad__Godot-4-Multiplayer-Tutorials/Synchronized Chat", 0, 1, 1, map[Reach]int{ReachMain: 1, ReachSpawned: 1}},
		{"jonathanhecl__ENetMultiplayer-client-godot4", 2, 1, 1, map[Reach]int{ReachMain: 1, ReachSpawned: 1}},
		{"jonathanhecl__ENetMultiplayer-server-godot4", 2, 0, 0, map[Reach]int{ReachMain: 1}},
		{"luiz734__godot-multiplayer-soccer", 9, 0, 2, map[Reach]int{ReachAutoload: 1, ReachCode: 4}},
		{"naixsu__CROCPNG", 903, 5, 6, map[Reach]int{ReachCode: 3, ReachNone: 2, ReachSpawned: 8}},
	} {
		t.Run(c.folder, func(t *testing.T) {
			p, err := project.Open(corpus + c.folder)
			require.NoError(t, err)
			rep, err := Static(p, "")
			require.NoError(t, err)
			reached := map[Reach]int{}
			for _, sc := range rep.Scenes {
				reached[sc.Reached]++
			}
			assert.Equal(t, []int{c.methods, c.spawners, c.synchronizers}, []int{rep.Methods, rep.Spawners, rep.Synchronizers})
			assert.Equal(t, c.reached, reached)
			notReached := 0
			for _, f := range rep.Findings {
				if f.Kind == NotReached {
					notReached++
				}
			}
			assert.Equal(t, c.reached[ReachNone], notReached, "a not-reached finding each")
		})
	}
}

// An audit that reached nothing names the scenes its scripts add in
// code, which no spawner the clients declare spawns: its error matches
// ErrCodeAdded then, and ErrNotReached and ErrNothingSent always.
func TestNothingSent(t *testing.T) {
	base := ErrNotReached.Error() + ": the server runs none of the project's 1 methods and 2 synchronizers as it starts (scene res://main.tscn), " +
		"so nothing was sent: give -scene the scene that holds them (the not-checked findings name it)"
	for _, tc := range []struct {
		name   string
		scenes []SceneReach
		added  string
	}{
		{"none", []SceneReach{{Path: "res://main.tscn", Reached: ReachMain, Synchronizers: 1}}, ""},
		{"no methods or synchronizers", []SceneReach{{Path: "res://fx.tscn", Reached: ReachCode, Spawners: 1}}, ""},
		{"one", []SceneReach{{Path: "res://player.tscn", Reached: ReachCode, Methods: 1, By: "res://net.gd:15; the server runs it once"}},
			"; or its scripts add them in code: res://player.tscn (named by res://net.gd:15), which the clients cannot declare where no spawner of a scene spawns them (a spawner made with MultiplayerSpawner.new() is not read)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := nothingSent(&Report{Methods: 1, Synchronizers: 2, Scenes: tc.scenes}, "res://main.tscn")
			assert.ErrorIs(t, err, ErrNotReached)
			assert.ErrorIs(t, err, ErrNothingSent)
			assert.Equal(t, tc.added != "", errors.Is(err, ErrCodeAdded))
			assert.Equal(t, base+tc.added, err.Error())
		})
	}
	many := make([]SceneReach, 5)
	for i := range many {
		many[i] = SceneReach{Path: fmt.Sprintf("res://s%d.tscn", i), Reached: ReachCode, Synchronizers: 1, By: "res://a.gd:1"}
	}
	assert.ErrorContains(t, nothingSent(&Report{Synchronizers: 5, Scenes: many}, "res://main.tscn"), "res://s2.tscn (named by res://a.gd:1), 2 more, which")
}
