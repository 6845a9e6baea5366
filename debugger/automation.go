package debugger

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// errLeftLoop is an evaluate the game answered by leaving its debug loop:
// the frame had no instance to run in.
var errLeftLoop = errors.New("debugger: the game left its debug loop")

// pollEvery is how often WaitNode and WaitProperty ask again.
const pollEvery = 50 * time.Millisecond

// Tree returns the game's scene tree from /root, depth first in child
// order, internal children included, but the input helper's node the
// Session added at run time (see [ShowHelper]).
func (s *Session) Tree(ctx context.Context, opts ...TreeOption) (*Node, error) {
	var c treeConfig
	for _, o := range opts {
		o(&c)
	}
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	root, err := s.tree(ctx)
	if err == nil && !c.helper {
		s.hideHelper(root)
	}
	return root, err
}

func (s *Session) tree(ctx context.Context) (*Node, error) {
	m, err := s.request(ctx, s.cmd("scene:request_scene_tree"), nil, named(s.reply("scene:scene_tree")), droppedLate)
	if err != nil {
		return nil, err
	}
	root, err := ParseTree(m)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.lastTree = root
	s.mu.Unlock()
	return root, nil
}

// NodeByPath returns the node at the absolute path ("/root/Main/Label"),
// or [ErrNoNode]; the input helper's node too, which a path names as
// Get and Call find it.
func (s *Session) NodeByPath(ctx context.Context, path string) (*Node, error) {
	root, err := s.Tree(ctx, ShowHelper(true))
	if err != nil {
		return nil, err
	}
	if n := root.Find(path); n != nil {
		return n, nil
	}
	return nil, fmt.Errorf("%w: %s", ErrNoNode, path)
}

// WaitNode asks for the tree until the node at path exists, and returns
// it; the context bounds the wait.
func (s *Session) WaitNode(ctx context.Context, path string) (*Node, error) {
	for {
		n, err := s.NodeByPath(ctx, path)
		if !errors.Is(err, ErrNoNode) {
			return n, err
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("%w (waited: %w)%s", err, ctx.Err(), s.pausedNote())
		case <-time.After(pollEvery):
		}
	}
}

// Inspect returns the object with the instance id, as the editor's remote
// inspector sees it, or [ErrNoNode] if it is gone.
func (s *Session) Inspect(ctx context.Context, id int64) (*Object, error) {
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	return s.inspect(ctx, id)
}

func (s *Session) inspect(ctx context.Context, id int64) (*Object, error) {
	name, data, match := s.inspectRequest(id)
	m, err := s.request(ctx, name, data, match, droppedLate)
	if err != nil {
		return nil, err
	}
	return s.inspectReply(m, id)
}

// inspectRequest returns the request that inspects the object with the id
// in the game's engine version, and the matcher of its reply.
func (s *Session) inspectRequest(id int64) (name string, data []any, reply func(Message) bool) {
	major, minor := s.Version()
	switch {
	case s.Engine() == gdvar.Godot3:
		// Godot 3 does not answer for an object that is gone: the reply
		// to drop is the one for this id.
		return "inspect_object", []any{id}, func(m Message) bool {
			return m.Name == "message:inspect_object" && len(m.Data) > 0 && m.Data[0] == id
		}
	case major == 4 && minor < 5:
		return "scene:inspect_object", []any{id}, named("scene:inspect_object")
	}
	return "scene:inspect_objects", []any{[]any{id}, false}, func(m Message) bool {
		if m.Name == "remote_nothing_selected" {
			return true
		}
		if m.Name != "scene:inspect_objects" || len(m.Data) == 0 {
			return false
		}
		o, _ := m.Data[0].([]any)
		return len(o) > 0 && o[0] == id
	}
}

