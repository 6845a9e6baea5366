package debugger

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
)

// The input helper is gdvar_input.gd (InputAutoload), in the game as an
// autoload or installed at run time by InstallInput. Beside input, it
// runs Call and Evaluate from its message capture, on the main thread and
// without stopping the game, and reports get_tree().paused with each
// reply.

// helloWait bounds the wait for the helper's answer: a game without it
// ignores the message, and one with it answers within a frame or two.
const helloWait = 3 * time.Second

// helloEvery is how often hello asks again within helloWait: a helper
// just installed is added at the end of the frame, and a hello the game
// read before that is dropped.
const helloEvery = 250 * time.Millisecond

// installWait bounds the wait for a script frame to install the helper
// from: most games run GDScript every frame.
const installWait = 10 * time.Second

// helperCalls is the helper version that runs call, eval, group and pause
// (gdvar_input.gd's VERSION 2); version 1 has the input messages alone.
const helperCalls = 2

// helperSteps is the helper version that steps frames (VERSION 3): the
// newest.
const helperSteps = 3

// helperMeta is the Engine metadata that holds the helper's script while
// InstallInput compiles it, then its node until it is on its way in.
const helperMeta = `"gdvar_input"`

// InstallInput installs the input helper (InputAutoload's text) in a Godot
// 4 game at run time, unless the game has it (as an autoload): through
// evaluate it compiles the text as a new GDScript, with reload(), and adds
// an instance under /root (deferred: /GdvarInput, with
// PROCESS_MODE_ALWAYS), nothing written into the project; the game sees
// it among /root's children, [Session.Tree] leaves it out (see
// [ShowHelper]). It needs a script frame within 10 s: a game whose tree
// is paused at the time, or that runs no GDScript each frame, gives none;
// add the autoload to such a game. [Launch] calls it; a session without
// the helper calls it at its first input. A failure matches
// [ErrNoInputAutoload], says why (the game's own error if the script did
// not compile), and is what the input methods return until an install
// succeeds.
func (s *Session) InstallInput(ctx context.Context) error {
	if s.Engine() == gdvar.Godot3 {
		return errNoCaptures
	}
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	return s.install(ctx)
}

// errNoCaptures is the input methods' error on Godot 3, whose debugger has
// no message captures for a helper to register.
var errNoCaptures = fmt.Errorf("%w: %w: Godot 3's debugger has no message captures", ErrNoInputAutoload, ErrUnsupported)

// install is InstallInput in the caller's turn; it keeps its failure.
func (s *Session) install(ctx context.Context) error {
	err := s.installOnce(ctx)
	s.mu.Lock()
	s.helperErr = err
	s.mu.Unlock()
	return err
}

func (s *Session) installOnce(ctx context.Context) error {
	if !s.canEvaluate() {
		hctx, cancel := context.WithTimeout(ctx, helloWait)
		err := s.hello(hctx)
		cancel()
		if err == nil || ctx.Err() != nil {
			return err
		}
		if !s.canEvaluate() {
			major, minor := s.Version()
			return fmt.Errorf("%w: the game (version %d.%d) has no evaluate (Godot 4.4+) to install it with: add debugger.InputAutoload() to the project as an autoload", ErrNoInputAutoload, major, minor)
		}
	}
	ictx, cancel := context.WithTimeout(ctx, installWait)
	defer cancel()
	s.mu.Lock()
	before := s.errCount
	s.mu.Unlock()
	var compiled, added any = int64(0), nil
	err := s.inFrame(ictx, func() error {
		has, err := s.eval(ictx, `EngineDebugger.has_capture("gdvar")`)
		if err != nil || has == true {
			return err
		}
		compiled, err = s.eval(ictx, fmt.Sprintf(`[Engine.set_meta(%s, ClassDB.instantiate("GDScript")), Engine.get_meta(%[1]s).set("source_code", %s), Engine.get_meta(%[1]s).reload()].back()`,
			helperMeta, quote(inputAutoload)))
		if err != nil {
			return err
		}
		// The meta holds the new node in turn, for its id: the Session's
		// own helper, which Tree leaves out.
		add := fmt.Sprintf(`[Engine.set_meta(%s, Engine.get_meta(%[1]s).new()), Engine.get_main_loop().root.call_deferred("add_child", Engine.get_meta(%[1]s)), Engine.get_meta(%[1]s).get_instance_id()].back()`, helperMeta)
		if compiled != int64(0) {
			add = "null"
		}
		added, err = s.eval(ictx, fmt.Sprintf(`[%s, Engine.remove_meta(%s)].front()`, add, helperMeta))
		return err
	})
	if id, ok := added.(int64); ok { // added, whatever comes next
		s.mu.Lock()
		s.helperNode = id
		s.mu.Unlock()
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		return fmt.Errorf("%w: no GDScript line ran within %v to install it from (a paused scene tree, or a game that runs no script each frame, gives none): add debugger.InputAutoload() to the project as an autoload",
			ErrNoInputAutoload, installWait)
	case err != nil:
		return fmt.Errorf("%w: installing it: %w", ErrNoInputAutoload, err)
	case compiled != int64(0):
		s.mu.Lock()
		defer s.mu.Unlock()
		why := "no error reported"
		if e, ok := s.errs.last(s.errCount - before); ok {
			why = cutText(e.Text())
		}
		return fmt.Errorf("%w: the game did not compile it (error %s): %s", ErrNoInputAutoload, shown(compiled), why)
	}
	hctx, cancel := context.WithTimeout(ctx, helloWait)
	defer cancel()
	if err := s.hello(hctx); err != nil {
		return fmt.Errorf("%w: installed, but it did not answer: %w", ErrNoInputAutoload, err)
	}
	return nil
}

