package project

import (
	"io/fs"
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// autoloadFiles is a game whose autoloads are, in order, a script that is
// not a global, a scene by its UID, and a script; its main scene is
// main.tscn.
var autoloadFiles = map[string]string{
	"project.godot": "config_version=5\n\n[application]\n\nrun/main_scene=\"res://main.tscn\"\n\n[autoload]\n\n" +
		"Zed=\"res://zed.gd\"\nHud=\"*uid://bhud\"\nAlpha=\"*res://alpha.gd\"\n",
	"zed.gd":    "extends Node2D\n",
	"alpha.gd":  "extends Node\n",
	"hud.tscn":  "[gd_scene format=3 uid=\"uid://bhud\"]\n[node name=\"Panel\" type=\"Control\"]\n[node name=\"Label\" type=\"Label\" parent=\".\"]\n",
	"main.tscn": "[gd_scene format=3]\n[node name=\"Main\" type=\"Node\"]\n[node name=\"Board\" type=\"Node2D\" parent=\".\"]\n",
}

func TestAutoloads(t *testing.T) {
	p, err := Open(writeProject(t, maps.Clone(autoloadFiles)))
	require.NoError(t, err)
	autoloads, err := p.Autoloads()
	require.NoError(t, err)
	assert.Equal(t, []Autoload{
		{Name: "Zed", Path: "res://zed.gd"},
		{Name: "Hud", Path: "res://hud.tscn", Singleton: true, Scene: true},
		{Name: "Alpha", Path: "res://alpha.gd", Singleton: true},
	}, autoloads)

	nodes, err := p.RunningTree("")
	require.NoError(t, err)
	type row struct{ path, class, script string }
	var got []row
	for _, n := range nodes {
		got = append(got, row{n.Path, n.Type, n.Script})
	}
	assert.Equal(t, []row{
		{"/root/Zed", "Node2D", "res://zed.gd"},
		{"/root/Hud", "Control", ""}, // named as the autoload, not as its scene's root
		{"/root/Hud/Label", "Label", ""},
		{"/root/Alpha", "Node", "res://alpha.gd"},
		{"/root/Main", "Node", ""},
		{"/root/Main/Board", "Node2D", ""},
	}, got)

	nodes, err = p.RunningTree("res://hud.tscn")
	require.NoError(t, err)
	assert.Equal(t, "/root/Panel/Label", nodes[len(nodes)-1].Path, "another main scene")
	main, err := p.MainScene()
	require.NoError(t, err)
	assert.Equal(t, "res://main.tscn", main)
}

// A main scene whose root's name an autoload holds is beside it, renamed
// as the engine renames it (TestLiveRunningTreeNames): a script's name,
// or the autoload's own scene, made twice. Before, both were at
// /root/Net, which fromproject.Declare refused.
func TestRunningTreeNames(t *testing.T) {
	p, err := Open(writeProject(t, maps.Clone(mainNameFiles)))
	require.NoError(t, err)
	paths := func(main string) []string {
		nodes, err := p.RunningTree(main)
		require.NoError(t, err)
		var out []string
		for _, n := range nodes {
			out = append(out, n.Path)
		}
		return out
	}
	assert.Equal(t, []string{"/root/Printer", "/root/Net", "/root/Hud", "/root/@Node2D@2", "/root/@Node2D@2/Board"}, paths(""))
	assert.Equal(t, []string{"/root/Printer", "/root/Net", "/root/Hud", "/root/@Control@2"}, paths("res://hud.tscn"))
}

// An autoload the engine does not add (Main::start's "Failed to
// instantiate an autoload", then ERR_CONTINUE: TestLiveAutoloadFaults)
// costs only itself: RunningTree leaves it out, and AutoloadFault says
// why. Before, RunningTree refused the whole game.
func TestAutoloadFaults(t *testing.T) {
	tests := []struct {
		name, autoload, file, src string
		want                      string
		is                        error
	}{
		{"not a Node", `Data="*res://data.gd"`, "data.gd", "extends Resource\n",
			"autoload Data: res://data.gd: Failed to instantiate an autoload, script 'res://data.gd' does not inherit from 'Node'", ErrNotANode},
		{"not loaded", `Old="*res://old.gd"`, "old.gd", "extends Node\n@rpc(any_peer, reliable)\nfunc hit():\n\tpass\n",
			"autoload Old: res://old.gd:2: not read: argument 1 of @rpc", ErrNotANode},
		{"missing", `Gone="*res://gone.gd"`, "", "", "autoload Gone: res://gone.gd: the project has no such script", fs.ErrNotExist},
		{"an unknown UID", `Gone="*uid://bnone"`, "", "", "autoload Gone: uid://bnone: no file of the project has this UID", fs.ErrNotExist},
		{"a scene missing", `Gone="*res://gone.tscn"`, "", "", "autoload Gone: res://gone.tscn: the project has no such scene", fs.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{"project.godot": "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n[autoload]\n" +
				tt.autoload + "\nKept=\"*res://kept.gd\"\n",
				"kept.gd":   "extends Node\n",
				"main.tscn": "[gd_scene format=3]\n[node name=\"Main\" type=\"Node\"]\n"}
			if tt.file != "" {
				files[tt.file] = tt.src
			}
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			nodes, err := p.RunningTree("")
			require.NoError(t, err)
			var paths []string
			for _, n := range nodes {
				paths = append(paths, n.Path)
			}
			assert.Equal(t, []string{"/root/Kept", "/root/Main"}, paths, "the rest runs")
			autoloads, err := p.Autoloads()
			require.NoError(t, err)
			err = p.AutoloadFault(autoloads[0])
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.ErrorIs(t, err, tt.is)
			assert.NoError(t, p.AutoloadFault(autoloads[1]))
		})
	}
}

func TestAutoloadErrors(t *testing.T) {
	p, err := Open(writeProject(t, map[string]string{"project.godot": "config_version=5\n[autoload]\nBad=1\n"}))
	require.NoError(t, err)
	_, err = p.RunningTree("")
	assert.ErrorContains(t, err, "res://project.godot: autoload Bad: not a path")
}
