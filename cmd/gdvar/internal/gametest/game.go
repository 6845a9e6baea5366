// Package gametest holds what the tests of gdvar's commands that play
// games share, those of package main (which run a command as gdvar does)
// and those of package game (which call its functions): the games they
// play, real (the debugger's test game, a rendered one) and fake (the test
// binary itself, playing a game that does not play), and an MCP client's
// calls to the tools.
package gametest

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/require"
)

// debuggerTestdata is the debugger's testdata folder, found from the
// test's working directory: a package's folder in the module.
func debuggerTestdata(t testing.TB) string {
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "debugger", "testdata")
		}
		up := filepath.Dir(dir)
		require.NotEqual(t, dir, up, "no go.mod above the working directory")
		dir = up
	}
}

// GameTree is what tree prints for Game: a line a node.
const GameTree = `/root Window
/root/Glob Node
/root/GdvarInput Node
/root/Main Node2D
/root/Main/Label Label
/root/Main/Label/Sub Node
/root/Main/Spaced Name Sprite2D
/root/Main/Many Node
/root/Main/Timer Timer
/root/Main/Added Node
`

// Game returns the command line of debugger/testdata/game, copied to
// a folder of its own (the engine writes its .godot cache there), in the
// Godot 4 engine that debuggertest finds; it skips the test if there is
// none. The engine keeps its settings in a folder of the test's own.
func Game(t testing.TB) []string {
	engine := debuggertest.Godot(t)
	dir := t.TempDir()
	src := filepath.Join(debuggerTestdata(t), "game")
	files, err := os.ReadDir(src)
	require.NoError(t, err)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(src, f.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644))
	}
	t.Setenv("GDVAR_GODOT_HOME", t.TempDir())
	return []string{engine, "--headless", "--path", dir}
}

// The tree of WithoutHelper, two levels, without the helper, and
// with it.
const (
	TreeWithoutHelper = "/root Window\n/root/Glob Node\n/root/Main Node2D\n"
	TreeWithHelper    = TreeWithoutHelper + "/root/GdvarInput Node\n"
)

// WithoutHelper is Game without the input helper as an
// autoload: gdvar installs it at launch.
func WithoutHelper(t *testing.T) []string {
	game := Game(t)
	dir := game[len(game)-1]
	settings := filepath.Join(dir, "project.godot")
	b, err := os.ReadFile(settings)
	require.NoError(t, err)
	without := strings.Replace(string(b), `GdvarInput="*res://gdvar_input.gd"`, "", 1)
	require.NotEqual(t, string(b), without)
	require.NoError(t, os.WriteFile(settings, []byte(without), 0o644))
	require.NoError(t, os.Remove(filepath.Join(dir, "gdvar_input.gd")))
	return game
}

// Stepped is Game with every frame 1/60 s long: main.gd counts
// its frames in counter.
func Stepped(t *testing.T) []string {
	return append(Game(t), "--fixed-fps", "60")
}

// Shot returns the command line of debugger/testdata/shot, a scene of
// flat colors, copied to a folder of its own, rendered on a display of
// the test's own, and what it shows (debugger/testdata/shot.png).
func Shot(t *testing.T) ([]string, image.Image) {
	engine := debuggertest.Godot(t)
	t.Setenv("DISPLAY", debuggertest.Display(t))
	t.Setenv("GDVAR_GODOT_HOME", t.TempDir())
	dir := debuggertest.Project(t, filepath.Join(debuggerTestdata(t), "shot"))
	return []string{engine, "--rendering-driver", "opengl3", "--audio-driver", "Dummy", "--path", dir},
		debuggertest.ReadPNG(t, filepath.Join(debuggerTestdata(t), "shot.png"))
}

// SubImage is the part r of img.
func SubImage(img image.Image, r image.Rectangle) image.Image {
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
}