// inspectReply reads the reply m to inspectRequest(id): the object, or
// ErrNoNode if it is gone.
func (s *Session) inspectReply(m Message, id int64) (*Object, error) {
	switch m.Name {
	case "remote_nothing_selected":
		return nil, fmt.Errorf("%w: object %d", ErrNoNode, id)
	case "scene:inspect_objects":
		objs, err := ParseObjects(m)
		if err != nil {
			return nil, err
		}
		return objs[0], nil // the matcher took it for its id
	case "scene:inspect_object":
		if len(m.Data) == 0 {
			return nil, fmt.Errorf("%w: object %d", ErrNoNode, id)
		}
	}
	o, err := ParseObject(m.Data)
	if err == nil && o.ID != id { // Godot 4.4's reply names no id to match
		err = fmt.Errorf("%w: object %d inspected for %d", ErrMalformed, o.ID, id)
	}
	return o, err
}

// inspectPath inspects the node at path, found in the last tree (checked
// against the node's own path: the caller may have changed it, or the
// game) or a new tree.
func (s *Session) inspectPath(ctx context.Context, path string) (*Object, error) {
	s.mu.Lock()
	last := s.lastTree
	s.mu.Unlock()
	if last != nil {
		if n := last.Find(path); n != nil {
			o, err := s.inspect(ctx, n.ID)
			if err == nil && nodePath(o) == path {
				return o, nil
			}
			if err != nil && !errors.Is(err, ErrNoNode) {
				return nil, err
			}
		}
	}
	root, err := s.tree(ctx)
	if err != nil {
		return nil, err
	}
	n := root.Find(path)
	if n == nil {
		return nil, fmt.Errorf("%w: %s", ErrNoNode, path)
	}
	return s.inspect(ctx, n.ID)
}

// nodePath returns an inspected node's path, its "Node/path" property.
func nodePath(o *Object) string {
	for _, p := range o.Properties {
		if p.Name == "Node/path" {
			if np, ok := p.Value.(gdvar.NodePath); ok {
				return np.String()
			}
		}
	}
	return ""
}

// Get returns the property of the node at path: from the remote inspector
// (what it lists: editor properties, script members and constants, a
// Resource with a path as that path), or in Godot 4 for any other property
// (global_position) or sub-property ("position:x") by evaluating
// get_indexed in a script frame. An Object is its [gdvar.ObjectID].
func (s *Session) Get(ctx context.Context, path, property string) (any, error) {
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	v, err := s.get(ctx, path, property)
	if err == nil {
		s.noteGet(path, property, v)
	}
	return v, err
}

// noteGet records what a Get read, if the game is recorded: a check.
func (s *Session) noteGet(path, property string, v any) {
	if s.recording() {
		s.note(ReplayStep{Op: OpGet, Path: path, Property: property, Value: readText(v)})
	}
}

// get is Get in the caller's turn.
func (s *Session) get(ctx context.Context, path, property string) (any, error) {
	o, err := s.inspectPath(ctx, path)
	if err != nil {
		return nil, err
	}
	if p, ok := o.Property(property); ok {
		return p.Value, nil
	}
	if s.Engine() == gdvar.Godot3 {
		return nil, fmt.Errorf("%w: %s of %s", ErrNoProperty, property, path)
	}
	obj := fmt.Sprintf("instance_from_id(%d)", o.ID)
	v, err := s.evaluate(ctx, fmt.Sprintf("[%s in %s, %s.get_indexed(NodePath(%s))]", quote(baseProperty(property)), obj, obj, quote(property)), false)
	if r, ok := v.([]any); err == nil && ok && len(r) == 2 && r[0] == true {
		return r[1], nil
	}
	if err == nil {
		err = fmt.Errorf("%w: %s of %s", ErrNoProperty, property, path)
	}
	return nil, s.orFreed(ctx, o.ID, path, err)
}

// orFreed returns ErrNoNode if an expression on the node with the id
// failed (err) because the node was freed since the caller looked it up:
// a scene the game reloaded in between makes instance_from_id null, and
// the expression an error about operands; else err.
func (s *Session) orFreed(ctx context.Context, id int64, path string, err error) error {
	if !errors.Is(err, ErrEvalFailed) && !errors.Is(err, ErrNoProperty) {
		return err
	}
	valid, verr := s.evaluate(ctx, fmt.Sprintf("is_instance_id_valid(%d)", id), false)
	if verr == nil && valid == false {
		return fmt.Errorf("%w: %s (freed meanwhile)", ErrNoNode, path)
	}
	return err
}

