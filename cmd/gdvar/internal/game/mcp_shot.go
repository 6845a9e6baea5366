package game

import (
	"bufio"
	"context"
	"io"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// shotInput is the screenshot tool's input.
type shotInput struct {
	gameInput
	Path string `json:"path,omitempty" jsonschema:"a node's absolute path: the viewport it is drawn in, or the node if it is a SubViewport; the game's root viewport if empty"`
}

// addShotTool adds the screenshot tool, which returns an image.
func addShotTool(srv *mcp.Server, games *mcpGames) {
	mcp.AddTool(srv, &mcp.Tool{Name: "screenshot", Description: "A PNG of what the game shows: its root viewport as last drawn, or a node's viewport. Needs a game that renders (not --headless: a display such as Xvfb, and --rendering-driver opengl3 without a GPU); not on Godot 3."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in shotInput) (*mcp.CallToolResult, any, error) {
			end, err := games.begin()
			if err != nil {
				return nil, nil, err
			}
			defer end()
			s, err := games.sessionOf(ctx, in.Game)
			if err != nil {
				return nil, nil, err
			}
			var png []byte
			var size string
			err = runAction(ctx, io.Discard, func(ctx context.Context, _ *bufio.Writer) (err error) {
				png, size, err = takeShot(ctx, s, in.Path)
				return err
			})
			if err != nil {
				return nil, nil, err
			}
			return &mcp.CallToolResult{Content: []mcp.Content{
				&mcp.ImageContent{Data: png, MIMEType: "image/png"},
				&mcp.TextContent{Text: size + " PNG\n"},
			}}, nil, nil
		})
}