// The helper node: the input helper's node that InstallInput adds under
// /root is gdvar's, not the game's, so a tree leaves it out unless asked.
// It is known by its instance id, which the install's evaluate returns:
// a node the game has of that name (its own, or the helper as an
// autoload) is the game's, and stays.

// TreeOption says what [Session.Tree] returns.
type TreeOption func(*treeConfig)

type treeConfig struct {
	helper bool // keep the helper node the Session added
}

// ShowHelper, when on, keeps in the tree the input helper's node that
// the Session added at run time ([Session.InstallInput]; [Launch] does it),
// /root/GdvarInput, which Tree leaves out by default: it is gdvar's, not
// the game's. A game's own node of that name, and the helper the game
// has as an autoload, are the game's: Tree never leaves them out.
func ShowHelper(on bool) TreeOption {
	return func(c *treeConfig) { c.helper = on }
}

// hideHelper takes the helper node the Session added, if any, out of the
// children of root, the tree's /root.
func (s *Session) hideHelper(root *Node) {
	s.mu.Lock()
	id := s.helperNode
	s.mu.Unlock()
	if id != 0 {
		root.dropChildren(func(c *Node) bool { return c.ID == id })
	}
}

// canEvaluate says whether the game's version, from its banner, is known
// to take evaluate (Godot 4.4+): an older game, or one whose banner has not
// come, can only have the helper as an autoload.
func (s *Session) canEvaluate() bool {
	major, minor := s.Version()
	return major > 4 || major == 4 && minor >= 4
}

// helper makes sure the game has the helper, at least of version min:
// asks it (hello), or installs it (Godot 4) if it never answered and no
// install failed before, or returns why there is none.
func (s *Session) helper(ctx context.Context, min int) error {
	if s.Engine() == gdvar.Godot3 {
		return errNoCaptures
	}
	s.mu.Lock()
	version, failed := s.helperVersion, s.helperErr
	s.mu.Unlock()
	if version == 0 && failed == nil {
		hctx, cancel := context.WithTimeout(ctx, helloWait)
		err := s.hello(hctx)
		cancel()
		if err != nil && ctx.Err() != nil {
			return err
		}
		if err != nil {
			failed = s.install(ctx)
		}
		s.mu.Lock()
		version = s.helperVersion
		s.mu.Unlock()
	}
	switch {
	case version >= min:
		return nil
	case version > 0:
		return fmt.Errorf("%w: the game's gdvar_input.gd is version %d; this needs %d: update it from debugger.InputAutoload()", ErrNoInputAutoload, version, min)
	case failed != nil:
		return failed
	}
	return ErrNoInputAutoload
}

// hello asks the helper for its version, again every helloEvery, until
// it answers or the context ends.
func (s *Session) hello(ctx context.Context) error {
	for {
		hctx, cancel := context.WithTimeout(ctx, helloEvery)
		m, err := s.request(hctx, "gdvar:hello", nil, named("gdvar:hello"), ignoredLate)
		cancel()
		if err == nil {
			var version int64
			if !fields(m.Data, &version) {
				return fmt.Errorf("%w: gdvar:hello %s", ErrMalformed, shown(m.Data))
			}
			s.mu.Lock()
			s.helperVersion = int(max(min(version, helperSteps), 1))
			s.mu.Unlock()
			s.notePaused(m.Data[1:])
			return nil
		}
		if ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
	}
}

