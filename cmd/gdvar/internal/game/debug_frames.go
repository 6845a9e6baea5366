package game

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/gdvar/gdvar/debugger"
)

// The frame commands and tools hold the game between frames and run it a
// number at a time (debugger.Session.Advance): a game started with
// --fixed-fps N, whose frames all have the same delta; lockstep runs
// several so, a frame of each in turn.

// debugAdvance is the advance command: N frames (1 if not given).
func debugAdvance(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	return debugAdvanceWith(ctx, s, args, nil, out)
}

// debugAdvanceWith is the advance command with links of frames, stepped
// a frame after each of the game's.
func debugAdvanceWith(ctx context.Context, s *debugger.Session, args []string, steppers []debugger.Stepper, out *bufio.Writer) error {
	n := 1
	if len(args) > 0 {
		var err error
		if n, err = frameCount(args[0]); err != nil {
			return err
		}
	}
	return showAdvance(ctx, s, n, steppers, out)
}

// showAdvance runs the game n frames, and the links given a frame after
// each, and prints the frame it holds at.
func showAdvance(ctx context.Context, s *debugger.Session, n int, steppers []debugger.Stepper, out *bufio.Writer) error {
	var frame int64
	var err error
	if len(steppers) == 0 {
		frame, err = s.Advance(ctx, n)
	} else {
		var frames []int64
		if frames, err = debugger.LockstepWith(ctx, n, steppers, s); err == nil {
			frame = frames[0] // none if the steps were refused
		}
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, frame)
	return err
}

// debugSpeed is the speed command: X times real time, 0 to hold the
// game, max (or inf) as fast as it runs.
func debugSpeed(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	x := math.Inf(1)
	if args[0] != "max" {
		var err error
		if x, err = strconv.ParseFloat(args[0], 64); err != nil {
			return fmt.Errorf("speed %s: want a number of times real time, 0 to hold the game, or max", shown(args[0]))
		}
	}
	return s.Speed(ctx, x)
}

// showFrame prints the frame the game is on.
func showFrame(ctx context.Context, s *debugger.Session, out *bufio.Writer) error {
	frame, err := s.Frame(ctx)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, frame)
	return err
}

// showLockstep runs several games n frames together (debugger.Lockstep),
// and prints each one's name and the frame it holds at.
func showLockstep(ctx context.Context, names []string, sessions []*debugger.Session, steppers []debugger.Stepper, n int, out *bufio.Writer) error {
	frames, err := debugger.LockstepWith(ctx, n, steppers, sessions...)
	for i, f := range frames {
		fmt.Fprintf(out, "%s %d\n", names[i], f)
	}
	return err
}

// frameCount reads a number of frames to run: 0 or more.
func frameCount(arg string) (int, error) {
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("frames %s: want 0 or more", shown(arg))
	}
	return n, nil
}
