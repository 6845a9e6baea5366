package debugger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
)

// ErrMismatch is a replay whose game differed from the recording: a
// *Mismatch says where.
var ErrMismatch = errors.New("debugger: the replay differs from the recording")

// Mismatch is the first step of a replay whose game differed from the
// recording: a value read that differed (a property, what a call or an
// expression returned, a screenshot's SHA-256, the frame an advance
// reached), or a step that the recorded game took and the replayed one
// refused (a node not there, an input refused). It matches
// [ErrMismatch].
type Mismatch struct {
	Line  int    // the step's line in the replay file
	Game  string // the game's name in the file
	Link  string // or the link's, for a link's step
	Frame int64  // the frame the game was held at, or the link's
	What  string // what differed: "position of /root/Main/Player", "the screenshot", "the frame"
	// The values, in Godot's text form (a screenshot's SHA-256 in
	// hexadecimal), each cut at 100 bytes; Replayed is "failed: " and the
	// error where the replayed step failed.
	Recorded, Replayed string
}

func (m *Mismatch) Error() string {
	return fmt.Sprintf("line %d, %s, frame %d: %s: recorded %s, replayed %s", m.Line, stepOf(m.Game, m.Link), m.Frame, m.What, m.Recorded, m.Replayed)
}

// stepOf says whose a replay's step is, for its errors: "link l" for a
// link's step, else "game g".
func stepOf(game, link string) string {
	if link != "" {
		return "link " + link
	}
	return "game " + game
}

// Is matches [ErrMismatch].
func (m *Mismatch) Is(target error) bool { return target == ErrMismatch }

// Launcher starts a game of a replay afresh, for [Replay.Play]: the one
// the file names game, as [Launch] does with [HoldFromStart](seed), and
// the --fixed-fps it was recorded with. The caller of Play ends the games
// it started, whatever Play returns.
type Launcher func(ctx context.Context, game string, seed int64) (*Session, error)

// Play plays the replay: it launches each game afresh at its launch step
// (a session held from its first frame with the seed recorded, which
// must be the frame recorded), sends each step at its frame (running the
// game there first, if a step comes later than the last advance), and
// compares what each check reads (Get, Screenshot, what Call and
// Evaluate return) with what was recorded. It makes each link again,
// listening where it was recorded, sets its conditions and steps it
// where the recording did; the links end when Play returns. It returns nil if every check
// matched, the first [*Mismatch] (errors.Is [ErrMismatch]) where the game
// differed, or another error, saying at which line and frame, where the
// session failed (the game ended, a step did not complete within the
// request timeout) or the context ended.
func (r *Replay) Play(ctx context.Context, launch Launcher) error {
	games := map[string]*Session{}
	links := map[string]*Link{}
	defer func() {
		for _, l := range links {
			l.Close()
		}
	}()
	for _, st := range r.Steps {
		s := games[st.Game]
		var err error
		if st.Link != "" {
			err = playLinkStep(links, st)
		} else if st.Op == OpLaunch {
			s, err = launchReplayed(ctx, launch, st)
			games[st.Game] = s
		} else if s == nil {
			err = fmt.Errorf("game %s: not launched before", cutText(st.Game))
		} else {
			err = playStep(ctx, s, st)
		}
		var m *Mismatch
		switch {
		case errors.As(err, &m):
			m.Line, m.Game, m.Link, m.Frame = st.Line, st.Game, st.Link, st.Frame
			return m
		case err != nil:
			return fmt.Errorf("debugger: replay: line %d, %s, frame %d: %s: %w", st.Line, stepOf(cutText(st.Game), cutText(st.Link)), st.Frame, st.Op, err)
		}
	}
	return nil
}

// launchReplayed launches a game at its launch step, and checks that it
// holds at the frame recorded.
func launchReplayed(ctx context.Context, launch Launcher, st ReplayStep) (*Session, error) {
	s, err := launch(ctx, st.Game, st.Seed)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	held, seed, frame, fps := s.cfg.hold && s.fromStart, s.cfg.seed, s.frame, s.cfg.fps
	s.mu.Unlock()
	switch {
	case !held || seed != st.Seed:
		return nil, fmt.Errorf("the launcher's game is not held from its first frame with seed %d (debugger.HoldFromStart)", st.Seed)
	case st.FPS != 0 && fps != st.FPS:
		return nil, fmt.Errorf("recorded with --fixed-fps %d, replayed with %d: give the game's command line --fixed-fps %[1]d", st.FPS, fps)
	case frame != st.Frame:
		return nil, &Mismatch{What: "the first frame", Recorded: fmt.Sprint(st.Frame), Replayed: fmt.Sprint(frame)}
	}
	return s, nil
}

