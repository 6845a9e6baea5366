package debugger_test

import (
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Godot 3.6 frames its messages otherwise; the tree, inspect, set, output,
// errors and breakpoints work on it.
func TestLiveGodot3(t *testing.T) {
	g := launchGame3(t)
	ctx := liveContext(t)
	assert.Equal(t, gdvar.Godot3, g.Engine())
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	root, err := g.Tree(ctx)
	require.NoError(t, err)
	require.NoError(t, g.Classes(ctx, root))
	var got []string
	for n := range root.All() {
		got = append(got, n.Path()+" "+n.Class)
	}
	assert.Equal(t, []string{"/root Viewport", "/root/Main Node2D", "/root/Main/Label Label", "/root/Main/Added Node"}, got)

	v, err := g.Get(ctx, "/root/Main", "speed")
	require.NoError(t, err)
	assert.Equal(t, 1.5, v)
	require.NoError(t, g.Set(ctx, "/root/Main", "speed", 4.5))
	v, err = g.Get(ctx, "/root/Main/Label", "text")
	require.NoError(t, err)
	assert.Equal(t, "hi", v)
	v, err = g.Get(ctx, "/root/Main", "speed")
	require.NoError(t, err)
	assert.Equal(t, 4.5, v)
	_, err = g.Call(ctx, "/root/Main", "add")
	assert.ErrorIs(t, err, debugger.ErrUnsupported)
	_, err = g.Out(ctx)
	assert.ErrorIs(t, err, debugger.ErrUnsupported)
	assert.ErrorIs(t, g.Key(ctx, "A", debugger.Tap), debugger.ErrNoInputAutoload, "no message captures in 3.x")

	lines, _ := g.Output()
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	assert.Contains(t, texts, "hello from main")
	errs := waitErrors(t, g, 1)
	assert.Equal(t, "ERROR: an error at: _ready (res://main.gd:9)", errs[0].String())

	require.NoError(t, g.SetBreakpoint("res://main.gd", 16, true))
	b, err := g.WaitBreak(ctx)
	require.NoError(t, err)
	assert.Equal(t, "Breakpoint", b.Reason)
	stack, err := g.Stack(ctx)
	require.NoError(t, err)
	require.NotEmpty(t, stack)
	assert.Equal(t, debugger.Frame{File: "res://main.gd", Line: 16, Func: "_process"}, stack[0])
	require.NoError(t, g.SetBreakpoint("res://main.gd", 16, false))
	require.NoError(t, g.Resume(ctx))
	stopped, _ := g.Stopped()
	assert.False(t, stopped)
}
