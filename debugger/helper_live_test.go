package debugger_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A paused tree is known, and can be unpaused; Call and Evaluate run in
// it through the helper, where no script runs to stop in: with a 10 s
// request timeout, a session that stops the game for a frame fails them.
func TestLivePausedTree(t *testing.T) {
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", project(t, "game")}, debugger.WithEnv(env), debugger.WithRequestTimeout(10*time.Second))
	ctx := liveContext(t)
	paused, err := g.TreePaused(ctx)
	require.NoError(t, err)
	assert.False(t, paused)
	require.NoError(t, g.SetTreePaused(ctx, true))
	paused, err = g.TreePaused(ctx)
	require.NoError(t, err)
	assert.True(t, paused)
	v, err := g.Call(ctx, "/root/Main", "add", int64(2), int64(3))
	require.NoError(t, err)
	assert.Equal(t, int64(5), v)
	v, err = g.Evaluate(ctx, "get_tree().paused")
	require.NoError(t, err, "self is the current scene")
	assert.Equal(t, true, v)
	before, err := g.Get(ctx, "/root/Main", "counter")
	require.NoError(t, err)
	require.NoError(t, g.SetTreePaused(ctx, false))
	after, err := g.WaitProperty(ctx, "/root/Main", "counter", func(v any) bool { return v.(int64) > before.(int64) })
	require.NoError(t, err, "it runs again")
	assert.Greater(t, after, before)
	stopped, _ := g.Stopped()
	assert.False(t, stopped)
}

// A call the engine refuses is logged at the helper's call, where the
// session made it, not at a line of the game that happened to run; the
// call's own script error at its line.
func TestLiveCallErrorsAtTheHelper(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.Call(ctx, "/root/Main", "greet", int64(1), int64(2))
	require.ErrorIs(t, err, debugger.ErrCallFailed)
	_, err = g.Call(ctx, "/root/Main", "fail")
	require.ErrorIs(t, err, debugger.ErrCallFailed)
	errs := waitErrors(t, g, 4)
	require.Len(t, errs, 4, "%v", errs)
	refused, failed := errs[2], errs[3]
	require.NotEmpty(t, refused.Stack)
	assert.Equal(t, "_call", refused.Stack[0].Func, "%v", refused)
	assert.Equal(t, "res://gdvar_input.gd", refused.Stack[0].File)
	require.NotEmpty(t, failed.Stack)
	assert.Equal(t, debugger.Frame{File: "res://main.gd", Line: 56, Func: "fail"}, failed.Stack[0])
	for _, e := range errs {
		assert.NotContains(t, e.String(), "_process", "an error at a line of the game the session stopped at")
	}
}

// A game that runs many script lines a frame reads a break while a script
// runs; however often the session stops it for a frame, it causes no
// engine error, and leaves the game running.
func TestLiveNoBreakWhenBroke(t *testing.T) {
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", project(t, "busy")}, debugger.WithEnv(env), debugger.WithInputHelper(false))
	ctx := liveContext(t)
	for i := range 30 {
		v, err := g.Evaluate(ctx, "frames >= 0")
		require.NoError(t, err, "evaluate %d", i)
		require.Equal(t, true, v, "evaluate %d", i)
	}
	frames, err := g.Get(ctx, "/root/Main", "frames")
	require.NoError(t, err)
	_, err = g.WaitProperty(ctx, "/root/Main", "frames", func(v any) bool { return v.(int64) > frames.(int64) })
	require.NoError(t, err, "the game runs on")
	errs, _ := g.Errors()
	for _, e := range errs {
		assert.NotContains(t, e.String(), "already broke", "an engine error the session caused")
	}
	assert.Empty(t, errs)
	stopped, _ := g.Stopped()
	assert.False(t, stopped)
	lines, _ := g.Output()
	for _, l := range lines {
		assert.False(t, strings.Contains(l.Text, "ERROR"), l.Text)
	}
}