// playStep sends a step to its game, at its frame, and compares what it
// reads.
func playStep(ctx context.Context, s *Session, st ReplayStep) error {
	if now := s.heldFrame(); now < st.Frame {
		if err := advanceTo(ctx, s, now, st.Frame); err != nil {
			return err
		}
	}
	switch st.Op {
	case OpAdvance:
		return advanceTo(ctx, s, st.Frame, st.Frame+st.Frames)
	case OpKey, OpMouseMotion, OpMouseButton, OpMouseWheel, OpAction, OpText:
		data, err := stepData(st)
		if err != nil {
			return err
		}
		return refused(string(st.Op)+" "+st.Data, s.input(ctx, "gdvar:"+string(st.Op), inputDevice(st.Op), data...))
	case OpPause:
		return refused("pause "+st.Value, s.SetTreePaused(ctx, st.Value == "true"))
	case OpSet:
		v, err := textValue(st.Value)
		if err != nil {
			return err
		}
		return refused(st.Property+" of "+st.Path+" set to "+st.Value, s.Set(ctx, st.Path, st.Property, v))
	case OpCall:
		args, err := textValues(st.Args)
		if err != nil {
			return err
		}
		v, err := s.Call(ctx, st.Path, st.Method, args...)
		return compared("what "+st.Method+" of "+st.Path+" returned", st.Value, v, err)
	case OpEvaluate:
		v, err := s.Evaluate(ctx, st.Expression)
		return compared("the value of "+st.Expression, st.Value, v, err)
	case OpGet:
		v, err := s.Get(ctx, st.Path, st.Property)
		return compared(st.Property+" of "+st.Path, st.Value, v, err)
	case OpScreenshot:
		return screenshotCompared(ctx, s, st)
	}
	return fmt.Errorf("op %q: not one of a replay's", cutText(string(st.Op)))
}

// advanceTo runs a game held at frame from to frame to, and checks that
// it got there.
func advanceTo(ctx context.Context, s *Session, from, to int64) error {
	frame, err := s.Advance(ctx, int(to-from))
	if err != nil {
		return err
	}
	if frame != to {
		return &Mismatch{What: "the frame an advance reached", Recorded: fmt.Sprint(to), Replayed: fmt.Sprint(frame)}
	}
	return nil
}

// screenshotCompared takes a step's screenshot and compares its SHA-256.
func screenshotCompared(ctx context.Context, s *Session, st ReplayStep) error {
	var opts []ShotOption
	what := "the screenshot"
	if st.Path != "" {
		opts, what = append(opts, ShotNode(st.Path)), "the screenshot of "+st.Path
	}
	b, err := s.Screenshot(ctx, opts...)
	if err != nil {
		return refused(what, err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != st.SHA256 {
		return &Mismatch{What: what, Recorded: st.SHA256, Replayed: got}
	}
	return nil
}

// compared compares a value read with the one recorded ("": none
// recorded, not compared), or makes a step that failed a Mismatch.
func compared(what, recorded string, v any, err error) error {
	if err != nil {
		return refused(what, err)
	}
	if got := readText(v); recorded != "" && got != recorded {
		return &Mismatch{What: cutText(what), Recorded: cutText(recorded), Replayed: cutText(got)}
	}
	return nil
}

// refused makes an error of a step the game refused (ErrNoNode,
// ErrInputRefused, …), which it took when recorded, a Mismatch; an error
// of the session (it ended, it timed out) stays as it is.
func refused(what string, err error) error {
	if err == nil || errors.Is(err, ErrClosed) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return err
	}
	return &Mismatch{What: cutText(what), Recorded: "done", Replayed: "failed: " + cutText(err.Error())}
}

// inputDevice is the device of an input step's event.
func inputDevice(op ReplayOp) device {
	switch {
	case op == OpKey || op == OpText:
		return keyboard
	case strings.HasPrefix(string(op), "mouse_"):
		return mouse
	}
	return noDevice
}
