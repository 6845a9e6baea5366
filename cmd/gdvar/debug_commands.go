package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/vartext"
)

// debugCmd is one of gdvar debug's commands: its arguments (at least min,
// at most max, or any if max < 0; with rest, the last is the rest of the
// line) and what it does.
type debugCmd struct {
	usage    string
	min, max int
	rest     bool
	run      func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error
}

var debugCommands = map[string]debugCmd{
	"tree":   {"tree", 0, 0, false, debugTree},
	"wait":   {"wait PATH", 1, 1, false, debugWait},
	"get":    {"get PATH PROPERTY", 2, 2, false, debugGet},
	"set":    {"set PATH PROPERTY VALUE", 3, -1, true, debugSet},
	"call":   {"call PATH METHOD [ARG …]", 2, -1, false, debugCall},
	"output": {"output", 0, 0, false, debugOutput},
	"errors": {"errors", 0, 0, false, debugErrors},
	"break":  {"break FILE:LINE", 1, 1, false, debugBreakpoint(true)},
	"clear":  {"clear FILE:LINE", 1, 1, false, debugBreakpoint(false)},
	"pause":  {"pause", 0, 0, false, debugPause},
	"continue": {"continue", 0, 0, false, func(ctx context.Context, s *debugger.Session, _ []string, _ *bufio.Writer) error {
		return s.Resume(ctx)
	}},
	"step":     {"step", 0, 0, false, debugStep((*debugger.Session).Step)},
	"next":     {"next", 0, 0, false, debugStep((*debugger.Session).Next)},
	"out":      {"out", 0, 0, false, debugStep((*debugger.Session).Out)},
	"stack":    {"stack", 0, 0, false, debugStack},
	"vars":     {"vars [FRAME]", 0, 1, false, debugVars},
	"eval":     {"eval EXPRESSION", 1, -1, true, debugEval},
	"monitors": {"monitors", 0, 0, false, debugMonitors},
	"key":      {"key NAME [down|up]", 1, 2, false, debugKey},
	"move":     {"move X Y", 2, 2, false, debugMove},
	"click":    {"click X Y [left|right|middle] [down|up]", 2, 4, false, debugClick},
	"wheel":    {"wheel X Y up|down|left|right [FACTOR]", 3, 4, false, debugWheel},
	"action":   {"action NAME [STRENGTH] [down|up]", 1, 3, false, debugAction},
	"text":     {"text TEXT", 1, -1, true, debugText},
}

// waitLimit is how long wait waits for a node.
const waitLimit = 10 * time.Second

func debugTree(ctx context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
	root, err := s.Tree(ctx)
	if err == nil {
		err = s.Classes(ctx, root)
	}
	if err != nil {
		return err
	}
	var line []byte // one buffer for every line: a deep tree's paths together are the square of its depth
	for n := range root.All() {
		line = append(append(n.AppendPath(line[:0]), ' '), n.Class...)
		out.Write(append(line, '\n'))
	}
	return nil
}

func debugWait(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	path, err := unquote(args[0])
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, waitLimit)
	defer cancel()
	_, err = s.WaitNode(ctx, path)
	return err
}

func debugGet(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	path, err := unquote(args[0])
	if err != nil {
		return err
	}
	v, err := s.Get(ctx, path, args[1])
	if err != nil {
		return err
	}
	return printValue(out, v)
}

func debugSet(ctx context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
	path, err := unquote(args[0])
	if err != nil {
		return err
	}
	var v any
	if err := vartext.Unmarshal([]byte(args[2]), &v); err != nil {
		return err
	}
	return s.Set(ctx, path, args[1], v)
}

func debugCall(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	path, err := unquote(args[0])
	if err != nil {
		return err
	}
	values := make([]any, 0, len(args)-2)
	for _, a := range args[2:] {
		var v any
		if err := vartext.Unmarshal([]byte(a), &v); err != nil {
			return fmt.Errorf("argument %s: %w", a, err)
		}
		values = append(values, v)
	}
	v, err := s.Call(ctx, path, args[1], values...)
	if err != nil {
		return err
	}
	return printValue(out, v)
}

func debugOutput(_ context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
	lines, dropped := s.Output()
	if dropped > 0 {
		fmt.Fprintf(out, "[%d earlier lines dropped]\n", dropped)
	}
	for _, l := range lines {
		fmt.Fprintln(out, l.Plain())
	}
	return nil
}

func debugErrors(_ context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
	errs, dropped := s.Errors()
	if dropped > 0 {
		fmt.Fprintf(out, "[%d earlier errors dropped]\n", dropped)
	}
	for _, e := range errs {
		fmt.Fprintln(out, e)
	}
	return nil
}

func debugBreakpoint(on bool) func(context.Context, *debugger.Session, []string, *bufio.Writer) error {
	return func(_ context.Context, s *debugger.Session, args []string, _ *bufio.Writer) error {
		i := strings.LastIndexByte(args[0], ':')
		line, err := strconv.Atoi(args[0][i+1:])
		if i < 0 || err != nil || line < 1 {
			return errors.New("want FILE:LINE, such as res://main.gd:12")
		}
		return s.SetBreakpoint(args[0][:i], line, on)
	}
}

func debugPause(ctx context.Context, s *debugger.Session, _ []string, _ *bufio.Writer) error {
	_, err := s.Pause(ctx)
	return err
}

// debugStep runs a stepping method and prints where the game stopped.
func debugStep(step func(*debugger.Session, context.Context) (debugger.Break, error)) func(context.Context, *debugger.Session, []string, *bufio.Writer) error {
	return func(ctx context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
		if _, err := step(s, ctx); err != nil {
			return err
		}
		stack, err := s.Stack(ctx)
		if err == nil && len(stack) > 0 {
			fmt.Fprintln(out, stack[0])
		}
		return err
	}
}

func debugStack(ctx context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
	stack, err := s.Stack(ctx)
	for i, f := range stack {
		fmt.Fprintf(out, "%d %s\n", i, f)
	}
	return err
}

func debugVars(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	frame := 0
	if len(args) > 0 {
		var err error
		if frame, err = strconv.Atoi(args[0]); err != nil {
			return err
		}
	}
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

func debugEval(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	v, err := s.Evaluate(ctx, args[0])
	if err != nil {
		return err
	}
	return printValue(out, v)
}

func debugMonitors(ctx context.Context, s *debugger.Session, _ []string, out *bufio.Writer) error {
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
