package game

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/vartext"
)

// The actions of gdvar debug's commands and gdvar mcp's tools, typed: a
// command calls one with the arguments it read from its words, a tool with
// those of its input. Each prints its result, if any, to out; values go in
// and come out in Godot's text form.

// commandTimeout bounds an action but waitNode's, which waits 10 s at most.
const commandTimeout = time.Minute

// waitLimit is how long waitNode waits for a node.
const waitLimit = 10 * time.Second

// runAction runs an action on the game within commandTimeout, its output
// buffered to out.
func runAction(ctx context.Context, out io.Writer, action func(ctx context.Context, out *bufio.Writer) error) error {
	ctx, cancel := context.WithTimeout(ctx, commandTimeout)
	defer cancel()
	w := bufio.NewWriter(out)
	err := action(ctx, w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// treeView is what a tree command shows: the subtree at path ("" for
// /root), depth levels below it (all if depth < 0), and of those the
// nodes whose name or class matches filter, a glob pattern with * and ?
// ignoring letter case ("" for all); with helper, the input helper's node
// gdvar added too.
type treeView struct {
	path   string
	depth  int
	filter string
	helper bool
}

// wholeTree is the view of every node.
var wholeTree = treeView{depth: -1}

// showTree prints the nodes of a tree view, a line each: its absolute
// path and get_class().
func showTree(ctx context.Context, s *debugger.Session, view treeView, out *bufio.Writer) error {
	if _, err := filepath.Match(view.filter, ""); err != nil {
		return fmt.Errorf("filter %s: %w", shown(view.filter), err)
	}
	root, err := s.Tree(ctx, debugger.ShowHelper(view.helper))
	if err == nil {
		err = s.Classes(ctx, root)
	}
	if err != nil {
		return err
	}
	top := root
	if view.path != "" {
		if top = root.Find(view.path); top == nil {
			return fmt.Errorf("%w: %s", debugger.ErrNoNode, view.path)
		}
	}
	filter := strings.ToLower(view.filter)
	var line []byte // one buffer for every line: a deep tree's paths together are the square of its depth
	for _, n := range top.Within(view.depth) {
		if filter != "" && !globMatch(filter, n.Name) && !globMatch(filter, n.Class) {
			continue
		}
		line = append(append(n.AppendPath(line[:0]), ' '), n.Class...)
		out.Write(append(line, '\n'))
	}
	return nil
}

// globMatch says whether name matches a lower-case glob pattern, ignoring
// letter case.
func globMatch(pattern, name string) bool {
	ok, _ := filepath.Match(pattern, strings.ToLower(name))
	return ok
}

// showProperties prints the properties of the node at path as the
// remote inspector lists them, a line each: name, type, value.
func showProperties(ctx context.Context, s *debugger.Session, path string, out *bufio.Writer) error {
	n, err := s.NodeByPath(ctx, path)
	if err != nil {
		return err
	}
	o, err := s.Inspect(ctx, n.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s %s\n", path, o.Class)
	for _, p := range o.Properties {
		if p.Heading() {
			continue
		}
		typ := "Variant"
		if t, ok := p.VariantType(s.Engine()); ok && t != gdvar.TypeNil {
			typ = t.String()
		}
		text, err := vartext.Marshal(p.Value)
		if err != nil {
			text = []byte(err.Error())
		}
		fmt.Fprintf(out, "%s %s = %s\n", p.Name, typ, text)
	}
	return nil
}

// waitNode waits until the node at path exists, timeout at most
// (waitLimit if 0).
func waitNode(ctx context.Context, s *debugger.Session, path string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(timeout, waitLimit))
	defer cancel()
	_, err := s.WaitNode(ctx, path)
	return err
}

// waitValue waits until a node's property has the value whose text is
// value (compared in Godot's text form), timeout at most (waitLimit if
// 0), and prints it.
func waitValue(ctx context.Context, s *debugger.Session, path, property, value string, timeout time.Duration, out *bufio.Writer) error {
	var want any
	if err := vartext.Unmarshal([]byte(value), &want); err != nil {
		return fmt.Errorf("value %s: %w", shown(value), err)
	}
	wantText, err := vartext.Marshal(want)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(timeout, waitLimit))
	defer cancel()
	v, err := s.WaitProperty(ctx, path, property, func(v any) bool {
		text, err := vartext.Marshal(v)
		return err == nil && bytes.Equal(text, wantText)
	})
	if err != nil {
		return err
	}
	return printValue(out, v)
}

// maxWait bounds the timeout a wait is given, within an action's own
// bound.
const maxWait = commandTimeout - 5*time.Second

// waitTimeout reads a wait's timeout: a duration such as 30s, up to
// maxWait.
func waitTimeout(text string) (time.Duration, error) {
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 || d > maxWait {
		return 0, fmt.Errorf("timeout %s: want a duration up to %v, such as 30s", shown(text), maxWait)
	}
	return d, nil
}

// showPaused prints whether the game's scene tree is paused, having
// paused or unpaused it if set is "true" or "false".
func showPaused(ctx context.Context, s *debugger.Session, set string, out *bufio.Writer) error {
	switch set {
	case "":
	case "true", "false":
		if err := s.SetTreePaused(ctx, set == "true"); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%s: want true or false", shown(set))
	}
	paused, err := s.TreePaused(ctx)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, paused)
	return err
}

