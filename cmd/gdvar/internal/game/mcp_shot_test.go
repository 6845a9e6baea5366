package game

import (
	"context"
	"image"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The screenshot tool returns an image block: the PNG of what the game
// shows, or of a SubViewport; a headless game's is a tool error saying
// how to get one.
func TestLiveRenderedMCPScreenshot(t *testing.T) {
	game, want := gametest.Shot(t)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	cs := connectMCP(t, ctx, &mcpGames{base: gameLaunch{godot: game[0], args: game[1:]}, start: debugger.Launch})
	var first string // the first game's name
	for _, c := range []struct {
		tool string
		args map[string]any
	}{{"launch", nil}, {"wait", map[string]any{"path": "/root/Main"}}} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		require.False(t, failed, text)
		if c.tool == "launch" {
			_, first, _ = strings.Cut(strings.TrimSpace(text), ", game ")
		}
	}
	require.NotEmpty(t, first, "launch names its game")
	img, text := gametest.ShotOf(t, ctx, cs, nil)
	assert.Equal(t, "128x96 PNG\n", text)
	debuggertest.SamePixels(t, img, want)
	img, text = gametest.ShotOf(t, ctx, cs, map[string]any{"path": "/root/Main/Frame/Sub"})
	assert.Equal(t, "16x16 PNG\n", text)
	debuggertest.SamePixels(t, img, gametest.SubImage(want, image.Rect(72, 56, 88, 72)))
	text, failed := gametest.CallTool(t, ctx, cs, "screenshot", map[string]any{"path": "/root/Nope"})
	assert.True(t, failed)
	assert.Contains(t, text, "no such node: /root/Nope")

	// A second game, headless, beside the first: each is addressed by its
	// name.
	headless := gametest.Game(t)
	text, failed = gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "headless", "godot": headless[0], "args": headless[1:]})
	require.False(t, failed, text)
	text, failed = gametest.CallTool(t, ctx, cs, "screenshot", map[string]any{"game": "headless"})
	assert.True(t, failed)
	assert.Contains(t, text, "the game renders nothing (--headless): run it with a display, such as Xvfb")
	text, failed = gametest.CallTool(t, ctx, cs, "screenshot", map[string]any{"game": first})
	assert.False(t, failed, text)
	assert.Contains(t, text, "128x96 PNG")
}
