package game

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar mcp's record tool launches the game again held from its first
// frame (given --fixed-fps, which its command line lacks), records what
// the agent does to it and to a game launched while recording, stepped
// in lockstep with a link proxy made meanwhile, refuses speed meanwhile,
// and writes a file that gdvar replay plays to the same values, the link
// made again.
func TestLiveMCPRecord(t *testing.T) {
	game := gametest.Game(t) // no --fixed-fps
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
	fails := func(tool string, args map[string]any) string {
		text, failed := gametest.CallTool(t, ctx, cs, tool, args)
		require.True(t, failed, "%s %v: %s", tool, args, text)
		return text
	}
	file := filepath.Join(t.TempDir(), "session.jsonl")
	assert.Contains(t, fails("record", map[string]any{"stop": true}), "no recording under way")
	call("wait", map[string]any{"path": "/root/Main/Added"})
	assert.Equal(t, "recording to "+file+": game game launched again, held at its first frame (0), seed 5\n",
		call("record", map[string]any{"file": file, "seed": 5}))
	assert.Contains(t, fails("record", map[string]any{"file": file}), "recording to "+file+" already")
	call("launch", map[string]any{"name": "other"})
	server, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer server.Close()
	call("proxy", map[string]any{"game": "other", "server": server.LocalAddr().String()})
	call("net", map[string]any{"game": "other", "conditions": "latency 50ms loss 5%"})
	assert.Contains(t, call("links", nil), "other: 127.0.0.1:")
	assert.Equal(t, "game 3\nother 3\n", call("lockstep", map[string]any{"games": []string{"game", "other"}, "frames": 3}))
	call("action", map[string]any{"game": "other", "action": "jump", "press": "down"})
	call("set", map[string]any{"game": "game", "path": "/root/Main", "property": "speed", "value": 4})
	assert.Equal(t, "5\n", call("call", map[string]any{"game": "game", "path": "/root/Main", "method": "add", "args": []string{"2", "3"}}))
	assert.Equal(t, "13\n", call("advance", map[string]any{"game": "game", "frames": 10}))
	counter := call("get", map[string]any{"game": "game", "path": "/root/Main", "property": "counter"})
	assert.Contains(t, fails("speed", map[string]any{"game": "game", "times": 1}), "advance it instead")
	assert.Equal(t, "game 14\nother 4\n", call("lockstep", map[string]any{"games": []string{"game", "other"}}))
	text := call("record", map[string]any{"stop": true})
	assert.True(t, strings.HasPrefix(text, "wrote "+file+": 22 steps; replay it with gdvar replay "+file+" -- GODOT ARGS…"), text)

	b, err := os.ReadFile(file)
	require.NoError(t, err)
	games.netLinks().close() // its port, which the replay listens on again, free
	code, out, errOut := runCommand(nil, append([]string{"replay", file, "--"}, append(game, "--fixed-fps", "60")...)...)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, "replayed 22 steps: 2 checks matched; game game to frame 14; game other to frame 4; link other to frame 4\n", out)
	assert.Contains(t, string(b), `"link":"other","op":"net","dir":"up","faults":{"delay":"50ms","loss":0.05}}`)
	assert.Contains(t, string(b), `"property":"counter","value":"`+strings.TrimSpace(counter)+`"`)
	assert.Equal(t, "ok\n", call("speed", map[string]any{"game": "game", "max": true}), "no longer recorded")
}

// Without a game to record, record creates nothing.
func TestMCPRecordWithoutGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{start: debugger.Launch}
	cs := connectMCP(t, ctx, games)
	file := filepath.Join(t.TempDir(), "session.jsonl")
	text, failed := gametest.CallTool(t, ctx, cs, "record", map[string]any{"file": file})
	assert.True(t, failed)
	assert.Equal(t, "no game to record: launch one first\n", text)
	assert.NoFileExists(t, file)
}

// A recording that fails to start (its game does not launch) leaves the
// file it was named as it was, no new file beside it, and no recording
// under way: the next record tries again.
func TestMCPRecordFailedStartLeavesFile(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{base: gameLaunch{godot: filepath.Join(t.TempDir(), "no-godot")}, start: debugger.Launch}
	cs := connectMCP(t, ctx, games)
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(file, []byte("the user's own\n"), 0o644))
	for range 2 {
		text, failed := gametest.CallTool(t, ctx, cs, "record", map[string]any{"file": file})
		assert.True(t, failed)
		assert.Contains(t, text, "nothing recorded, "+file+" left as it was")
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Equal(t, "the user's own\n", string(b))
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		assert.Len(t, entries, 1, "no new file left beside it")
	}
}
