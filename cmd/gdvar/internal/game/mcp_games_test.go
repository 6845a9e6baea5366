package game

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeMCP serves, in the test's process, an MCP server whose command
// line's game is a fake game (see gametest.Fake) of the kind how, and connects
// a client to it; the games end with the test.
func fakeMCP(t *testing.T, how string) (context.Context, *mcpGames, *mcp.ClientSession) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", how)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	t.Cleanup(cancel)
	games := &mcpGames{base: gameLaunch{godot: os.Args[0]}, start: debugger.Launch}
	t.Cleanup(func() { games.quit("") })
	return ctx, games, connectMCP(t, ctx, games)
}

// The game of gdvar mcp's command line launches at the first tool that
// needs it: a client that starts a server for each call needs no launch.
func TestMCPLazyLaunch(t *testing.T) {
	ctx, _, cs := fakeMCP(t, "recording")
	text, failed := gametest.CallTool(t, ctx, cs, "key", map[string]any{"key": "A"})
	require.False(t, failed, text)
	text, failed = gametest.CallTool(t, ctx, cs, "output", nil)
	require.False(t, failed, text)
	assert.Equal(t, "gdvar:hello []\ngdvar:key [\"A\", true]\ngdvar:key [\"A\", false]\n", text)
}

// Several games run at once, each by the name launch gave it: a tool's
// game argument says which it drives, and one without it drives the one
// game running, or fails naming them when there are several.
func TestMCPSeveralGames(t *testing.T) {
	ctx, _, cs := fakeMCP(t, "recording")
	for _, c := range []struct {
		tool string
		args map[string]any
		want string // a part of the text
		fail bool
	}{
		{"launch", map[string]any{"name": "server"}, "game server", false},
		{"launch", map[string]any{"name": "client"}, "game client", false},
		{"key", map[string]any{"game": "server", "key": "S"}, "ok", false},
		{"text", map[string]any{"game": "client", "text": "c"}, "ok", false},
		{"output", map[string]any{"game": "server"}, "gdvar:hello []\ngdvar:key [\"S\", true]\ngdvar:key [\"S\", false]\n", false},
		{"output", map[string]any{"game": "client"}, "gdvar:hello []\ngdvar:text [\"c\"]\n", false},
		{"key", map[string]any{"key": "A"}, "2 games are running (client, server): name one with the game argument", true},
		{"key", map[string]any{"game": "nope", "key": "A"}, `no game named "nope": call launch first (running: client, server)`, true},
		{"quit", map[string]any{"game": "client"}, "ok", false},
		{"text", map[string]any{"text": "s"}, "ok", false},
		{"output", nil, "gdvar:text [\"s\"]\n", false},
	} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		assert.Equal(t, c.fail, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Contains(t, text, c.want, "%s %v", c.tool, c.args)
	}
}

// output and errors say there is nothing, not "ok"; for a game that has
// ended they print what it left, and fail saying how it ended.
func TestMCPOutputOfNothingAndOfTheEnded(t *testing.T) {
	ctx, games, cs := fakeMCP(t, "silent")
	text, failed := gametest.CallTool(t, ctx, cs, "launch", nil)
	require.False(t, failed, text)
	pid := gametest.LaunchedPID(t, text)
	for _, tool := range []string{"output", "errors"} {
		text, failed = gametest.CallTool(t, ctx, cs, tool, nil)
		assert.False(t, failed, text)
		assert.Equal(t, "no "+tool+"\n", text)
	}
	s, err := games.sessionOf(ctx, "")
	require.NoError(t, err)
	require.NoError(t, syscall.Kill(pid, syscall.SIGKILL))
	select {
	case <-s.Done():
	case <-ctx.Done():
		t.Fatal("the session did not end with the game")
	}
	for _, tool := range []string{"output", "errors"} {
		text, failed = gametest.CallTool(t, ctx, cs, tool, nil)
		assert.True(t, failed, text)
		assert.Contains(t, text, "no "+tool+"\nthe game's session ended: debugger: the game's process ended (signal: killed)")
	}
}

// A game that dies at start is a tool error with the last lines it
// printed, whether launch or the first tool launches it.
func TestLiveMCPStartFailure(t *testing.T) {
	engine := debuggertest.Godot(t)
	t.Setenv("GDVAR_GODOT_HOME", t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{base: gameLaunch{godot: engine, args: []string{"--headless", "--path", filepath.Join(t.TempDir(), "nothing")}}, start: debugger.Launch}
	defer games.quit("")
	cs := connectMCP(t, ctx, games)
	for _, tool := range []string{"tree", "launch"} {
		text, failed := gametest.CallTool(t, ctx, cs, tool, nil)
		assert.True(t, failed, text)
		assert.Contains(t, text, "the game's process ended (exit status")
		assert.Contains(t, text, "Invalid project path specified")
	}
}

// set's value is Godot's text form when it is a JSON string, and a JSON
// value as it is otherwise: the shapes agents send convert to the
// property's type, or are refused naming it.
func TestLiveMCPSetJSON(t *testing.T) {
	game := gametest.Game(t)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{base: gameLaunch{godot: game[0], args: game[1:]}, start: debugger.Launch}
	defer games.quit("")
	cs := connectMCP(t, ctx, games)
	for _, c := range []struct {
		value any
		want  string // get's answer after, or the error
		fail  bool
	}{
		{[]any{300, 500}, "Vector2(300, 500)\n", false},
		{map[string]any{"x": 1, "y": 2.5}, "Vector2(1, 2.5)\n", false},
		{"[3, 4]", "Vector2(3, 4)\n", false},
		{"Vector2(5, 6)", "Vector2(5, 6)\n", false},
		{true, "want Vector2, not true", true},
		{"\"text\"", "want Vector2", true},
	} {
		text, failed := gametest.CallTool(t, ctx, cs, "set", map[string]any{"path": "/root/Main", "property": "position", "value": c.value})
		require.Equal(t, c.fail, failed, "%v: %s", c.value, text)
		if !c.fail {
			text, failed = gametest.CallTool(t, ctx, cs, "get", map[string]any{"path": "/root/Main", "property": "position"})
			require.False(t, failed, text)
		}
		assert.Contains(t, text, c.want, "%v", c.value)
	}
}

// A JSON value becomes gdvar's generic form: whole numbers ints, objects
// Dictionaries in key order.
func TestFromJSON(t *testing.T) {
	got := fromJSON(map[string]any{"y": []any{2.0, 2.5, true, nil, "s"}, "x": 1e20})
	assert.Equal(t, gdvar.NewDictionary("x", 1e20, "y", []any{int64(2), 2.5, true, nil, "s"}), got)
}

// At most maxGames games run at once: a launch of another name fails
// at once, naming them; one of a running name replaces it.
func TestMCPGamesBounded(t *testing.T) {
	ctx, _, cs := fakeMCP(t, "recording")
	for i := range maxGames {
		text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": fmt.Sprintf("g%d", i)})
		require.False(t, failed, text)
	}
	text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "one more"})
	assert.True(t, failed)
	assert.Contains(t, text, "8 games are running (g0, g1, g2, g3, g4, g5, g6, g7): quit one first")
	text, failed = gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "g3"})
	assert.False(t, failed, text)
}
