package main

import (
	"os"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar debug's advance runs exactly the frames asked for (the game's own
// count of them agrees), and holds the game; speed lets it run, and holds
// it again. Without --fixed-fps, advance says what the game needs.
func TestLiveDebugAdvance(t *testing.T) {
	game := append([]string{"--"}, gametest.Stepped(t)...)
	script := `wait /root/Main/Added; advance 0; get /root/Main counter; advance 10; get /root/Main counter; frame; advance; speed 4; speed max; speed 0; get /root/Main counter; frame`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	n := gametest.Numbers(t, out)
	require.Len(t, n, 8, out)
	assert.Equal(t, []int64{n[0] + 10, n[1] + 10, n[0] + 10, n[0] + 11}, []int64{n[2], n[3], n[4], n[5]}, "frames and counter: %v", n)
	assert.Greater(t, n[6], n[3], "it ran at a speed")
	assert.Equal(t, n[6]-n[1], n[7]-n[0], "held at a frame the game counted")

	code, _, errOut = runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main/Added; advance 5; speed -1"}, append([]string{"--"}, gametest.Stepped(t)...)...)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gdvar debug: speed -1: debugger: no such speed: -1: want 0 (hold)")

	code, _, errOut = runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main/Added; advance 5"}, append([]string{"--"}, gametest.Game(t)...)...)...)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "gdvar debug: advance 5: debugger: stepping needs the game started with --fixed-fps N")
}

// gdvar debug's lockstep runs several games a frame each in turn, and
// prints each one's frame: each is held at its next frame first, then
// moves by N.
func TestLiveDebugLockstep(t *testing.T) {
	game := append([]string{"--"}, gametest.Stepped(t)...)
	script := `wait /root/Main/Added; launch other; wait /root/Main/Added; lockstep 0 game other; lockstep 5 game other; game game; frame; game other; frame`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 6, out)
	var held, stepped [2]int64
	for i, name := range []string{"game", "other"} {
		held[i] = gametest.NumberOf(t, strings.TrimPrefix(lines[i], name+" ")+"\n")
		stepped[i] = gametest.NumberOf(t, strings.TrimPrefix(lines[2+i], name+" ")+"\n")
		assert.Equal(t, held[i]+5, stepped[i], "%s: %s", name, out)
		assert.Equal(t, stepped[i], gametest.NumberOf(t, lines[4+i]+"\n"), "held there")
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
	assert.Contains(t, errOut, `gdvar debug: lockstep 2 game nope: no game "nope" (running: game)`)
}

// gdvar debug -hold starts the game held at its first frame, its random
// numbers seeded: two runs print the same frames, counter and random
// number, where a game started free runs a varying number of frames
// before its first command.
func TestLiveDebugHold(t *testing.T) {
	game := append([]string{"--"}, gametest.Stepped(t)...)
	script := `frame; advance 10; get /root/Main counter; eval randi()`
	var outs [2]string
	for i := range outs {
		code, out, errOut := runGdvar(nil, append([]string{"debug", "-hold", "-seed", "7", "-e", script}, game...)...)
		require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
		outs[i] = out
	}
	assert.Equal(t, outs[0], outs[1], "two runs")
	n := gametest.Numbers(t, outs[0])
	require.Len(t, n, 4, outs[0])
	assert.LessOrEqual(t, n[0], int64(1), "held at its first frame")
	assert.Equal(t, n[0]+10, n[1])
}

// -seed without -hold is refused, its first line naming the fix.
func TestDebugSeedNeedsHold(t *testing.T) {
	for _, cmd := range []string{"debug", "mcp"} {
		code, _, errOut := runGdvar(nil, cmd, "-seed", "3", "--", "godot")
		assert.Equal(t, 2, code, cmd)
		assert.True(t, strings.HasPrefix(errOut, "-seed seeds a game held from its start: give -hold too\n"), "%s: %s", cmd, errOut)
	}
}
