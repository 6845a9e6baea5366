package debugger_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tree, with get_class() for every node, is what the game says of
// itself: the node it added at run time and the autoload included.
func TestLiveTreeIsTheGames(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	var want []string
	require.NoError(t, json.Unmarshal([]byte(waitLine(t, g, "TREE ")), &want))
	root, err := g.Tree(ctx)
	require.NoError(t, err)
	require.NoError(t, g.Classes(ctx, root))
	var got []string
	for n := range root.All() {
		got = append(got, n.Path()+" "+n.Class)
	}
	assert.Equal(t, want, got)
	assert.Equal(t, "res://main.gd", root.Find("/root/Main").Type, "the message names a scripted node by its script")
}

// waitLine waits for the line the game prints that starts with prefix and
// returns the rest.
func waitLine(t *testing.T, g *debugger.Game, prefix string) string {
	t.Helper()
	var rest string
	var lines []debugger.Line
	waitGame(t, g, func() bool {
		lines, _ = g.Output()
		for _, l := range lines {
			var ok bool
			if rest, ok = strings.CutPrefix(l.Text, prefix); ok {
				return true
			}
		}
		return false
	}, func() string { return fmt.Sprintf("no %q line in %v", prefix, lines) })
	return rest
}

// waitErrors waits until the game has reported n errors and warnings, and
// returns them: they come in messages of their own, after the output
// flushed with them.
func waitErrors(t *testing.T, g *debugger.Game, n int) []debugger.Error {
	t.Helper()
	var errs []debugger.Error
	waitGame(t, g, func() bool {
		errs, _ = g.Errors()
		return len(errs) >= n
	}, func() string { return fmt.Sprintf("%d errors, not %d: %v", len(errs), n, errs) })
	return errs
}

