package fromproject

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/project"
)

// The skeleton of a project's server is Go source, formatted, with a
// handler stub for each method a client may call on the server, naming
// its script and its @rpc line, each spawner with its scenes and their
// spawn properties, each synchronized node, for the game's autoloads too.
func TestWriteSkeleton(t *testing.T) {
	p := writeProject(t, map[string]string{
		"project.godot": "config_version=5\n\n[autoload]\n\ngamestate=\"*res://gamestate.gd\"\n",
		"gamestate.gd":  "extends Node\n@rpc(\"any_peer\")\nfunc register_player(name): pass\n@rpc(\"call_local\")\nfunc load_world(): pass\n",
	})
	var out bytes.Buffer
	require.NoError(t, WriteSkeleton(&out, p, "res://main.tscn"))
	src := out.String()
	_, err := parser.ParseFile(token.NewFileSet(), "server.go", src, 0)
	require.NoError(t, err, "%s", src)
	for _, want := range []string{
		`game, err := fromproject.Declare(m, p, "res://main.tscn")`,
		"// /root/gamestate, script res://gamestate.gd.",
		`// register_player: @rpc("any_peer", "reliable"): any peer calls it on the server.`,
		`must(game.Handle("/root/gamestate", "register_player", func(c *multiplayer.Call, args ...any) error {`,
		`// load_world: @rpc("authority", "call_local", "reliable"): the node's authority calls it`,
		`// alpha: @rpc("any_peer", "call_local", "unreliable_ordered", 3)`,
		`must(game.Handle("/root/Main/Lobby/Board", "hit", func(c *multiplayer.Call, args ...any) error {`,
		`// the node; then: must(game.Handle("/root/gamestate", "load_world", func(c *multiplayer.Call, args ...any) error { return nil }))`,
		`spawner, err := game.Spawner("/root/Main/Spawner")`,
		`spawner.Spawn("res://a.tscn", name, map[string]any{".:position": nil})`,
		`// Its synchronizer Sync replicates .:position (on_change), .:rotation (always)`,
		`_, err = game.Synchronized("/root/Main/Ball")`,
	} {
		assert.Contains(t, src, want)
	}
	assert.ErrorContains(t, WriteSkeleton(&out, p, "res://nope.tscn"), "nope.tscn")

	gun := gameFiles["a.tscn"] + "\n[node name=\"Gun\" type=\"MultiplayerSpawner\" parent=\".\"]\nspawn_path = NodePath(\"..\")\n"
	out.Reset()
	require.NoError(t, WriteSkeleton(&out, writeProject(t, map[string]string{"a.tscn": gun}), "res://main.tscn"))
	assert.Contains(t, out.String(), `// fromproject.WithCustomSpawnIn("res://a.tscn", "Gun", "res://….tscn") and spawn with o.SpawnerAt("Gun").SpawnCustom(scene, name, data, state).`,
		"a spawner of a spawned scene that lists no scene")
}

// The skeleton of a corpus game, a lobby in an autoload, builds as it is,
// and so does that of a game whose spawned scenes hold @rpc methods below
// their root, each with its stub on the spawner, and that of a game with
// no method a peer calls: no stub, nothing declared and not used.
func TestSkeletonBuilds(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the skeleton with")
	}
	for _, tt := range []struct {
		dir  string
		want []string
	}{
		{"../../testdata/projects/jamonholmgren__jammin_lobby", nil},
		{"testdata/spawnchild", []string{
			`spawner.Handle("res://player.tscn", "Body/Gun", "fire", func(c *multiplayer.Call, args ...any) error {`,
			`// the node; then: spawner.Handle("res://player.tscn", "Body/Gun", "hit", func(c *multiplayer.Call, args ...any) error { return nil })`,
			`spawner.Handle("res://player.tscn", "Input", "jump", func(c *multiplayer.Call, args ...any) error {`,
		}},
		{"testdata/authorityonly", []string{`// the node; then: must(game.Handle("/root/Main", "learn_players",`}},
	} {
		p, err := project.Open(tt.dir)
		require.NoError(t, err)
		var src bytes.Buffer
		require.NoError(t, WriteSkeleton(&src, p, "res://main.tscn"))
		for _, want := range tt.want {
			assert.Contains(t, src.String(), want, tt.dir)
		}
		dir, err := os.MkdirTemp(".", "skeleton-") // inside the module, for its imports
		require.NoError(t, err)
		t.Cleanup(func() { os.RemoveAll(dir) })
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), src.Bytes(), 0o644))
		out, err := exec.Command(goTool, "build", "-o", os.DevNull, "./"+dir).CombinedOutput()
		require.NoError(t, err, "%s: %s\n%s", tt.dir, out, src.String())
	}
}
