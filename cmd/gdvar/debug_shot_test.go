package main

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shotGame returns the command line of debugger/testdata/shot, a scene of
// flat colors, copied to a folder of its own, rendered on a display of
// the test's own, and what it shows (debugger/testdata/shot.png).
func shotGame(t *testing.T) ([]string, image.Image) {
	engine := debuggertest.Godot(t)
	t.Setenv("DISPLAY", debuggertest.Display(t))
	t.Setenv("GDVAR_GODOT_HOME", t.TempDir())
	dir := debuggertest.Project(t, filepath.Join("..", "..", "debugger", "testdata", "shot"))
	return []string{engine, "--rendering-driver", "opengl3", "--audio-driver", "Dummy", "--path", dir},
		debuggertest.ReadPNG(t, filepath.Join("..", "..", "debugger", "testdata", "shot.png"))
}

// subImage is the part r of img.
func subImage(img image.Image, r image.Rectangle) image.Image {
	return img.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(r)
}

// gdvar debug's shot writes the PNG of what the game shows, or of a
// SubViewport, and prints its size.
func TestLiveRenderedDebugShot(t *testing.T) {
	game, want := shotGame(t)
	dir := t.TempDir()
	root, sub := filepath.Join(dir, "root.png"), filepath.Join(dir, "sub.png")
	script := fmt.Sprintf("wait /root/Main; shot %s; shot %s /root/Main/Frame/Sub", root, sub)
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script, "--"}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	assert.Equal(t, "128x96\n16x16\n", out)
	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, root), want)
	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, sub), subImage(want, image.Rect(72, 56, 88, 72)))
}

// A headless game has no image: the command fails, saying how to get one.
func TestLiveDebugShotHeadless(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shot.png")
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main; shot " + file, "--"}, testGame(t)...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "gdvar debug: shot "+file+": debugger: the game renders nothing (--headless): run it with a display, such as Xvfb")
	assert.NoFileExists(t, file)
}
