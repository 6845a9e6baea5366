package debugger

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync"

	"github.com/gdvar/gdvar"
)

// Errors a Session's methods return; errors.Is matches them.
var (
	ErrClosed        = errors.New("debugger: session ended")
	ErrNoNode        = errors.New("debugger: no such node")
	ErrNoProperty    = errors.New("debugger: no such property")
	ErrNoMethod      = errors.New("debugger: no such method")
	ErrCallFailed    = errors.New("debugger: call failed")
	ErrNotStopped    = errors.New("debugger: the game is not stopped at a script frame")
	ErrNoScriptFrame = errors.New("debugger: no GDScript line ran to stop in")
	ErrEvalFailed    = errors.New("debugger: the expression failed")
	ErrUnsupported   = errors.New("debugger: not in this engine version")
	ErrBadArity      = errors.New("debugger: wrong number of elements for the engine")
)

// Session is one game's debugger connection. Its methods may be called
// from several goroutines; requests take turns, as the engine's replies
// carry no request id.
type Session struct {
	conn   *Conn
	closer io.Closer
	cfg    config // its options'

	turns chan struct{} // holds a token while a request waits for its reply

	mu        sync.Mutex
	waiters   []*waiter
	output    kept[Line]
	errs      kept[Error]
	errCount  int // errors received in all
	monitors  Monitors
	pid       int64
	version   [2]int // major, minor from the banner; 0 until known
	stopped   bool
	lastBreak Break
	own       bool          // the Session itself stopped the game
	exits     int           // the debug_exit messages received
	changed   chan struct{} // closed when stopped changes
	lastTree  *Node         // the last Tree
	// The input helper: its version once it answered (0 before), why
	// its install failed, the instance id of the node the Session added
	// (0 if none), and the tree's paused flag its last reply gave.
	helperVersion int
	helperErr     error
	helperNode    int64
	paused        bool
	pausedKnown   bool
	suspended     bool  // Suspend(true) was the last Suspend
	stepping      bool  // the helper holds or paces the game (Advance, Speed)
	frame         int64 // the frame the helper last said it holds the game at
	fromStart     bool  // held since its first frame (HoldFromStart), never let run
	acted         bool  // an input, Set, Call, Evaluate, SetTreePaused or Send was sent
	rec           *Recorder
	recName       string // the game's name in rec's file
	evals         uint32 // the evaluates sent, to tag each (evalTag)
	cause         error  // why the Session closed the connection itself
	closing       bool   // Close was called
	done          chan struct{}
	err           error
}

// NewSession starts a [Session] on conn, which closer closes (the net.Conn
// under it), or returns the error of the first invalid option.
func NewSession(conn *Conn, closer io.Closer, opts ...Option) (*Session, error) {
	cfg, err := newConfig(opts, false)
	if err != nil {
		return nil, err
	}
	return newSession(conn, closer, cfg), nil
}

// newSession starts a Session with options checked already.
func newSession(conn *Conn, closer io.Closer, cfg config) *Session {
	s := &Session{conn: conn, closer: closer, cfg: cfg, turns: make(chan struct{}, 1), done: make(chan struct{}), changed: make(chan struct{})}
	s.output.max, s.output.maxBytes = cfg.maxOutputLines, cfg.maxOutputBytes
	s.errs.max, s.errs.maxBytes = cfg.maxErrors, cfg.maxErrBs
	go s.read()
	return s
}

// Engine returns the game's engine version, [gdvar.Godot4] or [gdvar.Godot3].
func (s *Session) Engine() gdvar.Engine { return s.conn.Engine() }

// Version returns the game's engine major and minor version, from the
// banner it prints first (0, 0 until it came).
func (s *Session) Version() (major, minor int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version[0], s.version[1]
}

// PID returns the process id the game reported (Godot 4), or 0.
func (s *Session) PID() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pid
}

// Done is closed when the session has ended; Err then says why.
func (s *Session) Done() <-chan struct{} { return s.done }

// Err returns why the session ended: nil while it runs, [ErrClosed] after
// Close or when the game quit, or the read error. A Game's that quit or
// crashed is an *ExitError (matching ErrClosed and [ErrExited]), with the
// last lines the game printed.
func (s *Session) Err() error {
	select {
	case <-s.done:
		return s.err
	default:
		return nil
	}
}

// Close ends the session; the game goes on running without a debugger,
// as it ran before any [Session.Advance] or [Session.Speed].
func (s *Session) Close() error {
	s.release()
	err := s.closeConn()
	<-s.done
	return err
}

// closeConn closes the connection, if the Session has not closed it
// itself (end).
func (s *Session) closeConn() error {
	s.mu.Lock()
	ended := s.cause != nil
	s.closing = true
	s.mu.Unlock()
	if ended {
		return nil
	}
	return s.closer.Close()
}

