package game

import (
	"context"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar mcp's advance, speed and frame tools step the game as the
// commands do.
func TestLiveMCPAdvance(t *testing.T) {
	game := gametest.Stepped(t)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{base: gameLaunch{godot: game[0], args: game[1:]}, start: debugger.Launch}
	defer games.quit("")
	cs := connectMCP(t, ctx, games)
	call := func(tool string, args map[string]any) string {
		text, failed := gametest.CallTool(t, ctx, cs, tool, args)
		require.False(t, failed, "%s %v: %s", tool, args, text)
		return text
	}
	call("wait", map[string]any{"path": "/root/Main/Added"})
	held := gametest.NumberOf(t, call("advance", map[string]any{"frames": 0}))
	assert.Equal(t, held+1, gametest.NumberOf(t, call("advance", nil)))
	assert.Equal(t, held+31, gametest.NumberOf(t, call("advance", map[string]any{"frames": 30})))
	assert.Equal(t, held+31, gametest.NumberOf(t, call("frame", nil)))
	assert.Equal(t, "ok\n", call("speed", map[string]any{"times": 2}))
	assert.Equal(t, "ok\n", call("speed", map[string]any{"max": true}))
	assert.Equal(t, "ok\n", call("speed", nil))
	now := gametest.NumberOf(t, call("frame", nil))
	assert.Greater(t, now, held+31)
	assert.Equal(t, now, gametest.NumberOf(t, call("frame", nil)), "held")
}
