package project

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// uidProject is excerpts of niltoncalegari/godot-multiplayer (MIT), whose
// hand-written scenes have UIDs the engine does not read
// (uid://login_ui_scene) and one written two ways: ui.tscn names
// exit_menu.tscn's uid://b8k7x2nan4p5q as uid://b8k7x2m9n4p5q, one value.
var uidProject = map[string]string{
	"project.godot":               "config_version=5\n\n[application]\n\nrun/main_scene=\"uid://mqnlrs6hn6g6\"\n",
	"main/main.tscn":              "[gd_scene load_steps=12 format=3 uid=\"uid://mqnlrs6hn6g6\"]\n\n[node name=\"Main\" type=\"Node\"]\n",
	"client/scenes/login_ui.tscn": "[gd_scene load_steps=2 format=3 uid=\"uid://login_ui_scene\"]\n\n[node name=\"LoginUI\" type=\"Control\"]\n",
	"client/scenes/main_client.tscn": "[gd_scene load_steps=10 format=3 uid=\"uid://client_main_scene\"]\n\n" +
		"[ext_resource type=\"PackedScene\" uid=\"uid://cvl4jsitsxp0u\" path=\"res://ui/ui.tscn\" id=\"2_ui\"]\n\n" +
		"[node name=\"MainClient\" type=\"Node\"]\n\n[node name=\"UI\" parent=\".\" instance=ExtResource(\"2_ui\")]\n",
	"server/scenes/main_server.tscn": "[gd_scene load_steps=9 format=3 uid=\"uid://server_main_scene\"]\n\n" +
		"[ext_resource type=\"PackedScene\" uid=\"uid://enpjmjm7ayyu\" path=\"res://levels/hub_level.tscn\" id=\"6_hub_level\"]\n\n" +
		"[node name=\"MainServer\" type=\"Node\"]\n\n[node name=\"HubLevel\" parent=\".\" instance=ExtResource(\"6_hub_level\")]\n",
	"levels/hub_level.tscn": "[gd_scene load_steps=25 format=3 uid=\"uid://enpjmjm7ayyu\"]\n\n[node name=\"HubLevel\" type=\"Node3D\"]\n",
	"ui/ui.tscn": "[gd_scene load_steps=7 format=3 uid=\"uid://cvl4jsitsxp0u\"]\n\n" +
		"[ext_resource type=\"PackedScene\" uid=\"uid://b8k7x2m9n4p5q\" path=\"res://ui/exit_menu.tscn\" id=\"7_exit_menu\"]\n\n" +
		"[node name=\"UI\" type=\"Control\"]\n\n[node name=\"ExitMenu\" parent=\".\" instance=ExtResource(\"7_exit_menu\")]\n",
	"ui/exit_menu.tscn": "[gd_scene load_steps=3 format=3 uid=\"uid://b8k7x2nan4p5q\"]\n\n[node name=\"ExitMenu\" type=\"Control\"]\n",
	// Made up: an ext_resource whose uid= the engine takes for none, and
	// one whose UID no file has, both loaded by their path instead.
	"ui/lobby.tscn": "[gd_scene format=3 uid=\"uid://clobby\"]\n\n" +
		"[ext_resource type=\"PackedScene\" uid=\"uid://login_ui_scene\" path=\"res://client/scenes/login_ui.tscn\" id=\"1\"]\n" +
		"[ext_resource type=\"PackedScene\" uid=\"uid://cgone\" path=\"res://ui/exit_menu.tscn\" id=\"2\"]\n\n" +
		"[node name=\"Lobby\" type=\"Node\"]\n\n[node name=\"Login\" parent=\".\" instance=ExtResource(\"1\")]\n" +
		"[node name=\"Exit\" parent=\".\" instance=ExtResource(\"2\")]\n",
	"ui/hud.gd":     "extends Node\n",
	"ui/hud.gd.uid": "uid://b9hud\r\n",
	"ui/odd.gd":     "extends Node\n",
	"ui/odd.gd.uid": " uid://codd\n", // get_line keeps the space: no UID
	"icon.png.import": "[remap]\n\nimporter=\"texture\"\ntype=\"CompressedTexture2D\"\nuid=\"uid://icon_png\"\n" +
		"path=\"res://.godot/imported/icon.png-487276ed1e3a0c39cad0279d744ee560.ctex\"\n",
	"logo.png.import": "[remap]\n\nimporter=\"texture\"\ntype=\"CompressedTexture2D\"\nuid=\"uid://blogo\"\n",
}

