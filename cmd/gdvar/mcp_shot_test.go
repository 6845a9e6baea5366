package main

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shotOf calls the screenshot tool and returns the image it returned,
// decoded, and its text; the test fails if the tool did.
func shotOf(t *testing.T, ctx context.Context, cs *mcp.ClientSession, args map[string]any) (image.Image, string) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "screenshot", Arguments: args})
	require.NoError(t, err)
	require.False(t, res.IsError, "%v", res.Content)
	require.Len(t, res.Content, 2)
	pic, ok := res.Content[0].(*mcp.ImageContent)
	require.True(t, ok, "%T", res.Content[0])
	assert.Equal(t, "image/png", pic.MIMEType)
	img, err := png.Decode(bytes.NewReader(pic.Data))
	require.NoError(t, err)
	text, ok := res.Content[1].(*mcp.TextContent)
	require.True(t, ok, "%T", res.Content[1])
	return img, text.Text
}

// The screenshot tool returns an image block: the PNG of what the game
// shows, or of a SubViewport; a headless game's is a tool error saying
// how to get one.
func TestLiveRenderedMCPScreenshot(t *testing.T) {
	game, want := shotGame(t)
	ctx, cancel := context.WithTimeout(context.Background(), mcpWait)
	defer cancel()
	cs := connectMCP(t, ctx, &mcpGames{base: gameLaunch{godot: game[0], args: game[1:]}, start: debugger.Launch})
	var first string // the first game's name
	for _, c := range []struct {
		tool string
		args map[string]any
	}{{"launch", nil}, {"wait", map[string]any{"path": "/root/Main"}}} {
		text, failed := callTool(t, ctx, cs, c.tool, c.args)
		require.False(t, failed, text)
		if c.tool == "launch" {
			_, first, _ = strings.Cut(strings.TrimSpace(text), ", game ")
		}
	}
	require.NotEmpty(t, first, "launch names its game")
	img, text := shotOf(t, ctx, cs, nil)
	assert.Equal(t, "128x96 PNG\n", text)
	debuggertest.SamePixels(t, img, want)
	img, text = shotOf(t, ctx, cs, map[string]any{"path": "/root/Main/Frame/Sub"})
	assert.Equal(t, "16x16 PNG\n", text)
	debuggertest.SamePixels(t, img, subImage(want, image.Rect(72, 56, 88, 72)))
	text, failed := callTool(t, ctx, cs, "screenshot", map[string]any{"path": "/root/Nope"})
	assert.True(t, failed)
	assert.Contains(t, text, "no such node: /root/Nope")

	// A second game, headless, beside the first: each is addressed by its
	// name.
	headless := testGame(t)
	text, failed = callTool(t, ctx, cs, "launch", map[string]any{"name": "headless", "godot": headless[0], "args": headless[1:]})
	require.False(t, failed, text)
	text, failed = callTool(t, ctx, cs, "screenshot", map[string]any{"game": "headless"})
	assert.True(t, failed)
	assert.Contains(t, text, "the game renders nothing (--headless): run it with a display, such as Xvfb")
	text, failed = callTool(t, ctx, cs, "screenshot", map[string]any{"game": first})
	assert.False(t, failed, text)
	assert.Contains(t, text, "128x96 PNG")
}
