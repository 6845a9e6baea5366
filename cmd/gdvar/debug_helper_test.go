package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tree of testGameWithoutHelper, two levels, without the helper, and
// with it.
const (
	treeWithoutHelper = "/root Window\n/root/Glob Node\n/root/Main Node2D\n"
	treeWithHelper    = treeWithoutHelper + "/root/GdvarInput Node\n"
)

// gdvar debug's tree leaves out the input helper it installed, before a
// key and after; tree -helper shows it.
func TestLiveDebugTreeHelper(t *testing.T) {
	game := append([]string{"--"}, testGameWithoutHelper(t)...)
	script := `wait /root/Main/Added; tree /root 1; key A; tree /root 1; tree -helper /root 1; tree -helper /root/GdvarInput; tree /root 1 * x`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	assert.Equal(t, 1, code, "%s\n---\n%s", out, errOut)
	assert.Equal(t, treeWithoutHelper+treeWithoutHelper+treeWithHelper+"/root/GdvarInput Node\n", out, errOut)
	assert.Contains(t, errOut, "gdvar debug: tree /root 1 * x: usage: tree [-helper] [PATH [DEPTH [FILTER]]]")
}

// gdvar mcp's tree tool leaves out the input helper it installed;
// helper shows it.
func TestLiveMCPTreeHelper(t *testing.T) {
	game := testGameWithoutHelper(t)
	ctx, cancel := context.WithTimeout(context.Background(), mcpWait)
	defer cancel()
	var text strings.Builder
	printed := &lockedWriter{w: &text}
	t.Cleanup(func() {
		if t.Failed() {
			printed.mu.Lock()
			defer printed.mu.Unlock()
			t.Logf("the game printed:\n%s", text.String())
		}
	})
	games := &mcpGames{base: gameLaunch{godot: game[0], args: game[1:], opts: []debugger.Option{debugger.WithStdout(printed), debugger.WithStderr(printed)}}, start: debugger.Launch}
	defer games.quit("")
	cs := connectMCP(t, ctx, games)
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"wait", map[string]any{"path": "/root/Main/Added"}, "ok\n"},
		{"key", map[string]any{"key": "A"}, "ok\n"},
		{"tree", map[string]any{"depth": 1}, treeWithoutHelper},
		{"tree", map[string]any{"depth": 1, "helper": false}, treeWithoutHelper},
		{"tree", map[string]any{"depth": 1, "helper": true}, treeWithHelper},
		{"tree", map[string]any{"filter": "gdvar*"}, "ok\n"},
		{"tree", map[string]any{"filter": "gdvar*", "helper": true}, "/root/GdvarInput Node\n"},
	} {
		text, failed := callTool(t, ctx, cs, c.tool, c.args)
		require.False(t, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Equal(t, c.want, text, "%s %v", c.tool, c.args)
	}
}

// testGameWithoutHelper is testGame without the input helper as an
// autoload: gdvar installs it at launch.
func testGameWithoutHelper(t *testing.T) []string {
	game := testGame(t)
	dir := game[len(game)-1]
	settings := filepath.Join(dir, "project.godot")
	b, err := os.ReadFile(settings)
	require.NoError(t, err)
	without := strings.Replace(string(b), `GdvarInput="*res://gdvar_input.gd"`, "", 1)
	require.NotEqual(t, string(b), without)
	require.NoError(t, os.WriteFile(settings, []byte(without), 0o644))
	require.NoError(t, os.Remove(filepath.Join(dir, "gdvar_input.gd")))
	return game
}
