package game

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/vartext"
)

// debugCmd is one of gdvar debug's commands: its arguments (at least min,
// at most max, or any if max < 0; with rest, the last is the rest of the
// line), and run, which reads them and does the command's action.
type debugCmd struct {
	usage    string
	min, max int
	rest     bool
	run      func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error
}

var debugCommands = map[string]debugCmd{
	"tree": {treeUsage, 0, 4, false, debugTree},
	"props": {"props PATH", 1, 1, false, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
		return withPath(args, func(path string) error { return showProperties(ctx, s, path, out) })
	}},
	"wait": {"wait PATH [TIMEOUT]", 1, 2, false, func(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
		timeout, err := optionalTimeout(args[1:])
		if err != nil {
			return err
		}
		return withPath(args, func(path string) error { return waitNode(ctx, s, path, timeout) })
	}},
	"until": {"until PATH PROPERTY VALUE [TIMEOUT]", 3, 4, false, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
		timeout, err := optionalTimeout(args[3:])
		if err != nil {
			return err
		}
		return withPath(args, func(path string) error { return waitValue(ctx, s, path, args[1], args[2], timeout, out) })
	}},
	"get": {"get PATH PROPERTY", 2, 2, false, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
		return withPath(args, func(path string) error { return showProperty(ctx, s, path, args[1], out) })
	}},
	"set": {"set PATH PROPERTY VALUE", 3, -1, true, func(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
		return withPath(args, func(path string) error { return setProperty(ctx, s, path, args[1], args[2]) })
	}},
	"call": {"call PATH METHOD [ARG …]", 2, -1, false, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
		return withPath(args, func(path string) error { return showCall(ctx, s, path, args[1], args[2:], out) })
	}},
	"output": {"output", 0, 0, false, func(_ context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
		return showOutput(s, out)
	}},
	"errors": {"errors", 0, 0, false, func(_ context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
		return showErrors(s, out)
	}},
	"break": {"break FILE:LINE", 1, 1, false, debugBreakpoint(true)},
	"clear": {"clear FILE:LINE", 1, 1, false, debugBreakpoint(false)},
	"pause": {"pause", 0, 0, false, func(ctx context.Context, s *debugger.Session, _ []string, _ *bufio.Writer) error {
		return pause(ctx, s)
	}},
	"continue": {"continue", 0, 0, false, func(ctx context.Context, s *debugger.Session, _ []string, _ *bufio.Writer) error {
		return s.Resume(ctx)
	}},
	"step": {"step", 0, 0, false, debugStep((*debugger.Session).Step)},
	"next": {"next", 0, 0, false, debugStep((*debugger.Session).Next)},
	"out":  {"out", 0, 0, false, debugStep((*debugger.Session).Out)},
	"suspend": {"suspend [on|off]", 0, 1, false, func(_ context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
		on, err := word(onOff, cmp.Or(strings.Join(args, ""), "on"), "on or off")
		if err != nil {
			return err
		}
		return s.Suspend(on)
	}},
	"paused": {"paused [true|false]", 0, 1, false, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
		return showPaused(ctx, s, strings.Join(args, ""), out)
	}},
	"advance": {"advance [N]", 0, 1, false, debugAdvance},
	"speed":   {"speed X|max", 1, 1, false, debugSpeed},
	"frame":   {"frame", 0, 0, false, noArgs(showFrame)},
	"stack":   {"stack", 0, 0, false, noArgs(showStack)},
	"vars":    {"vars [FRAME]", 0, 1, false, debugVars},
	"eval": {"eval EXPRESSION", 1, -1, true, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
		return showEval(ctx, s, args[0], out)
	}},
	"monitors": {"monitors", 0, 0, false, noArgs(showMonitors)},
	"key":      {"key NAME [down|up]", 1, 2, false, debugKey},
	"move":     {"move X Y", 2, 2, false, debugMove},
	"click":    {"click X Y [left|right|middle] [down|up]", 2, 4, false, debugClick},
	"wheel":    {"wheel X Y up|down|left|right [FACTOR]", 3, 4, false, debugWheel},
	"action":   {"action NAME [STRENGTH] [down|up]", 1, 3, false, debugAction},
	"text":     {"text TEXT", 1, -1, true, debugText},
	"shot":     debugShot,
}

// noArgs is the run of a command without arguments whose action is
// action.
func noArgs(action func(context.Context, *debugger.Session, *bufio.Writer) error) func(context.Context, *debugger.Session, []string, *bufio.Writer) error {
	return func(ctx context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
		return action(ctx, s, out)
	}
}

// onOff is the words of suspend.
var onOff = map[string]bool{"on": true, "off": false}

