package project

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLiveRPCConfig writes random projects' scripts (gen), has Godot 4.6
// load each and print var_to_str(get_rpc_config()), or REFUSED, and
// checks that the reader gives the same bytes, or refuses the same
// scripts. One engine start imports the project (the editor's scan
// writes the class_name cache, which extends ClassName needs), one more
// answers for every script.
func TestLiveRPCConfig(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	seed := godot.Seed(t, "GDVAR_PROJECT_SEED")
	cases := 120
	if testing.Short() {
		cases = 30
	}
	g := &gen{r: rand.New(rand.NewPCG(uint64(seed), 42))}
	gp := g.project(cases)
	dir := t.TempDir()
	for name, src := range gp.files {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rpc_config.gd"), []byte(harness(t, "project", "rpc_config.gd")), 0o644))
	var list []string
	for _, q := range gp.queries {
		list = append(list, q.String())
	}
	listFile, answers := writeList(t, list), filepath.Join(t.TempDir(), "answers.txt")

	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	godot.StartWith(t, engine, "--path", dir, "-s", "res://rpc_config.gd", "--", listFile, answers).Wait(t)
	out, err := os.ReadFile(answers)
	require.NoError(t, err)
	want := engineAnswers(string(out))

	p, err := Open(dir)
	require.NoError(t, err)
	same, refused := 0, 0
	for _, q := range gp.queries {
		w, ok := want[q.String()]
		if !assert.True(t, ok, "the engine gave no answer for %s", q) {
			continue
		}
		got := "REFUSED"
		r, err := p.Resolve(q.path, q.inner...)
		if err == nil {
			text, err := vartext.Marshal(RPCConfig(r.RPCs()))
			require.NoError(t, err)
			got = string(text)
		} else if se, ok := err.(*ScriptError); ok && se.Unsupported {
			got = "UNSUPPORTED: " + err.Error()
		}
		if assert.Equal(t, w, got, "%s (%v):\n%s", q, err, gp.caseFiles(q.path)) {
			same++
			if w == "REFUSED" {
				refused++
			}
		}
	}
	t.Logf("%d of %d classes (%d scripts in %d cases) read as Godot 4.6 reads them, %d of them refused by both", same, len(gp.queries), len(gp.files)-1, cases, refused)
}

// caseFiles returns the files of the case of a script, each after its
// name.
func (gp genProject) caseFiles(script string) string {
	dir, _, _ := strings.Cut(strings.TrimPrefix(script, "res://"), "/")
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(gp.files)) {
		if strings.HasPrefix(name, dir+"/") {
			b.WriteString("--- " + name + "\n" + gp.files[name])
		}
	}
	return b.String()
}

// harness returns a GDScript of the repository's scripts folder (as
// "project", "rpc_config.gd"), for a test to copy into its project.
func harness(t *testing.T, path ...string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(append([]string{"..", "scripts"}, path...)...))
	require.NoError(t, err)
	return string(src)
}

