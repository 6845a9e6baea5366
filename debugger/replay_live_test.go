package debugger_test

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game held from its first frame is at frame 0 when Launch returns,
// with the main scene there and the helper hidden; the seed gives the
// same random numbers on every launch, another seed others. A game with
// the helper as its own autoload is held by it. What cannot be held is
// refused before anything starts.
func TestLiveHoldFromStart(t *testing.T) {
	dir := debuggertest.Project(t, filepath.Join("..", "testdata", "projects", "ewanc26__platformer-prototype"))
	random := func(seed int64) (int64, any) {
		g := debuggertest.Start(t, dir, debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(seed))
		defer g.Game.Close()
		frame := g.Frame()
		root, err := g.Game.Tree(liveContext(t))
		require.NoError(t, err)
		assert.NotNil(t, root.Find(knight2D))
		assert.Nil(t, root.Find("/root/GdvarInput"), "gdvar's node, hidden")
		return frame, g.Evaluate("randi()")
	}
	frame, first := random(42)
	assert.Equal(t, int64(0), frame)
	_, again := random(42)
	assert.Equal(t, first, again, "the same seed")
	_, other := random(43)
	assert.NotEqual(t, first, other)

	own := debuggertest.Start(t, debuggertest.Project(t, filepath.Join("testdata", "game")), debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(1))
	assert.Equal(t, int64(0), own.Frame())
	counter := own.Number("/root/Main", "counter")
	assert.Equal(t, int64(5), own.Advance(5))
	assert.Equal(t, counter+5, own.Number("/root/Main", "counter"), "a _process a frame")
	root, err := own.Game.Tree(liveContext(t))
	require.NoError(t, err)
	assert.NotNil(t, root.Find("/root/GdvarInput"), "the game's own autoload, shown")

	ctx := liveContext(t)
	_, err = debugger.Launch(ctx, debuggertest.Godot(t), []string{"--headless", "--path", dir}, debugger.HoldFromStart(1))
	assert.ErrorIs(t, err, debugger.ErrNoFixedFPS)
	_, err = debugger.Launch(ctx, debuggertest.Godot(t), []string{"--headless", "--fixed-fps", "60", "-s", "res://x.gd"}, debugger.HoldFromStart(1))
	assert.ErrorIs(t, err, debugger.ErrNotHeld)
}

// The 2D platformer, held from its first frame and recorded for 660
// frames (physics included: the knight falls, walks, jumps), replays
// twice to the same state at every checkpoint, headless: his position and
// velocity, and the score, every 60 frames.
func TestLiveReplay(t *testing.T) {
	testReplay(t, false)
}

// The same rendered under Xvfb, a screenshot's SHA-256 at every
// checkpoint too.
func TestLiveRenderedReplay(t *testing.T) {
	testReplay(t, true)
}

// testReplay records the platformer (recordPlatformer) and replays it
// twice as a test.
func testReplay(t *testing.T, rendered bool) {
	dir := debuggertest.Project(t, filepath.Join("..", "testdata", "projects", "ewanc26__platformer-prototype"))
	opts := []debuggertest.Option{debuggertest.Args("--fixed-fps", "60")}
	if rendered {
		opts = append(opts, debuggertest.Rendered())
	}
	start := time.Now()
	file, end := recordPlatformer(t, dir, rendered, opts...)
	recorded := time.Since(start)
	rp, err := debugger.ReadReplay(bytes.NewReader(file))
	require.NoError(t, err)
	checks := 0
	for _, st := range rp.Steps {
		if st.Op == debugger.OpGet || st.Op == debugger.OpScreenshot {
			checks++
		}
	}
	t.Logf("%d steps, %d checks, %d bytes; recorded in %v", len(rp.Steps), checks, len(file), recorded)
	require.GreaterOrEqual(t, end, int64(600))
	for range 2 {
		start := time.Now()
		games := debuggertest.Replay(t, dir, bytes.NewReader(file), opts...)
		g := games["game"]
		assert.Equal(t, end, g.Frame(), "where the recording ended")
		t.Logf("replayed in %v", time.Since(start))
		g.Game.Close()
	}
}

// The platformer's script: at each frame, what is pressed or released.
var platformerScript = []struct {
	frame  int64
	action string
	how    debugger.Press
}{
	{30, "move_right", debugger.Down},
	{120, "jump", debugger.Down},
	{135, "jump", debugger.Up},
	{240, "move_right", debugger.Up},
	{250, "move_left", debugger.Down},
	{330, "jump", debugger.Down},
	{345, "jump", debugger.Up},
	{400, "move_left", debugger.Up},
	{410, "move_right", debugger.Down},
	{500, "jump", debugger.Down},
	{520, "jump", debugger.Up},
	{600, "move_right", debugger.Up},
}

// recordPlatformer starts the platformer held from its first frame,
// records it playing platformerScript to frame 660, reading the knight's
// position and velocity and the score (and if rendered a screenshot)
// every 60 frames, and returns the replay file and the frame it ended at.
func recordPlatformer(t *testing.T, dir string, rendered bool, opts ...debuggertest.Option) ([]byte, int64) {
	g := debuggertest.Start(t, dir, append(opts, debuggertest.HoldFromStart(7))...)
	defer g.Game.Close()
	var file bytes.Buffer
	rec := debugger.NewRecorder(&file)
	g.Record(rec, "game")
	start := g.Frame()
	var stops []int64
	for f := int64(0); f <= 660; f += 60 {
		stops = append(stops, f)
	}
	for _, e := range platformerScript {
		stops = append(stops, e.frame)
	}
	slices.Sort(stops)
	now := start
	for _, f := range slices.Compact(stops) {
		now = g.Advance(int(start + f - now))
		for _, e := range platformerScript {
			if e.frame == f {
				g.Action(e.action, e.how)
			}
		}
		if f%60 == 0 {
			g.Get(knight2D, "position")
			g.Get(knight2D, "velocity")
			g.Get(manager2D, "score")
			if rendered {
				g.Screenshot()
			}
		}
	}
	require.NoError(t, rec.Close())
	return file.Bytes(), now
}
