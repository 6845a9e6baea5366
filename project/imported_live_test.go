package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// coinGLB is a small glTF model of the corpus.
const coinGLB = "../testdata/projects/KenneyNL__Starter-Kit-3D-Platformer/models/coin.glb"

// runningFiles is a game whose autoloads are a script (not a global), a
// scene and a scene of models imported with every kind of root setting,
// and whose main scene instances a model and overrides its root's
// script. Printer, last, is the harness.
func runningFiles(t *testing.T) map[string]string {
	glb, err := os.ReadFile(coinGLB)
	require.NoError(t, err)
	imports := map[string]string{ // each model's [params]
		"plain":    "",
		"named":    "nodes/root_type=\"Node3D\"\nnodes/root_name=\"Scene Root\"\n",
		"typed":    "nodes/root_type=\"Area3D\"\nnodes/root_name=\"Coin\"\n",
		"scripted": "nodes/root_type=\"CharacterBody3D\"\nnodes/root_script=Resource(\"res://static.gd\")\n",
		"global":   "nodes/root_type=\"MyBody\"\n",
	}
	files := map[string]string{
		"project.godot": `config_version=5

[application]

run/main_scene="res://main.tscn"
config/features=PackedStringArray("4.6")

[autoload]

Plain="res://plain.gd"
Hud="*res://hud.tscn"
Models="*uid://bmodels00001"
Printer="*res://running_tree.gd"
`,
		"plain.gd":  "extends Node2D\n",
		"static.gd": "extends StaticBody3D\n",
		"body.gd":   "class_name MyBody\nextends StaticBody3D\n",
		"main.gd":   "extends Node3D\n",
		"hud.tscn":  "[gd_scene format=3]\n[node name=\"Hud\" type=\"Control\"]\n[node name=\"Label\" type=\"Label\" parent=\".\"]\n",
		"main.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://models/plain.glb\" id=\"1\"]\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"2\"]\n" +
			"[node name=\"Main\" type=\"Node\"]\n[node name=\"Coin\" parent=\".\" instance=ExtResource(\"1\")]\nscript = ExtResource(\"2\")\n",
	}
	var models strings.Builder
	models.WriteString("[gd_scene format=3 uid=\"uid://bmodels00001\"]\n")
	i := 0
	for name, params := range imports {
		i++
		files["models/"+name+".glb"] = string(glb)
		files["models/"+name+".glb.import"] = "[remap]\n\nimporter=\"scene\"\nimporter_version=1\ntype=\"PackedScene\"\n\n[deps]\n\nsource_file=\"res://models/" + name + ".glb\"\n\n[params]\n\n" + params
		fmt.Fprintf(&models, "[ext_resource type=\"PackedScene\" path=\"res://models/%s.glb\" id=\"%d\"]\n", name, i)
	}
	models.WriteString("[node name=\"Models\" type=\"Node3D\"]\n")
	for j := 1; j <= i; j++ {
		fmt.Fprintf(&models, "[node name=\"M%d\" parent=\".\" instance=ExtResource(\"%d\")]\n", j, j)
	}
	files["models.tscn"] = models.String()
	harness, err := os.ReadFile(filepath.Join("..", "scripts", "project", "running_tree.gd"))
	require.NoError(t, err)
	files["running_tree.gd"] = string(harness)
	return files
}

// TestLiveRunningTree has Godot 4.6 import and run a game of autoloads
// and models (runningFiles) and print its tree, and checks RunningTree
// gives the same nodes, in the same order, of the same classes, with the
// same scripts. Then, the imported files removed, as a project fresh
// from its repository has none, it checks that each model's root keeps
// its class and script, marked Partial, and nothing under it is made up.
func TestLiveRunningTree(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := writeProject(t, runningFiles(t))
	godot.StartWith(t, engine, "--headless", "--path", dir, "--import").Wait(t)
	out := godot.StartWith(t, engine, "--headless", "--path", dir).Wait(t)
	var want []string
	for line := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "TREE "); ok {
			want = append(want, rest)
		}
	}
	require.NotEmpty(t, want, "the engine printed no tree:\n%s", out)

	p, err := Open(dir)
	require.NoError(t, err)
	nodes, err := p.RunningTree("")
	require.NoError(t, err)
	var got []string
	roots := map[string]SceneNode{} // each model's root, by path
	for _, n := range nodes {
		script := n.Script
		if script == "" {
			script = "-"
		}
		got = append(got, fmt.Sprintf("%s %s %s", n.Path, n.Type, script))
		if n.Instance != "" {
			roots[n.Path] = n
		}
		assert.Empty(t, n.Partial, n.Path)
	}
	assert.Equal(t, want, got, "the engine's output:\n%s", out)

	require.NoError(t, os.RemoveAll(filepath.Join(dir, ".godot", "imported")))
	p, err = Open(dir)
	require.NoError(t, err)
	nodes, err = p.RunningTree("")
	require.NoError(t, err)
	partial := 0
	for _, n := range nodes {
		if n.Partial == "" {
			continue
		}
		partial++
		root, ok := roots[n.Path]
		if assert.True(t, ok, "%s: marked Partial, not a model's root", n.Path) {
			assert.Equal(t, root.Type, n.Type, n.Path)
			assert.Equal(t, root.Script, n.Script, n.Path)
		}
		assert.Contains(t, n.Partial, "not imported yet", n.Path)
	}
	assert.Equal(t, len(roots), partial, "each model's root, and only those, marked Partial")
	assert.Len(t, nodes, len(got)-len(roots), "each model's one mesh node is not made up")
}