// writeList writes lines to a new file, one a line, for a harness to read,
// and returns its path.
func writeList(t *testing.T, lines []string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "list.txt")
	require.NoError(t, os.WriteFile(name, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return name
}

// engineAnswers parses the harness's output: the answer for each line of
// the list.
func engineAnswers(out string) map[string]string {
	answers := map[string]string{}
	for {
		_, rest, ok := strings.Cut(out, ">>>")
		if !ok {
			return answers
		}
		name, rest, _ := strings.Cut(rest, "\n")
		text, rest, _ := strings.Cut(rest, "\n<<<")
		answers[name] = text
		out = rest
	}
}

// TestLiveNodeScript has Godot 4.6 instance each scene of
// nodeScriptCases and say which node, of which class, it refused to
// attach a script to, and checks that Tree refuses the same node, with
// that class, and accepts the rest.
func TestLiveNodeScript(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	files := nodeScriptFiles()
	files["node_script.gd"] = harness(t, "project", "node_script.gd")
	dir := writeProject(t, files)
	var scenes []string
	for i := range nodeScriptCases {
		scenes = append(scenes, fmt.Sprintf("res://c%d/main.tscn", i))
	}
	out := godot.StartWith(t, engine, append([]string{"--path", dir, "-s", "res://node_script.gd", "--"}, scenes...)...).Wait(t)

	p, err := Open(dir)
	require.NoError(t, err)
	for i, c := range nodeScriptCases {
		want := godot.Line(t, out, scenes[i]+" ")
		_, err := p.Tree(scenes[i])
		got := "ACCEPTED"
		if err != nil {
			got = fmt.Sprintf("REFUSED %s %s", c.node, c.class)
			assert.ErrorContains(t, err, fmt.Sprintf("node %s: ", c.node))
			assert.ErrorContains(t, err, fmt.Sprintf("object of type '%s'.", c.class))
		}
		assert.Equal(t, want, got, c.name)
		assert.Equal(t, c.node == "", want == "ACCEPTED", "%s: the case's own verdict", c.name)
	}
}

// mainNameFiles is a game whose main scene's root is named as an
// autoload (a script), and whose scene autoload's root is named as
// itself; the first autoload prints the root's children once the game
// has started.
var mainNameFiles = map[string]string{
	"project.godot": "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n[autoload]\n" +
		"Printer=\"*res://printer.gd\"\nNet=\"*res://net.gd\"\nHud=\"*res://hud.tscn\"\n",
	"printer.gd": "extends Node\nfunc _ready():\n\tawait get_tree().process_frame\n\tawait get_tree().process_frame\n" +
		"\tvar paths := []\n\tfor c in get_tree().root.get_children():\n\t\tpaths.append(str(c.get_path()))\n" +
		"\tprint(\"ROOT \", \",\".join(paths))\n\tget_tree().quit()\n",
	"net.gd":    "extends Node\n",
	"main.tscn": "[gd_scene format=3]\n[node name=\"Net\" type=\"Node2D\"]\n[node name=\"Board\" type=\"Node\" parent=\".\"]\n",
	"hud.tscn":  "[gd_scene format=3]\n[node name=\"Hud\" type=\"Control\"]\n",
}

// TestLiveRunningTreeNames has Godot 4.6 run a main scene whose root's
// name an autoload holds, and an autoload's own scene as the main scene,
// and checks that RunningTree puts the main scene's root where the
// engine does: beside the autoload, at the name add_child gives it.
func TestLiveRunningTreeNames(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := writeProject(t, maps.Clone(mainNameFiles))
	p, err := Open(dir)
	require.NoError(t, err)
	for _, main := range []string{"res://main.tscn", "res://hud.tscn"} {
		out := godot.StartWith(t, engine, "--path", dir, main).Wait(t)
		nodes, err := p.RunningTree(main)
		require.NoError(t, err)
		var top []string
		for _, n := range nodes {
			if strings.Count(n.Path, "/") == 2 {
				top = append(top, n.Path)
			}
		}
		assert.Equal(t, godot.Line(t, out, "ROOT "), strings.Join(top, ","), main)
	}
}

// TestLiveAutoloadFaults has Godot 4.6 run a game with an autoload whose
// script the project lacks, one whose script is no Node, one whose
// script does not parse (Godot 4.0 beta's @rpc(any_peer, reliable)), and
// a main scene whose node holds that script: the engine skips the three
// autoloads ("Failed to instantiate an autoload"), runs the rest, and
// runs the node without its script. RunningTree holds what it runs, and
// the node's ScriptFault; AutoloadFault names each autoload skipped.
func TestLiveAutoloadFaults(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	old := "extends Node\n@rpc(any_peer, reliable)\nfunc hit():\n\tpass\n"
	dir := writeProject(t, map[string]string{
		"project.godot": "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n[autoload]\n" +
			"Nakama=\"*res://addons/nakama/Nakama.gd\"\nData=\"*res://data.gd\"\nOld=\"*res://old.gd\"\nPrinter=\"*res://printer.gd\"\n",
		"data.gd": "extends Resource\n",
		"old.gd":  old,
		"printer.gd": "extends Node\nfunc _ready():\n\tawait get_tree().process_frame\n" +
			"\tvar paths := []\n\tfor c in get_tree().root.get_children():\n\t\tpaths.append(str(c.get_path()))\n" +
			"\tprint(\"ROOT \", \",\".join(paths))\n\tprint(\"MAINSCRIPT \", get_node(\"/root/Main\").get_script())\n\tget_tree().quit()\n",
		"main.tscn": "[gd_scene format=3]\n[ext_resource type=\"Script\" path=\"res://old.gd\" id=\"1\"]\n" +
			"[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
	})
	out := godot.StartWith(t, engine, "--path", dir).Wait(t)
	for _, skipped := range []string{"Failed to instantiate an autoload, can't load from path: res://addons/nakama/Nakama.gd.",
		"Failed to instantiate an autoload, script 'res://data.gd' does not inherit from 'Node'.",
		"Failed to instantiate an autoload, script 'res://old.gd' does not inherit from 'Node'."} {
		assert.Contains(t, out, skipped)
	}
	assert.Equal(t, "<null>", godot.Line(t, out, "MAINSCRIPT "), "the node runs without its script")

	p, err := Open(dir)
	require.NoError(t, err)
	nodes, err := p.RunningTree("")
	require.NoError(t, err)
	var top []string
	for _, n := range nodes {
		top = append(top, n.Path)
	}
	assert.Equal(t, godot.Line(t, out, "ROOT "), strings.Join(top, ","))
	main := nodes[len(nodes)-1]
	assert.Empty(t, main.Script)
	assert.ErrorContains(t, main.ScriptFault, "res://old.gd:2")
	autoloads, err := p.Autoloads()
	require.NoError(t, err)
	for i, a := range autoloads {
		if i < 3 {
			assert.ErrorContains(t, p.AutoloadFault(a), "autoload "+a.Name+": ")
		} else {
			assert.NoError(t, p.AutoloadFault(a))
		}
	}
}
