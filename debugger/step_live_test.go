package debugger_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"image/png"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The corpus's 2D platformer, whose knight falls, walks and jumps in
// _physics_process, and the node that counts his coins.
const (
	knight2D  = "/root/Game/Player"
	manager2D = "/root/Game/GameManager"
)

// startStepped starts the 2D platformer with every frame 1/60 s long,
// holds it, reloads its scene (it ran an unknown number of frames before:
// a slime may have reached the knight, whose killzone slows time), and
// returns the frame the new scene starts at, held.
func startStepped(t *testing.T, opts ...debuggertest.Option) (*debuggertest.Game, int64) {
	dir := debuggertest.Project(t, filepath.Join("..", "testdata", "projects", "ewanc26__platformer-prototype"))
	g := debuggertest.Start(t, dir, append(opts, debuggertest.Args("--fixed-fps", "60"))...)
	g.WaitNode(knight2D)
	g.Advance(0)
	g.Evaluate("Engine.set_time_scale(1.0)")
	// The game may be held as it reloads its own scene (the killzone's
	// timer, once a slime reached the knight, which a slow machine's
	// frames allow): there is no current scene until the frame's end.
	for frames := 0; g.Evaluate("Engine.get_main_loop().current_scene == null") == true; frames++ {
		require.Less(t, frames, 10, "no current scene 10 frames on")
		g.Advance(1)
	}
	require.Equal(t, int64(0), g.Evaluate("Engine.get_main_loop().reload_current_scene()"))
	return g, g.Frame()
}

// Advance runs exactly the frames asked for, physics included: the frame
// counter and the physics frames move by as many, and the knight, lifted
// into the air, falls; held, the game runs no frame.
func TestLiveAdvance(t *testing.T) {
	g, start := startStepped(t)
	frame := g.Advance(5)
	require.Equal(t, start+5, frame)
	physics := func() int64 { n, _ := g.Evaluate("Engine.get_physics_frames()").(int64); return n }
	ticks := physics()
	y := g.Number(knight2D, "position:y")
	g.Set(knight2D, "position:y", y-40)

	assert.Equal(t, frame+30, g.Advance(30))
	assert.Equal(t, frame+30, g.Frame())
	assert.Equal(t, ticks+30, physics(), "a physics tick a frame")
	assert.Greater(t, g.Number(knight2D, "position:y"), y-40+5, "he fell")

	assert.Equal(t, frame+180, g.Advance(150), "in chunks of 60")
	assert.Equal(t, frame+180, g.Advance(0), "held, it stays")
}

// The knight, stepped from a fresh scene with the same input at the same
// frames, ends where he ended before, to the bit: three games, headless.
// He walked right, onto the first coin.
func TestLiveSteppedDeterministic(t *testing.T) {
	first := playStepped(t, false)
	t.Logf("the knight ends at %v, score %d", first.position, first.score)
	assert.Greater(t, first.position.X, 150.0, "he walked right, from x = 32")
	assert.Equal(t, int64(1), first.score, "he took the first coin")
	for range 2 {
		assert.Equal(t, first, playStepped(t, false))
	}
}

// The same, rendered: the positions, and the screenshots' hashes.
func TestLiveRenderedSteppedDeterministic(t *testing.T) {
	first := playStepped(t, true)
	for range 2 {
		assert.Equal(t, first, playStepped(t, true))
	}
}

// steppedRun is where a stepped game ended.
type steppedRun struct {
	position, velocity gdvar.Vector2
	score              int64
	shot               [sha256.Size]byte // a rendered game's last screenshot's
}

// playStepped starts the platformer and plays 150 frames of its new
// scene: move_right pressed at frame 10 and released at 70, jump from 40
// to 55 (each felt from the next frame); and takes a rendered game's
// screenshot.
func playStepped(t *testing.T, rendered bool) steppedRun {
	var opts []debuggertest.Option
	if rendered {
		opts = append(opts, debuggertest.Rendered())
	}
	g, start := startStepped(t, opts...)
	now := start
	at := func(frame int64) { now = g.Advance(int(start + frame - now)) }
	at(10)
	g.Action("move_right", debugger.Down)
	at(40)
	g.Action("jump", debugger.Down)
	at(55)
	g.Action("jump", debugger.Up)
	at(70)
	g.Action("move_right", debugger.Up)
	at(150)

	var r steppedRun
	r.position, _ = g.Get(knight2D, "position").(gdvar.Vector2)
	r.velocity, _ = g.Get(knight2D, "velocity").(gdvar.Vector2)
	r.score, _ = g.Get(manager2D, "score").(int64)
	if rendered {
		ctx, cancel := context.WithTimeout(context.Background(), debuggertest.DefaultTimeout)
		defer cancel()
		b, err := g.Game.Screenshot(ctx)
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err)
		require.GreaterOrEqual(t, debuggertest.Colors(img, img.Bounds()), 16, "a blank image")
		r.shot = sha256.Sum256(b)
	}
	return r
}

// An advance after the engine's suspend gives the game its input back
// (the engine's suspend disables Input, and its resume left it disabled
// in a game the editor did not start): the knight, walking right when
// suspended, walks on. Input sent while suspended is refused
// (ErrSuspended), which the engine would drop.
func TestLiveAdvanceAfterSuspend(t *testing.T) {
	g, _ := startStepped(t)
	g.Action("move_right", debugger.Down)
	g.Advance(5) // the scene reloaded, the action pressed
	x := g.Number(knight2D, "position:x")
	require.NoError(t, g.Game.Suspend(true))
	ctx, cancel := context.WithTimeout(context.Background(), debuggertest.DefaultTimeout)
	defer cancel()
	assert.ErrorIs(t, g.Game.Action(ctx, "jump", 0, debugger.Tap), debugger.ErrSuspended)
	g.Advance(60)
	assert.Equal(t, true, g.Evaluate("Input.is_action_pressed('move_right')"), "still held")
	assert.Greater(t, g.Number(knight2D, "position:x"), x+20, "he walked right")
}
