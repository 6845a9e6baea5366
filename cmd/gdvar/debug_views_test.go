package main

import (
	"os"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar debug's views and verbs of #56 on a real game: a subtree to a
// depth and filtered, a node's properties, waits for a value with a
// timeout, the scene tree paused (a call runs in it) and unpaused,
// suspend, a key tapped, and breakpoints by a script's name, a missing
// script refused.
func TestLiveDebugViews(t *testing.T) {
	game := append([]string{"--"}, gametest.Game(t)...)
	script := `tree /root/Main 1; tree /root 9 *LABEL*; tree /root/Main 0 "Spaced*"; props /root/Main/Timer;
		until /root/Main speed 1.5 50s; until /root/Main speed 2.0 1s;
		paused true; paused; call /root/Main add 2 3; paused false;
		key A tap; suspend; suspend off; break main.gd:20; break nothere.gd:3; output`
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script}, game...)...)
	assert.Equal(t, 1, code, "%s\n---\n%s", out, errOut)
	want := `/root/Main Node2D
/root/Main/Label Label
/root/Main/Spaced Name Sprite2D
/root/Main/Many Node
/root/Main/Timer Timer
/root/Main/Added Node
/root/Main/Label Label
/root/Main/Timer Timer
`
	require.True(t, strings.HasPrefix(out, want), out)
	rest := strings.TrimPrefix(out, want)
	assert.Contains(t, rest, "\nwait_time float = 0.5\n")
	assert.Contains(t, rest, "\n1.5\ntrue\ntrue\n5\nfalse\n")
	assert.Contains(t, errOut, "gdvar debug: until /root/Main speed 2.0 1s: debugger: speed of /root/Main: context deadline exceeded")
	assert.Contains(t, errOut, "gdvar debug: break nothere.gd:3: debugger: no such script in the project: no file ends in nothere.gd")
	assert.NotContains(t, errOut, "break main.gd:20")
	assert.NotContains(t, errOut, "key A tap")
	assert.NotContains(t, errOut, "suspend")
	assert.Equal(t, 2, strings.Count(errOut, "gdvar debug: "), errOut)
}

// gdvar debug runs several games, each by its name: launch starts one
// and makes it current, game chooses which the commands go to.
func TestDebugSeveralGames(t *testing.T) {
	t.Setenv("GDVAR_TEST_FAKE_GAME", "recording")
	code, out, errOut := runGdvar(nil, "debug", "-e", `key A; launch client; key C; game game; output; game client; output; game nope`, "--", os.Args[0])
	assert.Equal(t, 1, code, errOut)
	assert.Equal(t, "gdvar:hello []\ngdvar:key [\"A\", true]\ngdvar:key [\"A\", false]\n"+
		"gdvar:hello []\ngdvar:key [\"C\", true]\ngdvar:key [\"C\", false]\n", out)
	assert.Contains(t, errOut, `gdvar debug: game nope: no game "nope" (running: client, game)`)
}