// A uid:// path is looked up by the UID's value, as the engine's
// ResourceUID does: a text that is not a UID's is none (never indexed,
// never found), two texts of one value are one UID, and a scene's UID is
// its header's, not its first ext_resource's.
func TestUIDsByValue(t *testing.T) {
	dir := writeProject(t, uidProject)
	p, err := Open(dir)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, uid, want string // want "" for none
	}{
		{"a scene's own UID", "uid://enpjmjm7ayyu", "levels/hub_level.tscn"},
		{"the UID as its file writes it", "uid://b8k7x2nan4p5q", "ui/exit_menu.tscn"},
		{"the same UID with a 9, as ui.tscn names it", "uid://b8k7x2m9n4p5q", "ui/exit_menu.tscn"},
		{"a header's UID, not its first ext_resource's", "uid://cvl4jsitsxp0u", "ui/ui.tscn"},
		{"a .uid file with CRLF", "uid://b9hud", "ui/hud.gd"},
		{"the same UID without the 9", "uid://cahud", "ui/hud.gd"},
		{".import", "uid://blogo", "logo.png"},
		{"a header's uid= the engine takes for none", "uid://login_ui_scene", ""},
		{"another", "uid://server_main_scene", ""},
		{"a .import's", "uid://icon_png", ""},
		{"a .uid file's, with a space before", "uid://codd", ""},
		{"not a UID at all", "uid://<invalid>", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := p.File(tc.uid)
			if tc.want == "" {
				assert.ErrorIs(t, err, fs.ErrNotExist)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, filepath.Join(dir, filepath.FromSlash(tc.want)), got)
		})
	}
}

// A scene's ext_resource is loaded by its UID where a file has it, else
// by its path, as the engine's text loader does; a uid= that is not a
// UID's is none.
func TestUIDInstances(t *testing.T) {
	p, err := Open(writeProject(t, uidProject))
	require.NoError(t, err)
	for _, tc := range []struct {
		scene string
		want  map[string]string // node path → the scene it instances
	}{
		{"res://server/scenes/main_server.tscn", map[string]string{"HubLevel": "res://levels/hub_level.tscn"}},
		{"res://client/scenes/main_client.tscn", map[string]string{"UI": "res://ui/ui.tscn", "UI/ExitMenu": "res://ui/exit_menu.tscn"}},
		{"res://ui/lobby.tscn", map[string]string{"Login": "res://client/scenes/login_ui.tscn", "Exit": "res://ui/exit_menu.tscn"}},
	} {
		t.Run(tc.scene, func(t *testing.T) {
			nodes, err := p.Tree(tc.scene)
			require.NoError(t, err)
			got := map[string]string{}
			for _, n := range nodes {
				if n.Instance != "" {
					got[n.Path] = n.Instance
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// MainScene resolves a uid:// by value; one the engine takes for none
// names no scene.
func TestMainSceneUID(t *testing.T) {
	for _, tc := range []struct {
		main, want string // want "" for an error
	}{
		{"uid://mqnlrs6hn6g6", "res://main/main.tscn"},
		{"uid://b8k7x2m9n4p5q", "res://ui/exit_menu.tscn"},
		{"uid://login_ui_scene", ""},
		{"uid://server_main_scene", ""},
	} {
		t.Run(tc.main, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range uidProject {
				files[k] = v
			}
			files["project.godot"] = "config_version=5\n\n[application]\n\nrun/main_scene=\"" + tc.main + "\"\n"
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			got, err := p.MainScene()
			if tc.want == "" {
				assert.ErrorIs(t, err, fs.ErrNotExist)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
