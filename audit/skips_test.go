package audit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// What Godot 4.6 runs the game without costs only itself, as in the
// engine (testdata/skips, TestLiveSkips): an autoload whose script the
// project lacks, or is no Node, is not added; a spawnable scene that
// instances a scene the project lacks fails only when spawned; a node
// whose script has Godot 4.0 beta's @rpc(any_peer, reliable) runs without
// it. Each is a not-checked finding saying why and where, the rest
// audited, and the audit's clients declare the rest. Before, the running
// tree did not read: the audit could not audit (exit 3), and its clients
// joined nothing.
func TestStaticSkips(t *testing.T) {
	p, err := project.Open("testdata/skips")
	require.NoError(t, err)
	rep, err := Static(p, "")
	require.NoError(t, err)
	type row struct{ node, script, line, message string }
	var got []row
	for _, f := range rep.Findings {
		if f.Kind == NotChecked {
			got = append(got, row{f.Node, f.Script, itoa(f.Line), f.Message})
		}
	}
	assert.Equal(t, []row{
		{"/root/Data", "res://data.gd", "0", "the engine does not add this autoload, and runs the game without it: autoload Data: " +
			"res://data.gd: Failed to instantiate an autoload, script 'res://data.gd' does not inherit from 'Node'"},
		{"/root/Main/Old", "res://old.gd", "4", "the engine runs the node without its script, which does not load: " +
			`res://old.gd:4: not read: argument 1 of @rpc names "any_peer", which is not a constant of its script`},
		{"/root/Main/Players/*", "", "0", "scene res://broken.tscn (spawned by spawner /root/Main/Spawner): " +
			"res://broken.tscn: node Gone: res://gone.tscn: the project has no such scene (file does not exist)"},
		{"/root/Nakama", "res://addons/nakama/Nakama.gd", "0", "the engine does not add this autoload, and runs the game without it: " +
			"autoload Nakama: res://addons/nakama/Nakama.gd: the project has no such script (file does not exist)"},
	}, got)
	assert.Equal(t, 2, rep.Methods, "main.gd's: first and say")
	assert.Equal(t, 1, rep.Spawners)

	c, err := fromproject.NewClient(p, "", nil, []multiplayer.Option{})
	require.NoError(t, err, "the clients declare the rest")
	defer c.M.Close()
	assert.Equal(t, []string{"/root/Main"}, c.Scene.Nodes())
	var skipped []string
	for _, s := range c.Scene.Skipped() {
		skipped = append(skipped, s.File)
	}
	assert.Equal(t, []string{"res://addons/nakama/Nakama.gd", "res://data.gd", "res://old.gd", "res://broken.tscn"}, skipped)
}
