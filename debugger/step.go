package debugger

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/gdvar/gdvar"
)

// Frame stepping is the input helper's: once asked, its _process, the
// last of each frame's, holds the game's main loop there until frames are
// asked for, and reads the debugger's messages meanwhile (EngineDebugger's
// line_poll), so that requests are answered while it holds. The engine's
// own stepping (scene:suspend_changed, scene:next_frame) does not drive a
// game: a suspended game's Input is disabled, so no action reaches it, and
// next_frame waits for a drawn frame, which a headless game never draws.
// See docs/debugger.md.

// ErrNoFixedFPS is stepping a game that [Launch] started without
// --fixed-fps: each of its frames would take its delta from the wall
// clock, and the first after a hold all the time it was held.
var ErrNoFixedFPS = errors.New("debugger: stepping needs the game started with --fixed-fps N (its frame rate, such as 60), so that every frame has the same delta")

// ErrInDebugLoop is stepping a game stopped in its debug loop (a
// breakpoint, a script error, Pause): it runs no frame until it goes on.
var ErrInDebugLoop = errors.New("debugger: the game is stopped in its debugger (a breakpoint, a script error or Pause), where it runs no frame: Resume it first")

// stepChunk is the most frames one request advances: each request's
// reply is awaited within the request timeout, however many frames
// Advance is asked for.
const stepChunk = 60

// releaseWait bounds Close's request that a held game run on.
const releaseWait = time.Second

// Advance runs the game n frames, physics included, and holds it there;
// it returns the frame it holds at (Engine.get_process_frames() in that
// frame, as [Session.Frame]). A game that runs (never stepped, or at a
// [Session.Speed]) is held at its next frame first: Advance(ctx, 0) holds
// it. While held, the game answers every request; an input sent then
// takes effect in the next frame advanced, and a screenshot shows the
// frame drawn last, the one before.
//
// The frames run as fast as the game runs them, each with the delta
// --fixed-fps gives it: the game must be started with --fixed-fps N
// ([ErrNoFixedFPS] for one Launch started without), and not be stopped in
// its debug loop ([ErrInDebugLoop]; a suspended game is let go first). It
// needs Godot 4.4+ (the helper installed at run time; 4.3 with
// gdvar_input.gd as an autoload), or it is [ErrUnsupported]. The frames
// are asked for 60 at a time, each reply within the request timeout; a
// context that ends leaves the game held at the last of them. n is from
// 0 to [MaxSteps], or [ErrBadSteps].
func (s *Session) Advance(ctx context.Context, n int) (int64, error) {
	if err := checkFrames("advance", n); err != nil {
		return 0, err
	}
	for {
		k := min(n, stepChunk)
		frame, err := s.step(ctx, "gdvar:advance", int64(k), true)
		if n -= k; err != nil || n == 0 {
			return frame, err
		}
	}
}

// MinSpeed is the slowest a game runs but held: at 60 frames a second,
// a frame every 1.7 s. A slower one would leave the next command, which
// the game answers in a frame, waiting for minutes.
const MinSpeed = 0.01

// ErrBadSpeed is a speed that is not 0, from MinSpeed up, or +Inf.
var ErrBadSpeed = errors.New("debugger: no such speed")

// Speed lets a stepped game run: x times real time (x frames of delta d
// every d seconds, each frame with the delta --fixed-fps gives it),
// math.Inf(1) as fast as it runs (as --fixed-fps runs a game that nothing
// holds), or 0 to hold it at its next frame, as Advance(ctx, 0). It
// returns once the game has taken it (held, for 0). It needs what Advance
// needs.
func (s *Session) Speed(ctx context.Context, x float64) error {
	if math.IsNaN(x) || x < 0 || (x > 0 && x < MinSpeed) {
		return fmt.Errorf("%w: %.3g: want 0 (hold), %g to any times real time, or math.Inf(1) (as fast as it runs)", ErrBadSpeed, x, MinSpeed)
	}
	if x > 0 {
		s.mu.Lock()
		recording := s.rec != nil
		if !recording {
			s.fromStart = false // it runs free from here
		}
		s.mu.Unlock()
		if recording {
			return fmt.Errorf("%w: speed %v runs the game's frames at the wall clock's pace: advance it instead", ErrNotRecordable, x)
		}
	}
	_, err := s.step(ctx, "gdvar:speed", x, !math.IsInf(x, 1))
	return err
}

// Frame returns the frame the game is on: Engine.get_process_frames(), as
// the game's scripts see it in that frame, which [Session.Advance] moves
// by exactly the frames it runs. It needs the input helper (Godot 4.4+).
func (s *Session) Frame(ctx context.Context) (int64, error) {
	if err := s.canStep(false); err != nil {
		return 0, err
	}
	if err := s.turn(ctx); err != nil {
		return 0, err
	}
	defer s.endTurn()
	return s.frameRequest(ctx, "gdvar:frame", nil)
}

