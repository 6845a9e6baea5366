package debugger

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/gdvar/gdvar/vartext"
)

// ErrNotRecordable is a game a [Recorder] cannot record so that a replay
// gives the same game, and why: it was not held from its first frame
// ([HoldFromStart]), it ran frames at the wall clock's pace ([Session.Speed]),
// something changed it before the recording started, or a request the
// file cannot hold ([Session.Send]).
var ErrNotRecordable = errors.New("debugger: not recordable")

// Recorder writes what sessions do to their games to a replay file, as
// they do it, in that order: each session's inputs, Set, Call, Evaluate,
// SetTreePaused and Advance, with the frame its game was held at; each
// link's ([Recorder.AddLink]) conditions and Steps, with its frame; and
// what it was asked to watch, to be compared when replayed: what Get and
// Screenshot (its PNG's SHA-256) read, and what Call and Evaluate
// returned. A request that failed is not written. The file is JSON lines
// (see [ReplayStep] and docs/debugger.md); [ReadReplay] reads it and
// [Replay.Play] plays it. Its methods may be called from several
// goroutines.
type Recorder struct {
	mu       sync.Mutex
	w        io.Writer
	err      error // the first write's error, or the bound reached
	bytes    int
	steps    int
	sessions []*Session
	names    map[string]bool
	linked   []*Link
	links    map[string]bool
	closed   bool
}

// NewRecorder starts a replay file on w: its header, then, once sessions
// are added, a line a step.
func NewRecorder(w io.Writer) *Recorder {
	r := &Recorder{w: w, names: map[string]bool{}, links: map[string]bool{}}
	r.writeLine([]byte(fmt.Sprintf(`{"gdvar_replay":%d}`, ReplayVersion)))
	return r
}

// Add records the session's game under a name (1 to 64 bytes, one of
// each game's in the file; "game" for a lone game, say) from now, its
// launch first: its seed, and the frame it holds at. The game must be
// one [Launch] started with [HoldFromStart], held since its first frame,
// and changed by nothing yet: else the replay, which launches it afresh,
// could not give the same game ([ErrNotRecordable]). At most
// [MaxReplayGames] games.
func (r *Recorder) Add(name string, s *Session) error {
	r.mu.Lock() // before s.mu, never after
	defer r.mu.Unlock()
	if err := r.checkName("game", name, r.names, MaxReplayGames); err != nil {
		return err
	}
	s.mu.Lock()
	err := s.recordable()
	if err == nil {
		s.rec, s.recName = r, name
	}
	frame, version := s.frame, s.version
	s.mu.Unlock()
	if err != nil {
		return err
	}
	r.names[name] = true
	r.sessions = append(r.sessions, s)
	r.writeStep(ReplayStep{Frame: frame, Game: name, Op: OpLaunch, Seed: s.cfg.seed, FPS: s.cfg.fps, Engine: fmt.Sprintf("%d.%d", version[0], version[1])})
	return nil
}

// checkName says why a game or a link (kind) cannot be recorded under
// name, given the names taken by its kind and the most of them a file
// holds: Add and AddLink refuse alike. r.mu is held.
func (r *Recorder) checkName(kind, name string, taken map[string]bool, most int) error {
	switch {
	case name == "" || len(name) > maxGameName:
		return fmt.Errorf("debugger: %s name %q: want 1 to %d bytes", kind, cutText(name), maxGameName)
	case r.closed:
		return errors.New("debugger: the Recorder is closed")
	case taken[name]:
		return fmt.Errorf("debugger: a %s named %s is recorded already", kind, name)
	case len(taken) == most:
		return fmt.Errorf("debugger: %d %ss are recorded already, the most a replay file holds", most, kind)
	}
	return nil
}

