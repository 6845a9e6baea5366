package game

import (
	"context"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar mcp's tree tool leaves out the input helper it installed;
// helper shows it.
func TestLiveMCPTreeHelper(t *testing.T) {
	game := gametest.WithoutHelper(t)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
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
		{"tree", map[string]any{"depth": 1}, gametest.TreeWithoutHelper},
		{"tree", map[string]any{"depth": 1, "helper": false}, gametest.TreeWithoutHelper},
		{"tree", map[string]any{"depth": 1, "helper": true}, gametest.TreeWithHelper},
		{"tree", map[string]any{"filter": "gdvar*"}, "ok\n"},
		{"tree", map[string]any{"filter": "gdvar*", "helper": true}, "/root/GdvarInput Node\n"},
	} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		require.False(t, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Equal(t, c.want, text, "%s %v", c.tool, c.args)
	}
}
