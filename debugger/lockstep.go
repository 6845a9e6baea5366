package debugger

import (
	"context"
	"fmt"
)

// Lockstep runs several games n frames together, as a host and its
// clients play: a frame of each game in the order given, then the next
// frame of each, so that what a game sends in a frame is there for the
// games after it in that frame, and for those before it in the next,
// every time alike. Each game must be one [Session.Advance] can step; each
// is held at its next frame first. It returns the frames they hold at, in
// their order. A game that fails (it ended, a frame did not complete
// within the request timeout) stops the steps: the error names it by its
// place, the others stay held where they are, and the frames are where
// each was last held.
func Lockstep(ctx context.Context, n int, games ...*Session) ([]int64, error) {
	if n < 0 {
		return nil, fmt.Errorf("debugger: lockstep %d frames: want 0 or more", n)
	}
	frames := make([]int64, len(games))
	for i, g := range games {
		frames[i] = g.heldFrame()
	}
	for k := range n + 1 {
		for i, g := range games {
			frame, err := g.Advance(ctx, min(k, 1))
			if err != nil {
				return frames, fmt.Errorf("debugger: lockstep: game %d of %d, frame %d of %d: %w", i+1, len(games), k, n, err)
			}
			frames[i] = frame
		}
	}
	return frames, nil
}