// Set sets the property of the node at path to value: through the remote
// inspector if it lists the property (as the editor does: a String given
// to an Object-typed property is loaded as a resource path), else in Godot
// 4 by evaluating set_indexed, with value passed as its text form. A
// property the inspector lists has a type, which value must have or
// convert to (an int to a float, a String to a StringName, [x, y] or
// {"x": x, "y": y} to a Vector2, …: see [ErrWrongType]); else nothing is set
// and the error names the type wanted.
func (s *Session) Set(ctx context.Context, path, property string, value any) error {
	if err := s.turn(ctx); err != nil {
		return err
	}
	defer s.endTurn()
	s.act()
	err := s.set(ctx, path, property, value)
	if err == nil && s.recording() {
		s.note(ReplayStep{Op: OpSet, Path: path, Property: property, Value: s.recordText(value)})
	}
	return err
}

// set is Set in the caller's turn.
func (s *Session) set(ctx context.Context, path, property string, value any) error {
	o, err := s.inspectPath(ctx, path)
	if err != nil {
		return err
	}
	if p, ok := o.Property(property); ok {
		if t, known := propertyType(s.Engine(), p.Type); known {
			if value, err = toType(value, t); err != nil {
				return fmt.Errorf("%s of %s: %w", property, path, err)
			}
		}
		return s.send(ctx, s.cmd("scene:set_object_property"), []any{o.ID, property, value})
	}
	if s.Engine() == gdvar.Godot3 {
		return fmt.Errorf("%w: %s of %s", ErrNoProperty, property, path)
	}
	text, err := vartext.Marshal(value)
	if err != nil {
		return err
	}
	obj := fmt.Sprintf("instance_from_id(%d)", o.ID)
	v, err := s.evaluate(ctx, fmt.Sprintf("[%s in %s, %s.set_indexed(NodePath(%s), str_to_var(%s))]", quote(baseProperty(property)), obj, obj, quote(property), quote(string(text))), false)
	if r, ok := v.([]any); err == nil && ok && len(r) == 2 && r[0] == true {
		return nil
	}
	if err == nil {
		err = fmt.Errorf("%w: %s of %s", ErrNoProperty, property, path)
	}
	return s.orFreed(ctx, o.ID, path, err)
}

// baseProperty is the property a sub-property path ("position:x") is in.
func baseProperty(p string) string {
	base, _, _ := strings.Cut(p, ":")
	return base
}

// quote returns s as a String literal that Expression reads back as s.
func quote(s string) string {
	b, _ := vartext.Marshal(s) // a string always has a text form
	return string(b)
}

// WaitProperty gets the property of the node at path until match accepts
// its value, and returns that value; the context bounds the wait.
func (s *Session) WaitProperty(ctx context.Context, path, property string, match func(any) bool) (any, error) {
	var last any // the last value read: a Get the deadline cut short has none
	for {
		v, matched, err := s.getMatch(ctx, path, property, match)
		if matched {
			return v, nil
		}
		if err == nil {
			last = v
		}
		if err != nil && ctx.Err() == nil && !errors.Is(err, ErrNoNode) && !errors.Is(err, ErrNoProperty) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return last, fmt.Errorf("debugger: %s of %s: %w (last %s, %v)%s", property, path, ctx.Err(), shown(last), err, s.pausedNote())
		case <-time.After(pollEvery):
		}
	}
}

// getMatch gets the property for WaitProperty, in a turn of its own, and
// says whether match accepts it: then the value is recorded, as a Get's.
func (s *Session) getMatch(ctx context.Context, path, property string, match func(any) bool) (any, bool, error) {
	if err := s.turn(ctx); err != nil {
		return nil, false, err
	}
	defer s.endTurn()
	v, err := s.get(ctx, path, property)
	if err != nil || !match(v) {
		return v, false, err
	}
	s.noteGet(path, property, v)
	return v, true, nil
}

