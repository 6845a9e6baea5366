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
	return LockstepWith(ctx, n, nil, games...)
}

// Stepper runs a frame at a time beside games in lockstep: a link of
// frames between them (a network simulator's), whose Step reads what the
// games sent in their frame and delivers what is due by the next.
type Stepper interface {
	Step(frames int) error
}

// LockstepWith is [Lockstep] with steppers stepped a frame after each
// frame of every game: what a game sends through one reaches the others
// a frame later at the earliest.
func LockstepWith(ctx context.Context, n int, steppers []Stepper, games ...*Session) ([]int64, error) {
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
		if k == 0 {
			continue // the games held, no frame run
		}
		for i, st := range steppers {
			if err := st.Step(1); err != nil {
				return frames, fmt.Errorf("debugger: lockstep: link %d of %d, frame %d of %d: %w", i+1, len(steppers), k, n, err)
			}
		}
	}
	return frames, nil
}
