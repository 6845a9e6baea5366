package game

import (
	"context"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The server lists a tool a command, and with no game running each says
// so as a tool error, which an agent reads, not as a protocol error.
func TestMCPWithoutGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	cs := connectMCP(t, ctx, &mcpGames{})

	var names []string
	for tool, err := range cs.Tools(ctx, nil) {
		require.NoError(t, err)
		names = append(names, tool.Name)
	}
	assert.ElementsMatch(t, []string{"launch", "quit", "tree", "wait", "get", "set", "call", "output", "errors", "breakpoint",
		"pause", "resume", "suspend", "paused", "properties", "step", "next", "out", "stack", "vars", "evaluate", "monitors",
		"key", "mouse_move", "mouse_click", "mouse_wheel", "action", "text", "screenshot", "advance", "speed", "frame", "lockstep", "record", "proxy", "net", "links"}, names)

	text, failed := gametest.CallTool(t, ctx, cs, "tree", map[string]any{})
	assert.True(t, failed)
	assert.Contains(t, text, "no game running: call launch first")
	text, failed = gametest.CallTool(t, ctx, cs, "launch", map[string]any{})
	assert.True(t, failed)
	assert.Contains(t, text, "no game to launch")
	text, failed = gametest.CallTool(t, ctx, cs, "get", map[string]any{"path": 3})
	assert.True(t, failed, "an input that is not the tool's schema")
	assert.Contains(t, text, "path")
}

// connectMCP serves games in the test's process and connects the SDK's
// client to it, in memory, until the test ends.
func connectMCP(t *testing.T, ctx context.Context, games *mcpGames) *mcp.ClientSession {
	st, ct := mcp.NewInMemoryTransports()
	ss, err := newMCPServer(games).Connect(ctx, st, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close() })
	return cs
}