// read reads messages until the connection ends.
func (s *Session) read() {
	for {
		m, err := s.conn.Read()
		if errors.Is(err, ErrMalformed) {
			continue
		}
		if err != nil {
			exit := s.exitCause()
			s.mu.Lock()
			switch {
			case s.cause != nil:
				err = fmt.Errorf("%w: %w", ErrClosed, s.cause)
			case exit != nil:
				err = exit
			case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
				err = ErrClosed
			default:
				err = fmt.Errorf("%w: %w", ErrClosed, err)
			}
			s.err = err
			s.stopped = false
			s.mu.Unlock()
			close(s.done)
			return
		}
		s.handle(m)
	}
}

// exitCause returns how a launched game's process ended, once its
// connection has, unless Close ended it: the process ends a moment after.
func (s *Session) exitCause() error {
	s.mu.Lock()
	closing := s.closing
	s.mu.Unlock()
	if closing || s.cfg.exited == nil {
		return nil
	}
	return s.cfg.exited(exitWait)
}

// banner matches the engine's first output line: "Godot Engine v4.6.3…".
var banner = regexp.MustCompile(`^Godot Engine v(\d+)\.(\d+)`)

// handle keeps what m says and gives it to the callbacks and to the first
// waiter that wants it.
func (s *Session) handle(m Message) {
	var gameErr *Error
	output := false
	s.mu.Lock()
	switch m.Name {
	case "output":
		output = true
		s.keepOutput(m)
	case "error":
		if e, err := ParseError(m); err == nil {
			e = keptError(e)
			gameErr = &e
			s.errCount++
			s.errs.add(e, e.size())
		}
	case "set_pid":
		fields(m.Data, &s.pid)
	case "performance:profile_frame", "performance":
		s.monitors = parseMonitors(m)
	case "debug_enter":
		if b, err := ParseBreak(m); err == nil {
			s.lastBreak = b
			s.setStopped(true)
		}
	case "debug_exit":
		s.exits++
		s.setStopped(false)
	}
	to, taken := s.waiterOf(m)
	s.mu.Unlock()
	if taken {
		select {
		case to.ch <- m:
		default: // a collector full: the request fails on its count
		}
	}
	if output && s.cfg.onOutput != nil {
		_ = eachLine(m, s.cfg.onOutput) // a malformed message's lines up to the fault
	}
	if gameErr != nil && s.cfg.onError != nil {
		s.cfg.onError(*gameErr)
	}
	if s.cfg.onMessage != nil {
		s.cfg.onMessage(m)
	}
}

// keepOutput keeps the lines of an output message, the last
// maxOutputLines of them, and reads the engine's version from its banner.
// s.mu is held.
func (s *Session) keepOutput(m Message) {
	n := 0
	_ = eachLine(m, func(Line) { n++ }) // a malformed message's lines up to the fault
	skip := max(0, n-s.cfg.maxOutputLines)
	s.output.skip(skip)
	i := 0
	_ = eachLine(m, func(l Line) {
		if i == 0 && s.version[0] == 0 {
			if v := banner.FindStringSubmatch(l.Text); v != nil {
				s.version[0], _ = strconv.Atoi(v[1])
				s.version[1], _ = strconv.Atoi(v[2])
			}
		}
		if i >= skip {
			l.Text = clip(l.Text)
			s.output.add(l, len(l.Text))
		}
		i++
	})
}

// setStopped records whether the game is in its debug loop and wakes those
// waiting for a change. s.mu is held.
func (s *Session) setStopped(on bool) {
	s.stopped = on
	close(s.changed)
	s.changed = make(chan struct{})
}

// Output returns the lines the game printed so far, oldest first (as many
// as [WithMaxOutput] keeps; a line cut at 64 KiB), and how many older ones
// were dropped.
func (s *Session) Output() (lines []Line, dropped int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.output.all(), s.output.dropped
}

// Errors returns the errors and warnings the game reported so far, oldest
// first, and how many older ones were dropped.
func (s *Session) Errors() (errs []Error, dropped int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.errs.all(), s.errs.dropped
}

// request sends name with data and returns the first message reply
// accepts; late says what becomes of the reply if it comes after the
// request gave up.
func (s *Session) request(ctx context.Context, name string, data []any, reply func(Message) bool, late lateness) (Message, error) {
	w := s.expect(reply, late)
	if err := s.send(ctx, name, data); err != nil {
		s.drop(w)
		return Message{}, s.sendError(err)
	}
	return s.wait(ctx, w)
}

// sendError is what a request whose send failed returns: why the session
// ended, if it had (the send failed for that), else err.
func (s *Session) sendError(err error) error {
	if end := s.Err(); end != nil && !errors.Is(err, ErrCutShort) {
		return end
	}
	return err
}

// turn waits for the Session's turn to make a request, or for the context
// to end; endTurn gives the turn up.
func (s *Session) turn(ctx context.Context) error {
	select {
	case s.turns <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Session) endTurn() { <-s.turns }

// end closes the connection because of cause, which Err will then give.
func (s *Session) end(cause error) {
	s.mu.Lock()
	if s.cause == nil {
		s.cause = cause
	}
	s.mu.Unlock()
	s.closer.Close() // the reading goroutine ends the session; an error means it is closed already
}

// named returns a matcher of messages by name.
func named(names ...string) func(Message) bool {
	return func(m Message) bool {
		for _, n := range names {
			if m.Name == n {
				return true
			}
		}
		return false
	}
}