// waitGame polls done until it reports true, failing the test with what
// missing says once the live context ends or the game does.
func waitGame(t *testing.T, g *debugger.Game, done func() bool, missing func() string) {
	t.Helper()
	ctx := liveContext(t)
	for !done() {
		select {
		case <-ctx.Done():
			t.Fatal(missing())
		case <-g.Done():
			t.Fatalf("the game ended (%v): %s", g.Err(), missing())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// Get, Set and Call give what the game computes, for editor properties,
// script members and constants, properties the inspector does not list,
// and methods taking and returning many Variant types.
func TestLiveGetSetCall(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)

	for _, c := range []struct {
		path, prop string
		want       any
	}{
		{"/root/Main", "speed", 1.5},
		{"/root/Main", "K", int64(7)},
		{"/root/Main/Label", "text", "hi"},
		{"/root/Glob", "score", int64(10)},
		{"/root/Main", "global_position", gdvar.Vector2{}},
		{"/root/Main/Timer", "wait_time", 0.5},
	} {
		v, err := g.Get(ctx, c.path, c.prop)
		require.NoError(t, err, c.prop)
		assert.Equal(t, c.want, v, c.prop)
	}

	require.NoError(t, g.Set(ctx, "/root/Main", "speed", 9.5))
	require.NoError(t, g.Set(ctx, "/root/Main", "global_position", gdvar.Vector2{X: 3, Y: 4}))
	require.NoError(t, g.Set(ctx, "/root/Main/Label", "text", "changed"))
	for prop, want := range map[string]any{"speed": 9.5, "global_position": gdvar.Vector2{X: 3, Y: 4}, "position:x": 3.0} {
		v, err := g.Get(ctx, "/root/Main", prop)
		require.NoError(t, err, prop)
		assert.Equal(t, want, v, prop)
	}
	v, err := g.Call(ctx, "/root/Main/Label", "get_text")
	require.NoError(t, err)
	assert.Equal(t, "changed", v)

	v, err = g.Call(ctx, "/root/Main", "add", int64(2), int64(3))
	require.NoError(t, err)
	assert.Equal(t, int64(5), v)
	v, err = g.Call(ctx, "/root/Main", "greet", "bob")
	require.NoError(t, err)
	assert.Equal(t, "hi bob", v)
	v, err = g.Call(ctx, "/root/Glob", "ping")
	require.NoError(t, err)
	assert.Equal(t, "pong", v)
	v, err = g.Call(ctx, "/root/Main", "nothing")
	require.NoError(t, err)
	assert.Nil(t, v)
	for _, x := range []any{
		nil, true, int64(-1 << 40), 2.5, "text \"quoted\"\n", gdvar.StringName("sn"),
		gdvar.ParseNodePath("/root/Main:position:x"), gdvar.Vector2{X: 1, Y: 2}, gdvar.Vector3i{X: 1, Y: 2, Z: 3},
		gdvar.Color{R: 1, G: 0.5, B: 0, A: 1}, gdvar.Rect2{Size: gdvar.Vector2{X: 2, Y: 3}},
		gdvar.Transform2D{X: gdvar.Vector2{X: 1}, Y: gdvar.Vector2{Y: 1}},
		[]any{int64(1), "two", []any{3.5}}, gdvar.NewDictionary("a", int64(1), int64(2), []any{"b"}),
		[]byte{1, 2, 3}, []int32{4, 5}, []int64{6}, []float32{0.5}, []float64{0.25}, []string{"x", "y"},
		[]gdvar.Vector2{{X: 1}}, []gdvar.Vector3{{Z: 1}}, []gdvar.Color{{A: 1}},
	} {
		v, err := g.Call(ctx, "/root/Main", "echo", x)
		require.NoError(t, err, "%#v", x)
		if _, ok := x.(*gdvar.Dictionary); ok { // the text form sorts the keys
			assert.Equal(t, text(t, x), text(t, v))
			continue
		}
		assert.Equal(t, x, v)
	}
}

// A missing node, property or method is an error of its own; a call that
// raises a script error fails with that error.
func TestLiveFailures(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	_, err = g.Get(ctx, "/root/Nope", "speed")
	assert.ErrorIs(t, err, debugger.ErrNoNode)
	_, err = g.Get(ctx, "/root/Main", "nosuch")
	assert.ErrorIs(t, err, debugger.ErrNoProperty)
	assert.ErrorIs(t, g.Set(ctx, "/root/Main", "nosuch", int64(1)), debugger.ErrNoProperty)
	_, err = g.Call(ctx, "/root/Main", "nosuch")
	assert.ErrorIs(t, err, debugger.ErrNoMethod)
	_, err = g.Call(ctx, "/root/Nope", "add")
	assert.ErrorIs(t, err, debugger.ErrNoNode)
	_, err = g.Call(ctx, "/root/Main", "fail")
	assert.ErrorIs(t, err, debugger.ErrCallFailed)
	assert.ErrorContains(t, err, "Nonexistent function 'foo'")
	_, err = g.Call(ctx, "/root/Main", "greet", int64(1), int64(2))
	assert.ErrorIs(t, err, debugger.ErrCallFailed)
	v, err := g.Call(ctx, "/root/Main", "add", int64(1), int64(1))
	require.NoError(t, err, "the session goes on")
	assert.Equal(t, int64(2), v)
}

// Output and errors arrive in the order the game made them.
func TestLiveOutputAndErrors(t *testing.T) {
	g := launchGame(t)
	waitLine(t, g, "TREE ")
	lines, dropped := g.Output()
	assert.Zero(t, dropped)
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Plain())
	}
	assert.Contains(t, strings.Join(texts, "\n"), "hello from main\nbold text\nTREE ")
	assert.True(t, strings.HasPrefix(texts[0], "Godot Engine v4."), texts[0])
	errs := waitErrors(t, g, 2)
	require.Len(t, errs, 2)
	assert.Equal(t, "WARNING: a warning at: _ready (res://main.gd:12)", errs[0].String())
	assert.Equal(t, "ERROR: an error at: _ready (res://main.gd:13)", errs[1].String())
}

