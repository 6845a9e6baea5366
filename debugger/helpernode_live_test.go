package debugger_test

import (
	"context"
	"os"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The helper a key press installed stays out of the tree, its classes
// and the tree's lookups by default, and is in it with ShowHelper; the
// game itself sees it among /root's children.
func TestLiveTreeLeavesOutHelper(t *testing.T) {
	dir := projectWithAutoload(t, "")
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", dir}, debugger.WithEnv(env), debugger.WithInputHelper(false))
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	before := rootChildren(t, ctx, g.Session)
	require.NotContains(t, before, "GdvarInput")

	require.NoError(t, g.Key(ctx, "A", debugger.Tap), "installs the helper")
	assert.Equal(t, before, rootChildren(t, ctx, g.Session), "the game's picture is as it was")
	shown := rootChildren(t, ctx, g.Session, debugger.ShowHelper(true))
	assert.Equal(t, append(before, "GdvarInput Node"), shown)
	n, err := g.NodeByPath(ctx, "/root/GdvarInput")
	require.NoError(t, err, "a path finds it")
	assert.Equal(t, "GdvarInput", n.Name)
	count, err := g.Evaluate(ctx, "Engine.get_main_loop().root.get_child_count()")
	require.NoError(t, err)
	assert.Equal(t, int64(len(shown)), count, "the game's own get_children() has it")
}

// A game's own node named GdvarInput is the game's: the tree keeps it,
// and leaves out the helper Launch added beside it under another name.
func TestLiveTreeKeepsGamesGdvarInput(t *testing.T) {
	dir := projectWithAutoload(t, `GdvarInput="*res://glob.gd"`)
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", dir}, debugger.WithEnv(env))
	ctx := liveContext(t)
	require.NoError(t, g.HasInput(ctx), "installed at launch")
	v, err := g.Call(ctx, "/root/GdvarInput", "ping")
	require.NoError(t, err)
	assert.Equal(t, "pong", v, "/root/GdvarInput is the game's")
	got := rootChildren(t, ctx, g.Session)
	assert.Equal(t, []string{"Glob Node", "GdvarInput Node", "Main Node2D"}, got)
	shown := rootChildren(t, ctx, g.Session, debugger.ShowHelper(true))
	require.Len(t, shown, 4, "%v", shown)
	assert.Equal(t, got, shown[:3])
	assert.NotEqual(t, "GdvarInput Node", shown[3], "the helper, named by the engine")
}

// rootChildren returns the children of /root in the tree, with their
// classes: "Name Class".
func rootChildren(t *testing.T, ctx context.Context, s *debugger.Session, opts ...debugger.TreeOption) []string {
	t.Helper()
	root, err := s.Tree(ctx, opts...)
	require.NoError(t, err)
	require.NoError(t, s.Classes(ctx, root))
	var names []string
	for _, c := range root.Children {
		names = append(names, c.Name+" "+c.Class)
	}
	return names
}
