package game

import (
	"context"
	"os"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recorded is what the recording game received, as gdvar debug's output
// command and gdvar mcp's output tool print it. A breakpoint is not
// answered: the text after them is, once the game printed them.
const recorded = `gdvar:hello []
gdvar:key ["Ctrl+A", true]
gdvar:mouse_motion [Vector2(10, 20.5)]
gdvar:mouse_button [Vector2(1, 2), 2, true]
gdvar:mouse_button [Vector2(1, 2), 2, false]
gdvar:mouse_wheel [Vector2(1, 2), 6, 1.0]
gdvar:action ["jump", false, 0.25]
gdvar:text ["a \"b\" \\ c; [d"]
breakpoint ["res://main.gd", 12, true]
breakpoint ["res://main.gd", 12, false]
gdvar:text ["z"]
`

// gdvar mcp's tools pass their typed input to the actions gdvar debug's
// commands read from their words: each sends the game the same messages,
// and a tool's input reaches the game as it came, as no command line
// would carry it (a text of quotes and brackets, a number as it is).
func TestMCPToolsAndCommandsSendAlike(t *testing.T) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", "recording")
	code, out, errOut := runCommand(nil, "debug", "-e", `key Ctrl+A down; move 10 20.5; click 1 2 right; wheel 1 2 left;
		action jump 0.25 up; text "a \"b\" \\ c; [d"; break res://main.gd:12; clear res://main.gd:12; text z; output`, "--", os.Args[0])
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, recorded, out)

	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{base: gameLaunch{godot: os.Args[0]}, start: debugger.Launch}
	defer games.quit("")
	cs := connectMCP(t, ctx, games)
	text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{})
	require.False(t, failed, text)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"key", map[string]any{"key": "Ctrl+A", "press": "down"}},
		{"mouse_move", map[string]any{"x": 10, "y": 20.5}},
		{"mouse_click", map[string]any{"x": 1, "y": 2, "button": "right"}},
		{"mouse_wheel", map[string]any{"x": 1, "y": 2, "direction": "left"}},
		{"action", map[string]any{"action": "jump", "strength": 0.25, "press": "up"}},
		{"text", map[string]any{"text": `a "b" \ c; [d`}},
		{"breakpoint", map[string]any{"file": "res://main.gd", "line": 12}},
		{"breakpoint", map[string]any{"file": "res://main.gd", "line": 12, "clear": true}},
		{"text", map[string]any{"text": "z"}}, // answered: the game has printed what came before
	} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		require.False(t, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Equal(t, "ok\n", text, "%s %v", c.tool, c.args)
	}
	text, failed = gametest.CallTool(t, ctx, cs, "output", nil)
	require.False(t, failed, text)
	assert.Equal(t, recorded, text)

	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"mouse_click", map[string]any{"x": 1, "y": 2, "button": "side"}, `"side": want left, right or middle`},
		{"key", map[string]any{"key": "A", "press": "sideways"}, `"sideways": want tap, down or up`},
		{"mouse_wheel", map[string]any{"x": 1, "y": 2, "direction": "in"}, `"in": want up, down, left or right`},
		{"breakpoint", map[string]any{"file": "res://main.gd", "line": 0}, "line 0: want 1 or more"},
	} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		assert.True(t, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Contains(t, text, c.want)
	}
}
