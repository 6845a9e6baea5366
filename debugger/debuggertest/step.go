package debuggertest

import (
	"context"
	"fmt"
)

// The stepping methods hold the game between frames and run it a number
// of frames at a time (see [debugger.Session.Advance]): start it with
// Args("--fixed-fps", "60"), so that every frame has the same delta.

// Advance runs the game n frames, physics included, holds it there, and
// returns the frame it holds at.
func (g *Game) Advance(n int) int64 {
	g.t.Helper()
	var frame int64
	g.do(fmt.Sprintf("advancing %d frames", n), func(ctx context.Context) (err error) {
		frame, err = g.Game.Advance(ctx, n)
		return err
	})
	return frame
}

// Speed lets the game run at x times real time (0: holds it).
func (g *Game) Speed(x float64) {
	g.t.Helper()
	g.do(fmt.Sprintf("speed %v", x), func(ctx context.Context) error { return g.Game.Speed(ctx, x) })
}

// Frame returns the frame the game is on (Engine.get_process_frames()).
func (g *Game) Frame() int64 {
	g.t.Helper()
	var frame int64
	g.do("asking the frame", func(ctx context.Context) (err error) {
		frame, err = g.Game.Frame(ctx)
		return err
	})
	return frame
}
