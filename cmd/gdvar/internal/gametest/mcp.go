package gametest

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Wait bounds a test's talk with the server and its game.
const Wait = 2 * time.Minute

// CallTool calls a tool and returns its text and whether it failed.
func CallTool(t *testing.T, ctx context.Context, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err, name)
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	return text.String(), res.IsError
}

// ShotOf calls the screenshot tool and returns the image it returned,
// decoded, and its text; the test fails if the tool did.
func ShotOf(t *testing.T, ctx context.Context, cs *mcp.ClientSession, args map[string]any) (image.Image, string) {
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

// LaunchedPID reads launch's "launched: pid N".
func LaunchedPID(t *testing.T, text string) int {
	var pid int
	_, err := fmt.Sscanf(text, "launched: pid %d", &pid)
	require.NoError(t, err, text)
	require.Positive(t, pid)
	return pid
}
