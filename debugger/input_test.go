package debugger_test

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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

// A game without the autoload gets the helper at run time, nothing
// written into its project: input reaches it, and the helper raises no
// error or warning of its own.
func TestLiveInputInstalled(t *testing.T) {
	dir := projectWithAutoload(t, "")
	before := projectFiles(t, dir)
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", dir}, debugger.WithEnv(env))
	ctx := liveContext(t)
	require.NoError(t, g.HasInput(ctx))
	n, err := g.NodeByPath(ctx, "/root/GdvarInput")
	require.NoError(t, err, "the helper is a node of its own under /root")
	assert.Equal(t, "Node", n.Type)
	require.NoError(t, g.Key(ctx, "Ctrl+A", debugger.Tap))
	got, err := g.WaitProperty(ctx, "/root/Main", "inputs", func(v any) bool { return len(v.([]any)) >= 2 })
	require.NoError(t, err)
	assert.Equal(t, []any{"key Ctrl+A physical A true", "key Ctrl+A physical A false"}, got)
	v, err := g.Get(ctx, "/root/Main", "speed")
	require.NoError(t, err)
	assert.Equal(t, 1.5, v)
	assert.Equal(t, before, projectFiles(t, dir), "nothing is written into the project")
	errs := waitErrors(t, g, 2)
	assert.Len(t, errs, 2, "the game's own warning and error alone: %v", errs)
}

// projectFiles lists the files of a project, but the engine's cache.
func projectFiles(t *testing.T, dir string) []string {
	var files []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".godot" {
			return filepath.SkipDir
		}
		files = append(files, p)
		return nil
	}))
	return files
}

// The helper compiles in a project that makes every GDScript warning an
// error, installed at run time and as an autoload: input reaches the
// game, and the game reports no error at all.
func TestLiveInputStrictWarnings(t *testing.T) {
	engine := debuggertest.Godot(t)
	dir := project(t, "strict")
	warnings := engineWarnings(t, engine)
	f, err := os.OpenFile(filepath.Join(dir, "project.godot"), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = fmt.Fprintf(f, "\n[debug]\n\n%s\n", strings.Join(warnings, "=2\n")+"=2")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	for _, how := range []string{"installed at run time", "an autoload"} {
		t.Run(how, func(t *testing.T) {
			if how == "an autoload" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, "gdvar_input.gd"), []byte(debugger.InputAutoload()), 0o644))
				f, err := os.OpenFile(filepath.Join(dir, "project.godot"), os.O_APPEND|os.O_WRONLY, 0)
				require.NoError(t, err)
				_, err = f.WriteString("\n[autoload]\n\nGdvarInput=\"*res://gdvar_input.gd\"\n")
				require.NoError(t, err)
				require.NoError(t, f.Close())
			}
			env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
			g := debuggertest.Launch(t, engine, []string{"--headless", "--path", dir}, debugger.WithEnv(env))
			ctx := liveContext(t)
			require.NoError(t, g.HasInput(ctx))
			require.NoError(t, g.Key(ctx, "B", debugger.Down))
			got, err := g.WaitProperty(ctx, "/root/Main", "events", func(v any) bool { return len(v.(gdvar.Array).Values) >= 1 })
			require.NoError(t, err)
			assert.Equal(t, []any{"B"}, got.(gdvar.Array).Values)
			v, err := g.Evaluate(ctx, "1 + 1")
			require.NoError(t, err)
			assert.Equal(t, int64(2), v)
			errs, _ := g.Errors()
			assert.Empty(t, errs)
		})
	}
}

// engineWarnings returns the names of the engine's GDScript warning
// settings, debug/gdscript/warnings/NAME, that take a level.
func engineWarnings(t *testing.T, engine string) []string {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "list.gd"), []byte(`extends SceneTree


func _init() -> void:
	for p: Dictionary in ProjectSettings.get_property_list():
		if p["type"] == TYPE_INT and str(p["name"]).begins_with("debug/gdscript/warnings/"):
			print("WARNING_SETTING ", str(p["name"]).trim_prefix("debug/"))
	quit()
`), 0o644))
	ctx := liveContext(t)
	cmd := exec.CommandContext(ctx, engine, "--headless", "--path", dir, "-s", "list.gd")
	cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	var names []string
	for _, l := range strings.Split(string(out), "\n") {
		if name, ok := strings.CutPrefix(l, "WARNING_SETTING "); ok {
			names = append(names, name)
		}
	}
	require.Greater(t, len(names), 20, "%s", out)
	return names
}

// A game whose tree is paused at start and that runs no script gives no
// frame to install the helper from: Launch goes on, and the input methods
// say why there is no helper, not that the engine lacks something.
func TestLiveInputNotInstallable(t *testing.T) {
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	g := debuggertest.Launch(t, "", []string{"--headless", "--path", project(t, "still")}, debugger.WithEnv(env))
	ctx := liveContext(t)
	err := g.Key(ctx, "A", debugger.Tap)
	assert.ErrorIs(t, err, debugger.ErrNoInputAutoload)
	assert.NotErrorIs(t, err, debugger.ErrUnsupported)
	assert.ErrorContains(t, err, "no GDScript line ran within 10s to install it from (a paused scene tree")
	assert.ErrorContains(t, err, "add debugger.InputAutoload() to the project as an autoload")
	_, err = g.NodeByPath(ctx, "/root/Main")
	require.NoError(t, err, "the session goes on")
	stopped, _ := g.Stopped()
	assert.False(t, stopped, "the game is not left stopped")
}
