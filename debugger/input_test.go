package debugger_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The autoload shipped for users is the one the package embeds, which a
// function gives: a program cannot change it for the package's other
// users (this file does not compile if it is a variable again).
func TestInputAutoloadIsEmbedded(t *testing.T) {
	var get func() string = debugger.InputAutoload
	b, err := os.ReadFile(filepath.Join("autoload", "gdvar_input.gd"))
	require.NoError(t, err)
	assert.Equal(t, string(b), get())
	assert.Contains(t, get(), `EngineDebugger.register_message_capture("gdvar", _capture)`)
}

// Keys, mouse events, actions and text reach the game's _input as the
// events they stand for, in order; what the autoload cannot make is
// refused.
func TestLiveInput(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	require.NoError(t, g.HasInput(ctx))

	steps := []struct {
		send func() error
		want []string
	}{
		{func() error { return g.Key(ctx, "Ctrl+A", debugger.Tap) }, []string{"key Ctrl+A physical A true", "key Ctrl+A physical A false"}},
		{func() error { return g.Key(ctx, "Enter", debugger.Down) }, []string{"key Enter physical Enter true"}},
		{func() error { return g.Key(ctx, "Enter", debugger.Up) }, []string{"key Enter physical Enter false"}},
		{func() error { return g.MouseMove(ctx, gdvar.Vector2{X: 10, Y: 20}) }, []string{"motion (10.0, 20.0) relative (10.0, 20.0) mask 0"}},
		{func() error { return g.MouseClick(ctx, gdvar.Vector2{X: 30, Y: 40}, debugger.MouseLeft, debugger.Down) }, []string{"button 1 true at (30.0, 40.0) factor 1.0 mask 1"}},
		{func() error { return g.MouseMove(ctx, gdvar.Vector2{X: 35, Y: 40}) }, []string{"motion (35.0, 40.0) relative (5.0, 0.0) mask 1"}},
		{func() error { return g.MouseClick(ctx, gdvar.Vector2{X: 35, Y: 40}, debugger.MouseLeft, debugger.Up) }, []string{"button 1 false at (35.0, 40.0) factor 1.0 mask 0"}},
		{func() error { return g.MouseWheel(ctx, gdvar.Vector2{X: 1, Y: 2}, debugger.WheelDown, 2) }, []string{"button 5 true at (1.0, 2.0) factor 2.0 mask 16", "button 5 false at (1.0, 2.0) factor 2.0 mask 0"}},
		{func() error { return g.Action(ctx, "jump", 0.5, debugger.Down) }, []string{"action jump true 0.5 is_pressed true"}},
		{func() error { return g.Action(ctx, "jump", 0, debugger.Up) }, []string{"action jump false 0.0 is_pressed false"}},
		{func() error { return g.Text(ctx, "hé") }, []string{"char h true", "char h false", "char é true", "char é false"}},
	}
	var want []string
	for _, s := range steps {
		require.NoError(t, s.send())
		want = append(want, s.want...)
	}
	got, err := g.WaitProperty(ctx, "/root/Main", "inputs", func(v any) bool { return len(v.([]any)) >= len(want) })
	require.NoError(t, err)
	var lines []string
	for _, l := range got.([]any) {
		lines = append(lines, l.(string))
	}
	assert.Equal(t, want, lines)

	assert.ErrorIs(t, g.Key(ctx, "NoSuchKey", debugger.Tap), debugger.ErrInputRefused)
	assert.ErrorIs(t, g.Action(ctx, "fly", 1, debugger.Tap), debugger.ErrInputRefused)
	require.NoError(t, g.Key(ctx, "B", debugger.Tap), "the session goes on")
	errs, _ := g.Errors()
	for _, e := range errs {
		assert.NotContains(t, e.String(), "gdvar_input.gd", "the autoload parses and runs without a warning")
	}
}

// A game without the autoload says so, as ErrUnsupported, within a bounded
// wait; the rest of the session goes on.
func TestLiveInputWithoutAutoload(t *testing.T) {
	dir := project(t, "game")
	settings := filepath.Join(dir, "project.godot")
	b, err := os.ReadFile(settings)
	require.NoError(t, err)
	without := strings.Replace(string(b), `GdvarInput="*res://gdvar_input.gd"`, "", 1)
	require.NotEqual(t, string(b), without)
	require.NoError(t, os.WriteFile(settings, []byte(without), 0o644))
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", dir}, debugger.WithEnv(env))
	ctx := liveContext(t)
	_, err = g.WaitNode(ctx, "/root/Main/Added")
	require.NoError(t, err)
	start := time.Now()
	err = g.Key(ctx, "A", debugger.Tap)
	assert.ErrorIs(t, err, debugger.ErrNoInputAutoload)
	assert.ErrorIs(t, err, debugger.ErrUnsupported)
	assert.Less(t, time.Since(start), 10*time.Second)
	v, err := g.Get(ctx, "/root/Main", "speed")
	require.NoError(t, err)
	assert.Equal(t, 1.5, v)
}
