package debugger

import (
	"context"
	"errors"
	"fmt"
)

// ErrBadSteps is steps [Session.Advance] or [Lockstep] does not run: a
// number of frames below 0 or over [MaxSteps], or games Lockstep cannot
// run together (none, or one given twice, which would run two frames of
// it in each of the others').
var ErrBadSteps = errors.New("debugger: no such steps")

// MaxSteps is the most frames one Advance or Lockstep runs: what a replay
// holds of a game ([MaxReplayFrames]), so that a recorded advance
// replays; at 60 frames a second, 77 hours.
const MaxSteps = MaxReplayFrames

// checkFrames says why n frames are no steps of op, if they are not.
func checkFrames(op string, n int) error {
	if n < 0 || n > MaxSteps {
		return fmt.Errorf("%w: %s %d frames: want 0 to %d", ErrBadSteps, op, n, MaxSteps)
	}
	return nil
}

// checkGames says why games cannot be run in lockstep, if they cannot.
func checkGames(games []*Session) error {
	if len(games) == 0 {
		return fmt.Errorf("%w: lockstep of no game", ErrBadSteps)
	}
	seen := make(map[*Session]int, len(games))
	for i, g := range games {
		if g == nil {
			return fmt.Errorf("%w: lockstep: game %d of %d is nil", ErrBadSteps, i+1, len(games))
		}
		if j, ok := seen[g]; ok {
			return fmt.Errorf("%w: lockstep: game %d of %d is game %d again", ErrBadSteps, i+1, len(games), j+1)
		}
		seen[g] = i
	}
	return nil
}

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
	if err := checkFrames("lockstep", n); err != nil {
		return nil, err
	}
	if err := checkGames(games); err != nil {
		return nil, err
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