// notePaused keeps the paused flag a helper's reply ends in.
func (s *Session) notePaused(rest []any) {
	var paused bool
	if !fields(rest, &paused) {
		return
	}
	s.mu.Lock()
	s.paused = paused
	s.pausedKnown = true
	s.mu.Unlock()
}

// helperRequest sends a message to the helper of version 2 or later and
// returns the data of its reply, named reply, without the paused flag
// that ends it.
func (s *Session) helperRequest(ctx context.Context, name string, data []any, reply string) ([]any, error) {
	if err := s.helper(ctx, helperCalls); err != nil {
		return nil, err
	}
	m, err := s.request(ctx, name, data, named(reply), droppedLate)
	if err != nil {
		return nil, err
	}
	if len(m.Data) == 0 {
		return nil, fmt.Errorf("%w: %s %s", ErrMalformed, reply, shown(m.Data))
	}
	s.notePaused(m.Data[len(m.Data)-1:])
	return m.Data[:len(m.Data)-1], nil
}

// helperResult reads a call's or an evaluation's [ok, value or why], and
// fails, with err wrapping the game's reason, if not ok; or if the game
// reported an error the helper's function fn (_call, _eval) raised while
// it ran, which comes before the reply to a hello sent after it. Other
// errors that came meanwhile (a scene the game reloads at the time) are
// the game's own: they stay in Errors alone.
func (s *Session) helperResult(ctx context.Context, r []any, before int, fail error, what, fn string) (any, error) {
	var ok bool
	if len(r) != 2 || !fields(r, &ok) {
		return nil, fmt.Errorf("%w: %s reply %s", ErrMalformed, what, shown(r))
	}
	if !ok {
		why, _ := r[1].(string)
		return nil, fmt.Errorf("%w: %s: %s", fail, what, cutText(why))
	}
	if err := s.hello(ctx); errors.Is(err, ErrClosed) {
		return r[1], nil // it went on, to quit: its last messages are lost
	} else if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for n := s.errCount - before; n > 0; n-- { // oldest first
		if e, ok := s.errs.last(n); ok && raisedIn(e, fn) {
			return r[1], fmt.Errorf("%w: %s: %s", fail, what, cutText(e.Text()))
		}
	}
	return r[1], nil
}

// raisedIn says whether the error was raised while the helper's function
// fn ran: its script stack has fn of the helper's script, which is
// gdvar_input.gd as an autoload and "gdscript://<id>.gd" as InstallInput
// compiles it.
func raisedIn(e Error, fn string) bool {
	for _, f := range e.Stack {
		if f.Func == fn && (strings.HasPrefix(f.File, "gdscript://") || path.Base(f.File) == "gdvar_input.gd") {
			return true
		}
	}
	return false
}

// hasHelperCalls says whether the game's helper is known to run calls.
func (s *Session) hasHelperCalls() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.helperVersion >= helperCalls
}

// TreePaused says whether the game's scene tree is paused
// (get_tree().paused), which stops the processing of every node not set
// to run while paused: asked of the input helper (see InstallInput).
func (s *Session) TreePaused(ctx context.Context) (bool, error) {
	if err := s.turn(ctx); err != nil {
		return false, err
	}
	defer s.endTurn()
	if err := s.helper(ctx, helperCalls); err != nil {
		return false, err
	}
	if err := s.hello(ctx); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paused, nil
}

// SetTreePaused pauses or unpauses the game's scene tree
// (get_tree().paused), through the input helper.
func (s *Session) SetTreePaused(ctx context.Context, paused bool) error {
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	s.act()
	_, err := s.helperRequest(ctx, "gdvar:pause", []any{paused}, "gdvar:done")
	if err == nil && s.recording() {
		s.note(ReplayStep{Op: OpPause, Value: strconv.FormatBool(paused)})
	}
	return err
}

// NodesInGroup returns the instance ids of the nodes in a group, through
// the input helper.
func (s *Session) NodesInGroup(ctx context.Context, group string) ([]int64, error) {
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	r, err := s.helperRequest(ctx, "gdvar:group", []any{group}, "gdvar:group")
	if err != nil {
		return nil, err
	}
	ids, ok := r[0].([]int64)
	if !ok {
		return nil, fmt.Errorf("%w: gdvar:group %s", ErrMalformed, shown(r))
	}
	return ids, nil
}

// pausedNote is what a wait that timed out adds when the tree is known to
// be paused: nothing that processes will change.
func (s *Session) pausedNote() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pausedKnown && s.paused {
		return " (the game's scene tree is paused: get_tree().paused)"
	}
	return ""
}
