package debugger_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/require"
)

// TestMain, with DBGTEST_FAKEGAME set, is the fake game of fakeGameMain.
// With DBGTEST_LAUNCH set to an engine and DBGTEST_PATH to a
// project, is a Go program that launches that game, prints its process id
// and waits for its standard input to end: a parent that the test kills.
func TestMain(m *testing.M) {
	if os.Getenv("DBGTEST_FAKEGAME") != "" {
		os.Exit(fakeGameMain())
	}
	if godot := os.Getenv("DBGTEST_LAUNCH"); godot != "" {
		ctx, cancel := context.WithTimeout(context.Background(), liveWait)
		g, err := debugger.Launch(ctx, godot, []string{"--headless", "--path", os.Getenv("DBGTEST_PATH")})
		cancel()
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		fmt.Println(g.Process().Pid)
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// liveWait bounds each wait on a live game: the machine may be busy.
const liveWait = 60 * time.Second

// launchGame starts testdata/game, copied to a folder of its own (the
// engine writes its .godot cache there), with the environment variables
// env ("KEY=value").
func launchGame(t *testing.T, env ...string) *debugger.Game {
	t.Helper()
	return launchGameB(t, env...)
}

func launchGameB(t testing.TB, env ...string) *debugger.Game {
	t.Helper()
	env = append(append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir()), env...)
	return debuggertest.Launch(t, "", []string{"--headless", "--path", project(t, "game")}, debugger.WithEnv(env))
}

// launchGame3 starts testdata/game3 in Godot 3.6.
func launchGame3(t *testing.T) *debugger.Game {
	t.Helper()
	engine := godot.Require(t, godot.Godot3_6)
	env := append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	return debuggertest.Launch(t, engine, []string{"--no-window", "--path", project(t, "game3")}, debugger.WithEngine(gdvar.Godot3), debugger.WithEnv(env))
}

// project copies the project in testdata/name to a folder of its own,
// where the engine may write its caches.
func project(t testing.TB, name string) string {
	dir := t.TempDir()
	files, err := os.ReadDir(filepath.Join("testdata", name))
	require.NoError(t, err)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join("testdata", name, f.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644))
	}
	return dir
}

// projectWithAutoload copies testdata/game with autoload, a line of
// [autoload] (or none), where it has the input helper; the helper's
// script goes with it.
func projectWithAutoload(t *testing.T, autoload string) string {
	t.Helper()
	dir := project(t, "game")
	settings := filepath.Join(dir, "project.godot")
	b, err := os.ReadFile(settings)
	require.NoError(t, err)
	changed := strings.Replace(string(b), `GdvarInput="*res://gdvar_input.gd"`, autoload, 1)
	require.NotEqual(t, string(b), changed)
	require.NoError(t, os.WriteFile(settings, []byte(changed), 0o644))
	require.NoError(t, os.Remove(filepath.Join(dir, "gdvar_input.gd")))
	return dir
}

func liveContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	t.Cleanup(cancel)
	return ctx
}
