package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startMCP starts gdvar mcp -- GAME as a process and connects the SDK's
// client to it over its standard input and output. What the server writes
// on standard error (the game's own output) is logged if the test fails.
func startMCP(t *testing.T, ctx context.Context, game []string) (*mcp.ClientSession, *exec.Cmd) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN=mcp -- "+strings.Join(game, " "))
	stderr, err := os.Create(filepath.Join(t.TempDir(), "stderr")) // a file: no goroutine of Wait's writes it
	require.NoError(t, err)
	t.Cleanup(func() {
		defer stderr.Close()
		if t.Failed() {
			text, _ := os.ReadFile(stderr.Name())
			t.Logf("gdvar mcp wrote on standard error:\n%s", text)
		}
	})
	cmd.Stderr = stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cmd.Process.Kill() })
	return cs, cmd
}

// gone says, within gametest.Wait, whether no process has the id pid.
func gone(pid int) bool {
	deadline := time.Now().Add(gametest.Wait)
	for time.Now().Before(deadline) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

// gdvar mcp, a process driven over stdio by the SDK's client, plays a real
// Godot 4 game: the tree, a get/set/call round trip and the output as the
// game has them, errors as tool errors; closing the client ends the
// server and the game.
func TestLiveMCP(t *testing.T) {
	game := gametest.Game(t)
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	cs, server := startMCP(t, ctx, game)

	text, failed := gametest.CallTool(t, ctx, cs, "launch", map[string]any{})
	require.False(t, failed, text)
	pid := gametest.LaunchedPID(t, text)
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"wait", map[string]any{"path": "/root/Main/Added"}, "ok\n"},
		{"tree", nil, gametest.GameTree},
		{"get", map[string]any{"path": "/root/Main", "property": "speed"}, "1.5\n"},
		{"set", map[string]any{"path": "/root/Main", "property": "speed", "value": "9.5"}, "ok\n"},
		{"get", map[string]any{"path": "/root/Main", "property": "speed"}, "9.5\n"},
		{"set", map[string]any{"path": "/root/Main/Spaced Name", "property": "position", "value": "Vector2(3, 4)"}, "ok\n"},
		{"get", map[string]any{"path": "/root/Main/Spaced Name", "property": "position"}, "Vector2(3, 4)\n"},
		{"call", map[string]any{"path": "/root/Main", "method": "add", "args": []string{"2", "3"}}, "5\n"},
		{"call", map[string]any{"path": "/root/Main", "method": "echo", "args": []string{`{"b": [1, 2.5], "a": &"sn"}`}}, "{\n\"a\": &\"sn\",\n\"b\": [1, 2.5]\n}\n"},
		{"call", map[string]any{"path": "/root/Main", "method": "nothing"}, "null\n"},
		{"evaluate", map[string]any{"expression": "1 + 2"}, "3\n"},
		{"key", map[string]any{"key": "Ctrl+A", "press": "down"}, "ok\n"},
		{"mouse_move", map[string]any{"x": 10, "y": 20.5}, "ok\n"},
		{"mouse_click", map[string]any{"x": 1, "y": 2, "button": "right", "press": "down"}, "ok\n"},
		{"mouse_wheel", map[string]any{"x": 1, "y": 2, "direction": "left"}, "ok\n"},
		{"action", map[string]any{"action": "jump", "strength": 0.25, "press": "down"}, "ok\n"},
		{"text", map[string]any{"text": `"q`}, "ok\n"},
		{"evaluate", map[string]any{"expression": `"|".join(Engine.get_main_loop().root.get_node("Main").inputs)`}, `"key Ctrl+A physical A true|motion (10.0, 20.5) relative (10.0, 20.5) mask 0|button 2 true at (1.0, 2.0) factor 1.0 mask 2|button 6 true at (1.0, 2.0) factor 1.0 mask 34|button 6 false at (1.0, 2.0) factor 1.0 mask 2|action jump true 0.25 is_pressed true|char \" true|char \" false|char q true|char q false"` + "\n"},
	} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		require.False(t, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Equal(t, c.want, text, "%s %v", c.tool, c.args)
	}
	text, _ = gametest.CallTool(t, ctx, cs, "output", nil)
	assert.Contains(t, text, "hello from main\nbold text\nTREE [")
	text, _ = gametest.CallTool(t, ctx, cs, "errors", nil)
	assert.True(t, strings.HasPrefix(text, "WARNING: a warning at: _ready (res://main.gd:12)\nERROR: an error at: _ready (res://main.gd:13)\n"), text)
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"get", map[string]any{"path": "/root/Nope", "property": "speed"}, "no such node: /root/Nope"},
		{"call", map[string]any{"path": "/root/Main", "method": "nosuch"}, "no such method"},
		{"set", map[string]any{"path": "/root/Main", "property": "speed", "value": "Vector2("}, "want a number"},
		{"action", map[string]any{"action": "fly"}, "no action fly in the Input Map"},
	} {
		text, failed := gametest.CallTool(t, ctx, cs, c.tool, c.args)
		assert.True(t, failed, "%s %v: %s", c.tool, c.args, text)
		assert.Contains(t, text, c.want)
	}

	require.NoError(t, cs.Close())
	assert.Equal(t, 0, server.ProcessState.ExitCode())
	assert.True(t, gone(pid), "the game is left running after the server ended")
}

// gdvar mcp ended by a signal while it records: the user's file the
// recording was to replace stays as it was, nothing is left beside it
// (the new file has no name until it is committed, or is removed), and
// the game it launched again ends too.
func TestLiveMCPRecordSignal(t *testing.T) {
	game := gametest.Game(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
			defer cancel()
			cs, server := startMCP(t, ctx, game)
			dir := t.TempDir()
			file := filepath.Join(dir, "session.jsonl")
			require.NoError(t, os.WriteFile(file, []byte("the user's\n"), 0o600))
			text, failed := gametest.CallTool(t, ctx, cs, "record", map[string]any{"file": file})
			require.False(t, failed, text)
			text, failed = gametest.CallTool(t, ctx, cs, "launch", map[string]any{"name": "other"})
			require.False(t, failed, text)
			pid := gametest.LaunchedPID(t, text)
			text, failed = gametest.CallTool(t, ctx, cs, "advance", map[string]any{"game": "other", "frames": 3})
			require.False(t, failed, text)

			require.NoError(t, server.Process.Signal(sig))
			require.True(t, gone(server.Process.Pid), "gdvar mcp did not exit")
			cs.Close() // the transport waits for the process: its state
			require.NotNil(t, server.ProcessState)
			assert.Equal(t, 128+int(sig), server.ProcessState.ExitCode(), server.ProcessState.String())
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			require.Len(t, entries, 1, "nothing beside the user's file")
			after, err := os.ReadFile(file)
			require.NoError(t, err)
			assert.Equal(t, "the user's\n", string(after))
			assert.True(t, gone(pid), "the game is left running")
		})
	}
}
