package debugger

import (
	"context"
	"fmt"
	"maps"

	"github.com/gdvar/gdvar"
)

// SetBreakpoint sets (on) or clears a breakpoint at a line (from 1) of a
// script, given by its res:// path ("res://main.gd") or by the end of its
// path in the project (see ScriptPath): a script that is not in the
// project is [ErrNoScript], as a breakpoint there would never be hit. The
// engine does not answer, nor say if the line can never be hit; a line
// that is hit stops the game, which WaitBreak reports.
func (s *Session) SetBreakpoint(file string, line int, on bool) error {
	if line < 1 {
		return fmt.Errorf("debugger: breakpoint at line %d: want 1 or more", line)
	}
	file, err := s.ScriptPath(file)
	if err != nil {
		return err
	}
	return s.send(context.Background(), "breakpoint", []any{file, int64(line), on})
}

// IgnoreErrorBreaks stops a script error from stopping the game (Godot
// 4.5+; [Launch] does it unless Config.BreakOnErrors).
func (s *Session) IgnoreErrorBreaks(on bool) error {
	if s.Engine() == gdvar.Godot3 {
		return fmt.Errorf("%w: set_ignore_error_breaks is Godot 4.5+", ErrUnsupported)
	}
	return s.send(context.Background(), "set_ignore_error_breaks", []any{on})
}

// Stopped says whether the game is in its debug loop, and why it entered
// it last.
func (s *Session) Stopped() (bool, Break) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopped, s.lastBreak
}

// WaitBreak waits until the game is stopped (a breakpoint, a breakpoint
// statement, a script error, Pause) and returns why; at once if it is.
// Stops the Session makes itself for Call and Evaluate do not count.
func (s *Session) WaitBreak(ctx context.Context) (Break, error) {
	for {
		s.mu.Lock()
		stopped, b, own, changed := s.stopped, s.lastBreak, s.own, s.changed
		s.mu.Unlock()
		if stopped && !own {
			return b, nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return Break{}, ctx.Err()
		case <-s.done:
			return Break{}, s.err
		}
	}
}

// Pause stops the game in its debug loop (the break message) and returns
// the Break; there is no script frame until Step.
func (s *Session) Pause(ctx context.Context) (Break, error) {
	if err := s.turn(ctx); err != nil {
		return Break{}, err
	}
	defer s.endTurn()
	if stopped, b := s.Stopped(); stopped {
		return b, nil
	}
	m, err := s.request(ctx, s.cmd("break"), nil, named("debug_enter"), ignoredLate)
	if err != nil {
		return Break{}, err
	}
	return ParseBreak(m)
}

// Resume lets a stopped game go on (the continue message).
func (s *Session) Resume(ctx context.Context) error {
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	return s.resume(ctx)
}

// Step, Next and Out resume a stopped game for one GDScript line (into
// calls, over them, out of the function: Out is Godot 4.6+) and return the
// Break where it stops again. Step and next stop at the next line run
// anywhere, in whatever script runs next.
func (s *Session) Step(ctx context.Context) (Break, error) { return s.stepBy(ctx, "step") }

// Next is Step over calls.
func (s *Session) Next(ctx context.Context) (Break, error) { return s.stepBy(ctx, "next") }

// Out is Step out of the current function (Godot 4.6+).
func (s *Session) Out(ctx context.Context) (Break, error) {
	if s.Engine() == gdvar.Godot3 {
		return Break{}, fmt.Errorf("%w: out is Godot 4.6+", ErrUnsupported)
	}
	return s.stepBy(ctx, "out")
}

func (s *Session) stepBy(ctx context.Context, how string) (Break, error) {
	if err := s.turn(ctx); err != nil {
		return Break{}, err
	}
	defer s.endTurn()
	if stopped, _ := s.Stopped(); !stopped {
		return Break{}, ErrNotStopped
	}
	m, err := s.request(ctx, how, nil, named("debug_enter"), ignoredLate)
	if err != nil {
		return Break{}, err
	}
	return ParseBreak(m)
}

