package game

import (
	"context"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar mcp's advance, speed and frame tools step the game as the
// commands do.
func TestLiveMCPAdvance(t *testing.T) {
	call, _, _ := mcpStepped(t)
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

// launch's hold starts a game held at its first frame: the frame it
// holds at is the first, and stays until advanced; seed without hold is
// refused.
func TestLiveMCPLaunchHeld(t *testing.T) {
	call, cs, ctx := mcpStepped(t)
	call("launch", map[string]any{"name": "held", "hold": true, "seed": 7})
	first := gametest.NumberOf(t, call("frame", map[string]any{"game": "held"}))
	assert.LessOrEqual(t, first, int64(1), "held at its first frame")
	assert.Equal(t, first, gametest.NumberOf(t, call("frame", map[string]any{"game": "held"})), "held")
	assert.Equal(t, first+5, gametest.NumberOf(t, call("advance", map[string]any{"game": "held", "frames": 5})))

	text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "other", "seed": 7})
	assert.True(t, failed)
	assert.Contains(t, text, "seed seeds a game held from its start: give hold too")
}

// mcpStepped serves gdvar mcp in the test's process for the stepped test
// game, and returns a call of a tool that fails the test on a tool
// error, the session, and the test's bounded context.
func mcpStepped(t *testing.T) (func(tool string, args map[string]any) string, *mcp.ClientSession, context.Context) {
	game := gametest.Stepped(t)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	t.Cleanup(cancel)
	games := &mcpGames{base: gameLaunch{godot: game[0], args: game[1:]}, start: debugger.Launch}
	t.Cleanup(func() { games.quit("") })
	cs := connectMCP(t, ctx, games)
	return func(tool string, args map[string]any) string {
		text, failed := gametest.CallTool(t, ctx, cs, tool, args)
		require.False(t, failed, "%s %v: %s", tool, args, text)
		return text
	}, cs, ctx
}