// step sends a stepping request, advance or speed, and returns the frame
// of its reply; holds says whether the helper holds or paces the game
// after it.
func (s *Session) step(ctx context.Context, name string, arg any, holds bool) (int64, error) {
	if err := s.canStep(true); err != nil {
		return 0, err
	}
	if err := s.turn(ctx); err != nil {
		return 0, err
	}
	defer s.endTurn()
	s.mu.Lock()
	suspended, stopped := s.suspended, s.stopped
	s.mu.Unlock()
	if stopped {
		return 0, ErrInDebugLoop
	}
	if suspended { // a suspended tree runs no _process to hold it in
		if err := s.suspend(ctx, false); err != nil {
			return 0, err
		}
	}
	s.mu.Lock()
	s.stepping = holds
	before := s.frame
	s.mu.Unlock()
	frame, err := s.frameRequest(ctx, name, []any{arg})
	if err == nil && name == "gdvar:advance" && frame > before {
		s.record(ReplayStep{Frame: before, Op: OpAdvance, Frames: frame - before})
	}
	return frame, err
}

// heldFrame returns the frame the helper last said it holds the game
// at (0 before any).
func (s *Session) heldFrame() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.frame
}

// frameRequest sends a request the helper answers with gdvar:frame
// [frame, held, paused], and returns the frame.
func (s *Session) frameRequest(ctx context.Context, name string, data []any) (int64, error) {
	if err := s.helper(ctx, helperSteps); err != nil {
		return 0, err
	}
	r, err := s.helperRequest(ctx, name, data, "gdvar:frame")
	if err != nil {
		return 0, err
	}
	var frame int64
	var held bool
	if len(r) != 2 || !fields(r, &frame, &held) {
		return 0, fmt.Errorf("%w: gdvar:frame %s", ErrMalformed, shown(r))
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if frame < 0 || held && frame < s.frame {
		// Engine.get_process_frames() only counts up: a frame before the
		// last held (or past 2^63, wrapped) is no game's.
		return 0, fmt.Errorf("%w: gdvar:frame %d after %d: a game's frames only go forward", ErrMalformed, frame, s.frame)
	}
	if held {
		s.frame = frame
	}
	return frame, nil
}

// canStep says why the game cannot be stepped, if it cannot: Godot 3 has
// no message captures for the helper, Godot 4.2 and older no line_poll
// for it to read them with while it holds the game, and a game Launch
// started without --fixed-fps has frames of the wall clock's length
// (checked if fixed: the request runs frames).
func (s *Session) canStep(fixed bool) error {
	major, minor := s.Version()
	if s.Engine() == gdvar.Godot3 || major == 4 && minor < 3 {
		return fmt.Errorf("%w: frame stepping needs Godot 4.3+ (EngineDebugger.line_poll; 4.4+ installs the input helper at run time), not %d.%d", ErrUnsupported, major, minor)
	}
	if fixed && s.cfg.unfixed {
		return ErrNoFixedFPS
	}
	return nil
}

// release lets a game the Session holds run on as it ran, before the
// Session closes: nothing would let it go after.
func (s *Session) release() {
	s.mu.Lock()
	stepping := s.stepping
	s.mu.Unlock()
	if !stepping {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), releaseWait)
	defer cancel()
	s.send(ctx, "gdvar:speed", []any{math.Inf(1)}) // the game may be gone
}

// hasFixedFPS says whether a game's command line gives it a fixed frame
// rate: --fixed-fps, or --write-movie, which implies one. What follows
// "--" or "++" is the game's own.
func hasFixedFPS(args []string) bool {
	args = engineArgs(args)
	return slices.Contains(args, "--fixed-fps") || slices.Contains(args, "--write-movie")
}

// FixedFPS returns the frame rate --fixed-fps gives a game's command
// line (not counting the game's own arguments, after -- or ++), or 0.
func FixedFPS(args []string) int64 {
	args = engineArgs(args)
	if i := slices.Index(args, "--fixed-fps"); i >= 0 && i+1 < len(args) {
		n, _ := strconv.ParseInt(args[i+1], 10, 64)
		return max(n, 0)
	}
	return 0
}

// engineArgs is a game's command line up to the game's own arguments,
// which follow "--" or "++".
func engineArgs(args []string) []string {
	if i := slices.IndexFunc(args, func(a string) bool { return a == "--" || a == "++" }); i >= 0 {
		return args[:i]
	}
	return args
}
