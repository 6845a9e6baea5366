package main

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar debug's shot writes the PNG of what the game shows, or of a
// SubViewport, and prints its size.
func TestLiveRenderedDebugShot(t *testing.T) {
	game, want := gametest.Shot(t)
	dir := t.TempDir()
	root, sub := filepath.Join(dir, "root.png"), filepath.Join(dir, "sub.png")
	script := fmt.Sprintf("wait /root/Main; shot %s; shot %s /root/Main/Frame/Sub", root, sub)
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script, "--"}, game...)...)
	require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
	assert.Equal(t, "128x96\n16x16\n", out)
	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, root), want)
	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, sub), gametest.SubImage(want, image.Rect(72, 56, 88, 72)))
}

// A headless game has no image: the command fails, saying how to get one.
func TestLiveDebugShotHeadless(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shot.png")
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main; shot " + file, "--"}, gametest.Game(t)...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "gdvar debug: shot "+file+": debugger: the game renders nothing (--headless): run it with a display, such as Xvfb")
	assert.NoFileExists(t, file)
}

// A file shot cannot write is refused before the game is asked: a folder,
// in no folder, under a file. The game is headless, and would say it
// renders nothing: each error is the file's. Before, the screenshot was
// taken first, for as long as the game took, and the file failed after.
func TestLiveDebugShotRefusesPaths(t *testing.T) {
	p := newOutputPaths(t)
	nope, under := filepath.Join(p.dir, "nope", "x.png"), filepath.Join(p.file, "x.png")
	script := fmt.Sprintf("wait /root/Main; shot %s; shot %s; shot %s", p.dir, nope, under)
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", script, "--"}, gametest.Game(t)...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	for _, want := range []string{
		"gdvar debug: shot " + p.dir + ": " + p.dir + " is a folder: name a file",
		"gdvar debug: shot " + nope + ": no folder " + filepath.Dir(nope) + ": create it",
		"gdvar debug: shot " + under + ": " + p.file + " is not a folder",
	} {
		assert.Contains(t, errOut, want)
	}
	assert.NotContains(t, errOut, "renders nothing", "the game was asked")
}

// A named pipe no one reads fails the shot at once; before, gdvar debug
// waited for a reader for ever (killed after 20 s).
func TestLiveRenderedDebugShotNamedPipe(t *testing.T) {
	game, _ := gametest.Shot(t)
	p := newOutputPaths(t)
	code, out, errOut := runGdvar(nil, append([]string{"debug", "-e", "wait /root/Main; shot " + p.fifo, "--"}, game...)...)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "gdvar debug: shot "+p.fifo+": "+p.fifo+" is a named pipe no one reads: start its reader first")
}
