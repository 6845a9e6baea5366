package debuggertest_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/tbrecorder"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shotProject is debugger/testdata/shot, a scene of flat colors, and
// shotPNG what it shows: Mesa's llvmpipe draws it exactly.
var (
	shotProject = filepath.Join("..", "testdata", "shot")
	shotPNG     = filepath.Join("..", "testdata", "shot.png")
)

// failing starts the shot scene with opts, under a recorder, fails an
// action as a test would (a node that is not there), and returns the
// recorder once the game has ended, its attachments made.
func failing(t *testing.T, opts ...debuggertest.Option) *tbrecorder.Recorder {
	r := &tbrecorder.Recorder{Artifacts: t.TempDir()}
	engine := debuggertest.Godot(t) // a skip, on the test's goroutine
	r.Subtest(t, "the failing test", func() {
		g := debuggertest.Start(r, debuggertest.Project(r, shotProject), append(opts, debuggertest.Engine(engine))...)
		g.WaitNode("/root/Main")
		g.Get("/root/Main/Nope", "position")
		t.Error("Get went on after a failure")
	}) // the game has ended: its cleanup ran
	return r
}

// A Game whose test fails attaches the game's last image and all it
// printed, in the test's artifact folder, and logs where.
func TestLiveRenderedFailureAttachments(t *testing.T) {
	r := failing(t, debuggertest.Rendered())
	said := r.Text()
	assert.True(t, r.Failed())
	assert.Contains(t, said, "getting position of /root/Main/Nope: ")
	shot, log := filepath.Join(r.Artifacts, "screenshot.png"), filepath.Join(r.Artifacts, "game.log")
	assert.Contains(t, said, "the game's screenshot: "+shot)
	assert.Contains(t, said, "the game's log: "+log)
	assert.Contains(t, said, "the game printed:\nGodot Engine v4.")

	debuggertest.SamePixels(t, debuggertest.ReadPNG(t, shot), debuggertest.ReadPNG(t, shotPNG))
	printed, err := os.ReadFile(log)
	require.NoError(t, err)
	assert.Contains(t, string(printed), "Godot Engine v4.")
	assert.Contains(t, string(printed), "OpenGL API", "the renderer it says it uses")
}

// A headless game has no image to attach: the log says why, and what the
// game printed is attached.
func TestLiveFailureAttachmentsHeadless(t *testing.T) {
	r := failing(t)
	said := r.Text()
	assert.True(t, r.Failed())
	assert.Contains(t, said, "no screenshot of the game: debugger: the game renders nothing (--headless)")
	assert.NoFileExists(t, filepath.Join(r.Artifacts, "screenshot.png"))
	printed, err := os.ReadFile(filepath.Join(r.Artifacts, "game.log"))
	require.NoError(t, err, said)
	assert.Contains(t, string(printed), "Godot Engine v4.")
}

// A test that passes attaches nothing.
func TestLiveNoAttachmentsWhenPassing(t *testing.T) {
	r := &tbrecorder.Recorder{Artifacts: t.TempDir()}
	engine := debuggertest.Godot(t)
	r.Subtest(t, "the passing test", func() {
		g := debuggertest.Start(r, debuggertest.Project(r, shotProject), debuggertest.Engine(engine))
		g.WaitNode("/root/Main")
	})
	assert.False(t, r.Failed())
	assert.Empty(t, r.Text())
	entries, err := os.ReadDir(r.Artifacts)
	require.NoError(t, err)
	assert.Empty(t, entries)
}