// A breakpoint stops the game at its line; the stack, the frame's
// variables and evaluate work there, and the game goes on after.
func TestLiveBreakpoint(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	require.NoError(t, g.SetBreakpoint("res://main.gd", 27, true))
	b, err := g.WaitBreak(ctx)
	require.NoError(t, err)
	assert.Equal(t, debugger.Break{CanContinue: true, Reason: "Breakpoint", HasStack: true, Thread: 1}, b)
	stack, err := g.Stack(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, stack)
	assert.Equal(t, debugger.Frame{File: "res://main.gd", Line: 27, Func: "_process"}, stack[0])
	vars, err := g.Vars(ctx, 0)
	require.NoError(t, err)
	byName := map[string]debugger.Var{}
	for _, v := range vars {
		byName[v.Name] = v
	}
	assert.Equal(t, debugger.Member, byName["counter"].Kind)
	assert.Equal(t, debugger.Local, byName["_delta"].Kind)
	assert.Equal(t, debugger.Global, byName["Glob"].Kind)
	counter := byName["counter"].Value.(int64)
	v, err := g.Evaluate(ctx, "counter + 1000")
	require.NoError(t, err)
	assert.Equal(t, counter+1000, v)
	v, err = g.Call(ctx, "/root/Main", "add", int64(1), int64(2))
	require.NoError(t, err, "a call at the caller's breakpoint")
	assert.Equal(t, int64(3), v)
	b, err = g.Next(ctx)
	require.NoError(t, err)
	assert.True(t, b.HasStack)
	require.NoError(t, g.SetBreakpoint("res://main.gd", 27, false))
	require.NoError(t, g.Resume(ctx))
	stopped, _ := g.Stopped()
	assert.False(t, stopped)
	later, err := g.WaitProperty(ctx, "/root/Main", "counter", func(v any) bool { return v.(int64) > counter+5 })
	require.NoError(t, err, "the game runs again")
	assert.Greater(t, later, counter)
}

// Pause stops the game without a frame, Resume lets it go; the monitors
// come about once a second.
func TestLivePauseAndMonitors(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	b, err := g.Pause(ctx)
	require.NoError(t, err)
	assert.False(t, b.HasStack)
	stack, err := g.Stack(ctx)
	require.NoError(t, err)
	assert.Empty(t, stack)
	v, err := g.Evaluate(ctx, "Glob.score * 2")
	require.NoError(t, err, "evaluate steps to a frame")
	assert.Equal(t, int64(20), v)
	stopped, _ := g.Stopped()
	assert.True(t, stopped, "still paused")
	require.NoError(t, g.Resume(ctx))
	mon, err := g.Monitors(ctx)
	require.NoError(t, err)
	assert.Contains(t, mon, "time/fps")
	assert.Positive(t, mon["object/nodes"])
}

// The session ends, as a value, when the game goes.
func TestLiveGameEnds(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.Tree(ctx)
	require.NoError(t, err)
	_, err = g.Evaluate(ctx, "Engine.get_main_loop().quit(0)")
	require.NoError(t, err)
	select {
	case <-g.Done():
	case <-ctx.Done():
		t.Fatal("the session did not end")
	}
	assert.ErrorIs(t, g.Err(), debugger.ErrClosed)
	select {
	case <-g.Exited():
	case <-ctx.Done():
		t.Fatal("the game did not quit")
	}
	_, err = g.Tree(ctx)
	assert.ErrorIs(t, err, debugger.ErrClosed)
	assert.ErrorIs(t, g.Send("break", int64(1)), debugger.ErrBadArity)
}

func text(t *testing.T, v any) string {
	b, err := vartext.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// A game started by hand connects to a Listener; inspect, suspend and
// step work on it.
func TestLiveListenerAndStepping(t *testing.T) {
	engine := debuggertest.Godot(t)
	ln, err := debugger.Listen("127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	assert.Equal(t, "tcp://"+ln.Addr().String(), ln.RemoteDebugArg(4))
	game := godot.StartWith(t, engine, "--remote-debug", ln.RemoteDebugArg(4), "--path", project(t, "game"))
	ctx := liveContext(t)
	s, err := ln.Accept(ctx)
	require.NoError(t, err)
	n, err := s.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	assert.NotZero(t, s.PID())
	o, err := s.Inspect(ctx, n.ID)
	require.NoError(t, err)
	assert.Equal(t, "Node", o.Class)

	require.NoError(t, s.IgnoreErrorBreaks(true))
	require.NoError(t, s.Suspend(true))
	before, err := s.Get(ctx, "/root/Main", "counter")
	require.NoError(t, err)
	time.Sleep(200 * time.Millisecond)
	after, err := s.Get(ctx, "/root/Main", "counter")
	require.NoError(t, err)
	assert.Equal(t, before, after, "suspended: no _process")
	require.NoError(t, s.Suspend(false))

	_, err = s.Pause(ctx)
	require.NoError(t, err)
	b, err := s.Step(ctx)
	require.NoError(t, err)
	assert.True(t, b.HasStack)
	b, err = s.Next(ctx)
	require.NoError(t, err)
	assert.True(t, b.CanContinue)
	require.NoError(t, s.Resume(ctx))
	require.NoError(t, s.Close())
	assert.ErrorIs(t, s.Err(), debugger.ErrClosed)
	_ = game // ended with the test
}