// Stack returns the script stack of the stopped game, innermost frame
// first (none after Pause until Step).
func (s *Session) Stack(ctx context.Context) ([]Frame, error) {
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	if stopped, _ := s.Stopped(); !stopped {
		return nil, ErrNotStopped
	}
	m, err := s.request(ctx, "get_stack_dump", nil, named("stack_dump"), droppedInLoop)
	if err != nil {
		return nil, err
	}
	return ParseStack(m)
}

// maxVars bounds the variables Vars collects for one frame.
const maxVars = 4096

// varCount is how many stack_frame_var messages a stack_frame_vars says
// follow it (at most maxVars), and 0 for any other message.
func varCount(m Message) int {
	var n int64
	if m.Name != "stack_frame_vars" || !fields(m.Data, &n) {
		return 0
	}
	return int(min(max(n, 0), maxVars))
}

// Vars returns the variables of a frame of the stopped game's stack:
// locals, members (the first is self), then script globals (Godot 4).
func (s *Session) Vars(ctx context.Context, frame int) ([]Var, error) {
	if s.Engine() == gdvar.Godot3 {
		return nil, fmt.Errorf("%w: stack variables are read for Godot 4", ErrUnsupported)
	}
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	if stopped, _ := s.Stopped(); !stopped {
		return nil, ErrNotStopped
	}
	w := s.register(&waiter{match: named("stack_frame_vars", "stack_frame_var"), ch: make(chan Message, maxVars+1),
		left: 1, more: varCount, late: droppedInLoop})
	if err := s.send(ctx, "get_stack_frame_vars", []any{int64(frame)}); err != nil {
		s.drop(w)
		return nil, s.sendError(err)
	}
	defer s.giveUp(w) // the variables still to come, if it fails first
	m, err := s.wait(ctx, w)
	if err != nil {
		return nil, err
	}
	var n int64
	if m.Name != "stack_frame_vars" || !fields(m.Data, &n) || n < 0 || n > maxVars {
		return nil, fmt.Errorf("%w: %s %s", ErrMalformed, m.Name, shown(m.Data))
	}
	vars := make([]Var, 0, n)
	for range n {
		if m, err = s.wait(ctx, w); err != nil {
			return nil, err
		}
		v, err := ParseVar(m)
		if err != nil {
			return nil, err
		}
		vars = append(vars, v)
	}
	return vars, nil
}

// Suspend pauses (on) or resumes the game's process, physics and input
// without stopping it in the debug loop: it goes on answering (Godot 4).
// The engine disables the game's Input meanwhile: input sent then is
// refused ([ErrSuspended]); what was held stays held.
func (s *Session) Suspend(on bool) error {
	if s.Engine() == gdvar.Godot3 {
		return fmt.Errorf("%w: suspend is Godot 4", ErrUnsupported)
	}
	ctx := context.Background() // each request bounded by the request timeout
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	return s.suspend(ctx, on)
}

// suspend sends scene:suspend_changed, and keeps whether the game is
// suspended, which stepping undoes; resumed, the game gets its Input
// back. Its caller has the turn.
func (s *Session) suspend(ctx context.Context, on bool) error {
	if err := s.send(ctx, "scene:suspend_changed", []any{on}); err != nil {
		return err
	}
	s.mu.Lock()
	was := s.suspended
	s.suspended = on
	s.mu.Unlock()
	if !was || on {
		return nil
	}
	// From 4.4 the engine disables Input while suspended, and enables it
	// again only if no runtime node selection is on, whose type starts
	// as 2D until an editor sets it: a game the editor did not start
	// keeps its Input disabled. The editor's "Input" mode (type none)
	// gives it back.
	if major, minor := s.Version(); major == 4 && minor >= 4 {
		if err := s.send(ctx, "scene:runtime_node_select_set_type", []any{int64(0)}); err != nil {
			return err
		}
	}
	return nil
}

// Monitors returns the game's performance monitors as its last report
// gave them, waiting for the first (the game sends one a second).
func (s *Session) Monitors(ctx context.Context) (Monitors, error) {
	s.mu.Lock()
	mon := s.monitors
	s.mu.Unlock()
	if mon != nil {
		return maps.Clone(mon), nil
	}
	w := s.expect(named("performance:profile_frame", "performance"), ignoredLate)
	m, err := s.wait(ctx, w)
	if err != nil {
		return nil, err
	}
	return parseMonitors(m), nil
}
