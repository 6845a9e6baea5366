package main

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// steppedGame is testGame with every frame 1/60 s long: main.gd counts
// its frames in counter.
func steppedGame(t *testing.T) []string {
	return append(testGame(t), "--fixed-fps", "60")
}

// numberOf reads a text that is a whole number, and a line break.
func numberOf(t *testing.T, text string) int64 {
	n := numbers(t, text)
	require.Len(t, n, 1, "%q", text)
	return n[0]
}

// numbers reads lines of whole numbers.
func numbers(t *testing.T, text string) []int64 {
	var ns []int64
	for line := range strings.Lines(text) {
		n, err := strconv.ParseInt(strings.TrimSpace(line), 10, 64)
		require.NoError(t, err, "%q", text)
		ns = append(ns, n)
	}
	return ns
}

// gdvar debug's advance runs exactly the frames asked for (the game's own
// count of them agrees), and holds the game; speed lets it run, and holds
// it again. Without --fixed-fps, advance says what the game needs.
func TestLiveDebugAdvance(t *testing.T) {
	game := append([]string{"--"}, steppedGame(t)...)
	script := `wait /root/Main/Added; advance 0; get /root/Main counter; advance 10; get /root/Main counter; frame; advance; speed 4; speed max; speed 0; get /root/Main counter; frame`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	n := numbers(t, out)
	require.Len(t, n, 8, out)
	assert.Equal(t, []int64{n[0] + 10, n[1] + 10, n[0] + 10, n[0] + 11}, []int64{n[2], n[3], n[4], n[5]}, "frames and counter: %v", n)
	assert.Greater(t, n[6], n[3], "it ran at a speed")
	assert.Equal(t, n[6]-n[1], n[7]-n[0], "held at a frame the game counted")

	code, _, errOut = runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main/Added; advance 5; speed -1"}, append([]string{"--"}, steppedGame(t)...)...)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gdvar debug: speed -1: debugger: speed -1: want 0")

	code, _, errOut = runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main/Added; advance 5"}, append([]string{"--"}, testGame(t)...)...)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gdvar debug: advance 5: debugger: stepping needs the game started with --fixed-fps N")
}

// gdvar mcp's advance, speed and frame tools step the game as the
// commands do.
func TestLiveMCPAdvance(t *testing.T) {
	game := steppedGame(t)
	ctx, cancel := context.WithTimeout(context.Background(), mcpWait)
	defer cancel()
	games := &mcpGames{base: gameLaunch{godot: game[0], args: game[1:]}, start: debugger.Launch}
	defer games.quit("")
	cs := connectMCP(t, ctx, games)
	call := func(tool string, args map[string]any) string {
		text, failed := callTool(t, ctx, cs, tool, args)
		require.False(t, failed, "%s %v: %s", tool, args, text)
		return text
	}
	call("wait", map[string]any{"path": "/root/Main/Added"})
	held := numberOf(t, call("advance", map[string]any{"frames": 0}))
	assert.Equal(t, held+1, numberOf(t, call("advance", nil)))
	assert.Equal(t, held+31, numberOf(t, call("advance", map[string]any{"frames": 30})))
	assert.Equal(t, held+31, numberOf(t, call("frame", nil)))
	assert.Equal(t, "ok\n", call("speed", map[string]any{"times": 2}))
	assert.Equal(t, "ok\n", call("speed", map[string]any{"max": true}))
	assert.Equal(t, "ok\n", call("speed", nil))
	now := numberOf(t, call("frame", nil))
	assert.Greater(t, now, held+31)
	assert.Equal(t, now, numberOf(t, call("frame", nil)), "held")
}

// gdvar debug's lockstep runs several games a frame each in turn, and
// prints each one's frame: each is held at its next frame first, then
// moves by N.
func TestLiveDebugLockstep(t *testing.T) {
	game := append([]string{"--"}, steppedGame(t)...)
	script := `wait /root/Main/Added; launch other; wait /root/Main/Added; lockstep 0 game other; lockstep 5 game other; game game; frame; game other; frame`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6, out)
	var held, stepped [2]int64
	for i, name := range []string{"game", "other"} {
		held[i] = numberOf(t, strings.TrimPrefix(lines[i], name+" ")+"\n")
		stepped[i] = numberOf(t, strings.TrimPrefix(lines[2+i], name+" ")+"\n")
		assert.Equal(t, held[i]+5, stepped[i], "%s: %s", name, out)
		assert.Equal(t, stepped[i], numberOf(t, lines[4+i]+"\n"), "held there")
	}
}

// lockstep's words are checked before any game is stepped.
func TestDebugLockstepUsage(t *testing.T) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", "recording")
	code, out, errOut := runGdvar(nil, "debug", "-e", `lockstep 3; lockstep -1 game; lockstep 2 game nope`, "--", os.Args[0])
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "gdvar debug: lockstep 3: usage: lockstep N NAME…\n")
	assert.Contains(t, errOut, `gdvar debug: lockstep -1 game: frames "-1": want 0 or more`)
	assert.Contains(t, errOut, "gdvar debug: lockstep 2 game nope: no game nope (running: game)")
}