// recordable says why the Session's game cannot be recorded, if it
// cannot. s.mu is held.
func (s *Session) recordable() error {
	switch {
	case s.rec != nil:
		return fmt.Errorf("%w: the game is recorded already", ErrNotRecordable)
	case !s.cfg.hold:
		return fmt.Errorf("%w: the game was not launched held from its first frame (debugger.HoldFromStart)", ErrNotRecordable)
	case !s.fromStart:
		return fmt.Errorf("%w: the game ran at a speed (Speed), its frames paced by the wall clock", ErrNotRecordable)
	case s.acted:
		return fmt.Errorf("%w: the game was sent input, a Set, a Call or an Evaluate before the recording started", ErrNotRecordable)
	}
	return nil
}

// Close stops recording every session, and returns the first error
// writing the file, or of a bound of the file reached (then the file
// holds the steps before it). It does not close the writer.
func (r *Recorder) Close() error {
	r.mu.Lock()
	r.closed = true
	sessions, linked := r.sessions, r.linked
	r.sessions, r.linked = nil, nil
	err := r.err
	r.mu.Unlock()
	for _, s := range sessions {
		s.mu.Lock()
		if s.rec == r {
			s.rec = nil
		}
		s.mu.Unlock()
	}
	for _, l := range linked {
		l.mu.Lock()
		if l.rec == r {
			l.rec = nil
		}
		l.mu.Unlock()
	}
	return err
}

// Steps returns how many steps the file holds so far, launches included.
func (r *Recorder) Steps() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.steps
}

// write adds a step to the file, unless it is closed, failed, or at its
// bounds.
func (r *Recorder) write(st ReplayStep) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closed {
		r.writeStep(st)
	}
}

// writeStep is write, r.mu held.
func (r *Recorder) writeStep(st ReplayStep) {
	b, err := json.Marshal(st)
	switch {
	case r.err != nil:
	case err != nil:
		r.err = err
	case r.steps == MaxReplaySteps:
		r.err = fmt.Errorf("debugger: the recording reached the limit of %d steps of a replay file", MaxReplaySteps)
	default:
		r.steps++
		r.writeLocked(b)
	}
}

// writeLine writes a line to the file.
func (r *Recorder) writeLine(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writeLocked(b)
}

// writeLocked writes a line within the file's bounds. r.mu is held.
func (r *Recorder) writeLocked(b []byte) {
	if len(b)+1 > MaxReplayLine || r.bytes+len(b)+1 > MaxReplayBytes {
		r.err = fmt.Errorf("debugger: the recording reached the limit of a replay file (%d MiB, %d MiB a line)", MaxReplayBytes>>20, MaxReplayLine>>20)
		return
	}
	r.bytes += len(b) + 1
	if _, err := r.w.Write(append(b, '\n')); err != nil {
		r.err = err
	}
}

// fail keeps an error of the recording, which Close returns.
func (r *Recorder) fail(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err == nil {
		r.err = err
	}
}

// act notes that the Session changed its game, which a recording started
// afterwards would not hold.
func (s *Session) act() {
	s.mu.Lock()
	s.acted = true
	s.mu.Unlock()
}

// note records a step of the Session's game at the frame it holds at, if
// it is recorded.
func (s *Session) note(st ReplayStep) {
	s.mu.Lock()
	st.Frame = s.frame
	s.mu.Unlock()
	s.record(st)
}

// record records a step of the Session's game, its frame given, if it is
// recorded.
func (s *Session) record(st ReplayStep) {
	s.mu.Lock()
	r, name := s.rec, s.recName
	s.mu.Unlock()
	if r != nil {
		st.Game = name
		r.write(st)
	}
}

// recording says whether the Session's game is recorded.
func (s *Session) recording() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rec != nil
}

// recordText returns v in Godot's text form for a recorded step; a value
// that has none (no Godot value) fails the recording, which could not be
// replayed.
func (s *Session) recordText(v any) string {
	b, err := vartext.Marshal(v)
	if err != nil {
		s.mu.Lock()
		r := s.rec
		s.mu.Unlock()
		if r != nil {
			r.fail(fmt.Errorf("debugger: recording a value with no Godot text form: %w", err))
		}
		return ""
	}
	return string(b)
}

// readText returns a value read in Godot's text form for a recorded
// check, or "" (not compared) if it has none.
func readText(v any) string {
	b, err := vartext.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}
