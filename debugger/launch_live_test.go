package debugger_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game that dies at start fails Launch with how it ended and the last
// lines it printed, bounded, whether it dies before
// it connects (no project) or after (no display, a main scene that does
// not load).
func TestLiveLaunchReportsDeath(t *testing.T) {
	engine := debuggertest.Godot(t)
	broken := project(t, "game")
	require.NoError(t, os.Remove(filepath.Join(broken, "main.tscn")))
	var noDisplay []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			noDisplay = append(noDisplay, kv)
		}
	}
	for _, c := range []struct {
		name string
		args []string
		env  []string
		want string // a line of the game's standard error
	}{
		{"no project", []string{"--headless", "--path", filepath.Join(t.TempDir(), "nothing")}, os.Environ(), "Invalid project path specified"},
		{"no display", []string{"--path", project(t, "game")}, noDisplay, "Unable to create DisplayServer"},
		{"no main scene", []string{"--headless", "--path", broken}, os.Environ(), "Failed loading scene: res://main.tscn"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := append(c.env, "GDVAR_GODOT_HOME="+t.TempDir())
			ctx := liveContext(t)
			g, err := debugger.Launch(ctx, engine, c.args, debugger.WithEnv(env))
			if err == nil {
				g.Close()
			}
			require.ErrorIs(t, err, debugger.ErrExited)
			var exit *debugger.ExitError
			require.True(t, errors.As(err, &exit))
			assert.Contains(t, strings.Join(exit.Output, "\n"), c.want)
			assert.NotEqual(t, "exit status 0", exit.State)
			assert.LessOrEqual(t, len(err.Error()), 12*200+200, "bounded")
			t.Logf("%v", err)
		})
	}
}

// Launch returns once the main scene is in the tree, after the autoloads:
// the first tree holds it.
func TestLiveLaunchWaitsForMainScene(t *testing.T) {
	g := launchGame(t)
	root, err := g.Tree(liveContext(t))
	require.NoError(t, err)
	assert.NotNil(t, root.Find("/root/Main/Label/Sub"), "the main scene, whole")
}

// A game that quits ends its session with how its process ended.
func TestLiveSessionEndsWithExit(t *testing.T) {
	g := launchGame(t)
	ctx := liveContext(t)
	_, err := g.Evaluate(ctx, `Engine.get_main_loop().root.get_node("Main").fail()`)
	require.Error(t, err)
	_, err = g.Evaluate(ctx, "Engine.get_main_loop().quit(3)")
	require.NoError(t, err)
	select {
	case <-g.Done():
	case <-ctx.Done():
		t.Fatal("the session did not end")
	}
	var exit *debugger.ExitError
	require.True(t, errors.As(g.Err(), &exit), "%v", g.Err())
	assert.Equal(t, "exit status 3", exit.State)
	_, err = g.Tree(context.Background())
	assert.ErrorIs(t, err, debugger.ErrExited)
}