// sessionEnded is the error of an action on a game whose session ended, after
// it printed what the session kept: nil while it runs.
func sessionEnded(s *debugger.Session) error {
	if err := s.Err(); err != nil {
		return fmt.Errorf("the game's session ended: %w", err)
	}
	return nil
}

// showProperty prints a node's property.
func showProperty(ctx context.Context, s *debugger.Session, path, property string, out *bufio.Writer) error {
	v, err := s.Get(ctx, path, property)
	if err != nil {
		return err
	}
	return printValue(out, v)
}

// setProperty sets a node's property to the value value's text is.
func setProperty(ctx context.Context, s *debugger.Session, path, property, value string) error {
	var v any
	if err := vartext.Unmarshal([]byte(value), &v); err != nil {
		return err
	}
	return s.Set(ctx, path, property, v)
}

// showCall calls a node's method with the values args' texts are, and
// prints what it returns.
func showCall(ctx context.Context, s *debugger.Session, path, method string, args []string, out *bufio.Writer) error {
	values := make([]any, 0, len(args))
	for _, a := range args {
		var v any
		if err := vartext.Unmarshal([]byte(a), &v); err != nil {
			return fmt.Errorf("argument %s: %w", shown(a), err)
		}
		values = append(values, v)
	}
	v, err := s.Call(ctx, path, method, values...)
	if err != nil {
		return err
	}
	return printValue(out, v)
}

// showOutput prints every line the game printed so far.
func showOutput(s *debugger.Session, out *bufio.Writer) error {
	lines, dropped := s.Output()
	if dropped > 0 {
		fmt.Fprintf(out, "[%d earlier lines dropped]\n", dropped)
	}
	for _, l := range lines {
		fmt.Fprintln(out, l.Plain())
	}
	if len(lines) == 0 && dropped == 0 {
		out.WriteString("no output\n")
	}
	return sessionEnded(s)
}

// showErrors prints the game's errors and warnings so far, a line each.
func showErrors(s *debugger.Session, out *bufio.Writer) error {
	errs, dropped := s.Errors()
	if dropped > 0 {
		fmt.Fprintf(out, "[%d earlier errors dropped]\n", dropped)
	}
	for _, e := range errs {
		fmt.Fprintln(out, e)
	}
	if len(errs) == 0 && dropped == 0 {
		out.WriteString("no errors\n")
	}
	return sessionEnded(s)
}

// setBreakpoint sets (on) or clears a breakpoint at a script's line.
func setBreakpoint(s *debugger.Session, file string, line int, on bool) error {
	if line < 1 {
		return fmt.Errorf("line %d: want 1 or more", line)
	}
	return s.SetBreakpoint(file, line, on)
}

// pause stops the game in its debugger.
func pause(ctx context.Context, s *debugger.Session) error {
	_, err := s.Pause(ctx)
	return err
}

// stepper is a Session's stepping method: Step, Next or Out.
type stepper func(*debugger.Session, context.Context) (debugger.Break, error)

// showStep steps and prints where the game stopped.
func showStep(ctx context.Context, s *debugger.Session, step stepper, out *bufio.Writer) error {
	if _, err := step(s, ctx); err != nil {
		return err
	}
	stack, err := s.Stack(ctx)
	if err == nil && len(stack) > 0 {
		fmt.Fprintln(out, stack[0])
	}
	return err
}

// showStack prints the stopped game's stack, innermost first.
func showStack(ctx context.Context, s *debugger.Session, out *bufio.Writer) error {
	stack, err := s.Stack(ctx)
	for i, f := range stack {
		fmt.Fprintf(out, "%d %s\n", i, f)
	}
	return err
}

// showVars prints a stack frame's variables.
func showVars(ctx context.Context, s *debugger.Session, frame int, out *bufio.Writer) error {
	vars, err := s.Vars(ctx, frame)
	for _, v := range vars {
		text, terr := vartext.Marshal(v.Value)
		if terr != nil {
			text = []byte(terr.Error())
		}
		fmt.Fprintf(out, "%s %s = %s\n", [...]string{"local", "member", "global"}[min(max(int(v.Kind), 0), 2)], v.Name, text)
	}
	return err
}

// showEval evaluates an Expression in the game and prints its value.
func showEval(ctx context.Context, s *debugger.Session, expression string, out *bufio.Writer) error {
	v, err := s.Evaluate(ctx, expression)
	if err != nil {
		return err
	}
	return printValue(out, v)
}

// showMonitors prints the performance monitors, a line each, by name.
func showMonitors(ctx context.Context, s *debugger.Session, out *bufio.Writer) error {
	mon, err := s.Monitors(ctx)
	for _, name := range slices.Sorted(maps.Keys(mon)) {
		fmt.Fprintln(out, name, strconv.FormatFloat(mon[name], 'g', -1, 64))
	}
	return err
}

// printValue prints v as var_to_str does, and a newline.
func printValue(out *bufio.Writer, v any) error {
	text, err := vartext.Marshal(v)
	if err != nil {
		return err
	}
	out.Write(text)
	return out.WriteByte('\n')
}