// Call calls the method of the node at path with args (Go values in
// gdvar's generic form) and returns what it returned: nil for a void
// method, an Object as its [gdvar.ObjectID]. It needs Godot 4. Where the
// game has the input helper (see InstallInput) and is not stopped at a
// script frame, the helper calls it, with args as they are, without
// stopping the game, paused tree or not; else the Session evaluates the
// call in a script frame (see Evaluate), args passed as their text form.
// A missing node is [ErrNoNode], a missing method [ErrNoMethod], and a call
// the engine refused (wrong arguments) or that raised an error (a script
// error) [ErrCallFailed] with the game's error; the game reports the error
// in Errors too, where through the helper its stack names the helper's
// _call, not a line the game happened to run. Called in a script frame
// of a game the caller stopped, errors come after Call returns, and only
// a refused call is ErrCallFailed.
func (s *Session) Call(ctx context.Context, path, method string, args ...any) (any, error) {
	if s.Engine() == gdvar.Godot3 {
		return nil, fmt.Errorf("%w: Call needs evaluate (Godot 4.4+)", ErrUnsupported)
	}
	if args == nil {
		args = []any{}
	}
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	s.act()
	var v any
	var err error
	if s.useHelper() {
		v, err = s.callByHelper(ctx, path, method, args)
	} else {
		v, err = s.callInFrame(ctx, path, method, args)
	}
	if err == nil && s.recording() {
		texts := make([]string, len(args))
		for i, a := range args {
			texts[i] = s.recordText(a)
		}
		s.note(ReplayStep{Op: OpCall, Path: path, Method: method, Args: texts, Value: readText(v)})
	}
	return v, err
}

// callByHelper is Call through the helper's message capture.
func (s *Session) callByHelper(ctx context.Context, path, method string, args []any) (any, error) {
	s.mu.Lock()
	before := s.errCount
	s.mu.Unlock()
	r, err := s.helperRequest(ctx, "gdvar:call", []any{path, method, args}, "gdvar:called")
	if err != nil {
		return nil, err
	}
	if len(r) == 2 && r[0] == false {
		switch r[1] {
		case "no node":
			return nil, fmt.Errorf("%w: %s", ErrNoNode, path)
		case "no method":
			return nil, fmt.Errorf("%w: %s of %s", ErrNoMethod, method, path)
		}
	}
	return s.helperResult(ctx, r, before, ErrCallFailed, method+" of "+path, "_call")
}

// callInFrame is Call by evaluating it in a script frame.
func (s *Session) callInFrame(ctx context.Context, path, method string, args []any) (any, error) {
	text, err := vartext.Marshal(args)
	if err != nil {
		return nil, err
	}
	var result any
	called := false
	s.mu.Lock()
	before, paused := s.errCount, s.stopped
	s.mu.Unlock()
	err = s.inFrame(ctx, func() error {
		id, err := s.eval(ctx, fmt.Sprintf("Engine.get_main_loop().root.get_node_or_null(NodePath(%s))", quote(path)))
		if err != nil {
			return err
		}
		if _, ok := id.(gdvar.ObjectID); !ok {
			return fmt.Errorf("%w: %s", ErrNoNode, path)
		}
		obj := fmt.Sprintf("instance_from_id(%d)", id)
		r, err := s.eval(ctx, fmt.Sprintf("[%s.has_method(%s), %s.callv(%s, str_to_var(%s))]", obj, quote(method), obj, quote(method), quote(string(text))))
		if err != nil {
			return err
		}
		if r, ok := r.([]any); ok && len(r) == 2 && r[0] == true {
			result, called = r[1], true
			return nil
		}
		has, err := s.eval(ctx, fmt.Sprintf("%s.has_method(%s)", obj, quote(method)))
		switch {
		case err != nil:
			return err
		case has == false:
			return fmt.Errorf("%w: %s of %s", ErrNoMethod, method, path)
		}
		return fmt.Errorf("%w: %s of %s", ErrCallFailed, method, path)
	})
	if err != nil || !called || paused {
		return result, err
	}
	// The game was frozen from the call to the continue, whose debug_exit
	// comes after the errors the call raised: any error is the call's.
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.errs.last(s.errCount - before); ok {
		return result, fmt.Errorf("%w: %s of %s: %s", ErrCallFailed, method, path, cutText(e.Text()))
	}
	return result, nil
}