// treeUsage is the tree command's usage.
const treeUsage = "tree [-helper] [PATH [DEPTH [FILTER]]]"

// debugTree is the tree command: -helper shows the input helper's node
// gdvar added.
func debugTree(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	view := wholeTree
	if len(args) > 0 && args[0] == "-helper" {
		view.helper, args = true, args[1:]
	}
	if len(args) > 3 {
		return fmt.Errorf("usage: %s", treeUsage)
	}
	if len(args) > 0 {
		p, err := unquote(args[0])
		if err != nil {
			return err
		}
		view.path = p
	}
	if len(args) > 1 {
		d, err := strconv.Atoi(args[1])
		if err != nil || d < 0 {
			return fmt.Errorf("depth %s: want 0 or more", shown(args[1]))
		}
		view.depth = d
	}
	if len(args) > 2 {
		view.filter = args[2]
	}
	return showTree(ctx, s, view, out)
}

// optionalTimeout reads a wait's optional TIMEOUT: 0 if there is none.
func optionalTimeout(args []string) (time.Duration, error) {
	if len(args) == 0 {
		return 0, nil
	}
	return waitTimeout(args[0])
}

// withPath runs action with the PATH of a command's first argument.
func withPath(args []string, action func(path string) error) error {
	path, err := unquote(args[0])
	if err != nil {
		return err
	}
	return action(path)
}

func debugBreakpoint(on bool) func(context.Context, *debugger.Session, []string, *bufio.Writer) error {
	return func(_ context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
		i := strings.LastIndexByte(args[0], ':')
		line, err := strconv.Atoi(args[0][i+1:])
		if i < 0 || err != nil || line < 1 {
			return errors.New("want FILE:LINE, such as res://main.gd:12")
		}
		return setBreakpoint(s, args[0][:i], line, on)
	}
}

// debugStep is the run of a stepping command.
func debugStep(step stepper) func(context.Context, *debugger.Session, []string, *bufio.Writer) error {
	return func(ctx context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
		return showStep(ctx, s, step, out)
	}
}

func debugVars(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	frame := 0
	if len(args) > 0 {
		var err error
		if frame, err = strconv.Atoi(args[0]); err != nil {
			return err
		}
	}
	return showVars(ctx, s, frame, out)
}

// unquote returns a PATH argument: as it is, or the String a double-quoted
// one holds.
func unquote(arg string) (string, error) {
	if !strings.HasPrefix(arg, `"`) {
		return arg, nil
	}
	var s string
	err := vartext.Unmarshal([]byte(arg), &s)
	return s, err
}

// splitCommands splits a script at the semicolons outside quotes and
// brackets.
func splitCommands(script string) []string {
	var cmds []string
	start := 0
	scanCommand(script, func(i int, c byte, depth int, quoted bool) {
		if c == ';' && depth == 0 && !quoted {
			cmds = append(cmds, script[start:i])
			start = i + 1
		}
	})
	cmds = append(cmds, script[start:])
	var nonEmpty []string
	for _, c := range cmds {
		if strings.TrimSpace(c) != "" {
			nonEmpty = append(nonEmpty, c)
		}
	}
	return nonEmpty
}

// splitWords splits a command at the spaces outside quotes and brackets.
func splitWords(line string) ([]string, error) {
	var words []string
	start := -1
	depth, quoted := scanCommand(line, func(i int, c byte, depth int, quoted bool) {
		space := isSpace(c)
		switch {
		case space && depth == 0 && !quoted && start >= 0:
			words = append(words, line[start:i])
			start = -1
		case !space && start < 0:
			start = i
		}
	})
	if depth != 0 || quoted {
		return nil, errors.New("unclosed bracket or quote")
	}
	if start >= 0 {
		words = append(words, line[start:])
	}
	return words, nil
}

// restOfLine returns line after its first n words, trimmed.
func restOfLine(line string, n int) string {
	rest := strings.TrimLeft(line, " \t\r\n")
	seen := 0
	scanCommand(rest, func(i int, c byte, depth int, quoted bool) {
		if seen < n && isSpace(c) && depth == 0 && !quoted && i > 0 && !isSpace(rest[i-1]) {
			seen++
			if seen == n {
				line = rest[i:]
			}
		}
	})
	return strings.TrimSpace(line)
}

// scanCommand calls f for each byte of s outside a quote's escapes, with the
// bracket depth and whether it is inside double quotes, and returns the
// depth and quoting at the end.
func scanCommand(s string, f func(i int, c byte, depth int, quoted bool)) (int, bool) {
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		f(i, c, depth, quoted)
		switch {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '[' || c == '{' || c == '(':
			depth++
		case (c == ']' || c == '}' || c == ')') && depth > 0:
			depth--
		}
	}
	return depth, quoted
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