// Evaluate evaluates an Expression (Godot's Expression class: no
// assignment, no $Node, no &"" or ^"" literals) in the game and returns its
// value. Where the game is stopped at a script frame, it runs in frame 0,
// where its locals and self are inputs, and a failed one is nil, with an
// error from the game after it. Else, where the game has the input helper
// (see InstallInput), the helper evaluates it, without stopping the game,
// paused tree or not, with the current scene as self, and a failed one is
// [ErrEvalFailed] with why; else the Session stops the game (break), steps
// until a GDScript line runs, evaluates there and continues. Autoloads,
// the engine's singletons and global classes are inputs by name
// everywhere. Godot 4 only.
func (s *Session) Evaluate(ctx context.Context, expr string) (any, error) {
	if s.Engine() == gdvar.Godot3 {
		return nil, fmt.Errorf("%w: evaluate is Godot 4.4+", ErrUnsupported)
	}
	if err := s.turn(ctx); err != nil {
		return nil, err
	}
	defer s.endTurn()
	s.act()
	v, err := s.evaluate(ctx, expr, true)
	if err == nil && s.recording() {
		s.note(ReplayStep{Op: OpEvaluate, Expression: expr, Value: readText(v)})
	}
	return v, err
}

// evaluate is Evaluate in the caller's turn; checked, through the helper,
// it fails with an error the expression raised (see helperResult).
func (s *Session) evaluate(ctx context.Context, expr string, checked bool) (any, error) {
	if s.useHelper() {
		s.mu.Lock()
		before := s.errCount
		s.mu.Unlock()
		r, err := s.helperRequest(ctx, "gdvar:eval", []any{expr}, "gdvar:evaluated")
		if err != nil {
			return nil, err
		}
		if !checked && len(r) == 2 && r[0] == true {
			return r[1], nil
		}
		return s.helperResult(ctx, r, before, ErrEvalFailed, cutText(expr), "_eval")
	}
	var v any
	err := s.inFrame(ctx, func() (err error) {
		v, err = s.eval(ctx, expr)
		return err
	})
	return v, err
}

// useHelper says whether a call or an evaluation goes through the helper:
// the game has one that runs them, and is not stopped at a script frame,
// whose locals and self the caller may mean.
func (s *Session) useHelper() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.helperVersion >= helperCalls && !(s.stopped && s.lastBreak.HasStack && !s.own)
}

// eval evaluates expr in frame 0 of a stopped game. The game's reply
// names the expression: the one sent ends in a tag of its own, so that a
// late reply to an earlier evaluate of the same expression is not this
// one's.
func (s *Session) eval(ctx context.Context, expr string) (any, error) {
	s.mu.Lock()
	s.evals++
	sent := expr + evalTag(s.evals)
	s.mu.Unlock()
	m, err := s.request(ctx, "evaluate", []any{sent, int64(0)}, func(m Message) bool {
		return m.Name == "debug_exit" || m.Name == "evaluation_return" && len(m.Data) > 0 && m.Data[0] == sent
	}, ignoredLate)
	if err != nil {
		return nil, err
	}
	if m.Name == "debug_exit" {
		return nil, errLeftLoop
	}
	_, v, err := parseEvaluation(m)
	return v, err
}

// inFrame runs fn while the game is stopped at a script frame: at once if
// it is, else between stopping it there and continuing it. A frame with
// no instance makes the game leave the loop at the first evaluate; then
// it tries again, three times at most.
func (s *Session) inFrame(ctx context.Context, fn func() error) error {
	s.mu.Lock()
	stopped, b := s.stopped, s.lastBreak
	s.mu.Unlock()
	if stopped && b.HasStack && !s.isOwn() {
		return fn()
	}
	s.setOwn(true)
	defer s.setOwn(false)
	var err error
	for range 3 {
		if err = s.stopAtLine(ctx); err != nil {
			return err
		}
		err = fn()
		if !errors.Is(err, errLeftLoop) {
			if stopped { // the caller's pause: stay stopped
				return err
			}
			return errors.Join(err, s.resume(ctx))
		}
	}
	return err
}

func (s *Session) isOwn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.own
}

func (s *Session) setOwn(on bool) {
	s.mu.Lock()
	s.own = on
	s.mu.Unlock()
}

// stopAtLine stops the game (break, unless paused already) and steps until
// it stops at a GDScript line. The debug loop a break enters reads a step
// sent with it at once, so the two go together: one round trip, not two.
// The line is where the game stops after it left that loop (debug_exit):
// a break the game reads while running a script (it polls every 2048
// lines) stops it with a stack at once, and the step sent with it makes it
// leave that loop and stop again; taking the first stop for the line would
// leave the game stopped in the second, and the next break would come to
// a game already stopped ("Got break when already broke!"). If no line
// runs within the request timeout the game carries on, the step taken
// back (takeBackStep).
func (s *Session) stopAtLine(ctx context.Context) error {
	s.mu.Lock()
	stopped, b, exits := s.stopped, s.lastBreak, s.exits
	s.mu.Unlock()
	if stopped && b.HasStack {
		return nil
	}
	atLine := s.expect(func(m Message) bool {
		if m.Name != "debug_enter" || s.exits == exits { // s.mu is held
			return false
		}
		b, err := ParseBreak(m)
		return err == nil && b.HasStack
	}, ignoredLate)
	var err error
	if !stopped {
		err = s.send(ctx, s.cmd("break"), nil)
	}
	if err == nil {
		err = s.send(ctx, "step", nil)
	}
	if err != nil {
		s.drop(atLine)
		return s.sendError(err)
	}
	if _, err := s.wait(ctx, atLine); err != nil {
		s.mu.Lock()
		stopped, answered := s.stopped, s.exits != exits
		s.mu.Unlock()
		if stopped {
			go s.send(context.Background(), "continue", nil) // the session may be gone
		} else if s.Err() == nil {
			s.takeBackStep(answered)
		}
		if ctx.Err() != nil || s.Err() != nil {
			return err
		}
		return fmt.Errorf("%w: %w (a paused scene tree, or a game that runs no GDScript each frame, gives none; the input helper runs calls without one)", ErrNoScriptFrame, err)
	}
	return nil
}

// stepTakeBack bounds the wait for a game to stop and go on again, to
// take back a step that found no line: one idle frame, as a rule.
const stepTakeBack = 5 * time.Second

// takeBackStep takes back a step stopAtLine gave up on, which the game
// keeps until a line runs: a later stop at a breakpoint would be taken
// for it. A break stops the game in its idle frame, and the continue sent
// with it clears the step there (the engine's continue leaves no lines to
// run). A step that lands first has ended; the game then leaves that stop
// at the break, and ignores the continue. The messages keep their order:
// a game that has not read the step yet reads them after it. The wait
// for the game to go on, which keeps its stop out of the next request's
// way, is for a game that answered the step: one that did not is not
// waited for again.
func (s *Session) takeBackStep(answered bool) {
	ctx, cancel := context.WithTimeout(context.Background(), stepTakeBack)
	defer cancel()
	wentOn := s.expect(named("debug_exit"), ignoredLate)
	err := s.send(ctx, s.cmd("break"), nil)
	if err == nil {
		err = s.send(ctx, "continue", nil)
	}
	if err == nil && answered {
		_, _ = s.wait(ctx, wentOn) // past it, the next request finds it stopped, or not
		return
	}
	s.drop(wentOn)
}

// resume continues a stopped game and waits until it has left its debug
// loop.
func (s *Session) resume(ctx context.Context) error {
	s.mu.Lock()
	stopped := s.stopped
	s.mu.Unlock()
	if !stopped {
		return nil
	}
	_, err := s.request(ctx, s.cmd("continue"), nil, named("debug_exit"), ignoredLate)
	if errors.Is(err, ErrClosed) {
		return nil // it went on, to quit: its last messages are lost
	}
	return err
}

// evalTag returns n as 33 blanks, spaces and tabs, to end an expression
// with: Expression skips them, and the game echoes the expression as it
// was sent in its reply.
func evalTag(n uint32) string {
	b := make([]byte, 33)
	b[0] = ' '
	for i := range 32 {
		b[1+i] = " \t"[n>>i&1]
	}
	return string(b)
}
