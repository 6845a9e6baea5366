package debugger

import (
	"fmt"
	"time"
)

// Frame is one call in a script's stack; frame 0 is the innermost.
type Frame struct {
	File string
	Line int64
	Func string
}

func (f Frame) String() string { return fmt.Sprintf("%s (%s:%d)", f.Func, f.File, f.Line) }

// Error is an error or warning the game reported: push_error, push_warning,
// the engine's ERR_* checks, script errors, and GDScript warnings.
type Error struct {
	Uptime      time.Duration // since the game started
	Source      Frame         // where it was raised: engine source or script
	Message     string        // push_error's text, or the failed condition
	Description string        // an ERR_*_MSG macro's message
	Warning     bool
	Stack       []Frame // the script stack, innermost first
}

// Text returns the error's message as the engine prints it: the
// description if there is one, else the message.
func (e Error) Text() string {
	if e.Description != "" {
		return e.Description
	}
	return e.Message
}

// String returns one line: "ERROR: text at: func (file:line)", with the
// innermost script frame, or the engine source if there is none.
func (e Error) String() string {
	kind, at := "ERROR", e.Source
	if e.Warning {
		kind = "WARNING"
	}
	if len(e.Stack) > 0 {
		at = e.Stack[0]
	}
	return fmt.Sprintf("%s: %s at: %s", kind, e.Text(), at)
}

// ParseError reads an error message. Godot 4 sends [hr, min, sec, msec,
// file, func, line, error, description, warning, 3k, (file, func, line)×k];
// Godot 3 the same ten as one Array with func before file, then 3k, then
// the triples. Elements past those are ignored (Godot 4.7 may add some).
func ParseError(m Message) (Error, error) {
	var e Error
	head, rest := m.Data, m.Data
	var file, fn string
	if m.Thread == 0 { // Godot 3
		if len(m.Data) < 1 {
			return e, fmt.Errorf("%w: Godot 3 error of no elements", ErrMalformed)
		}
		h, _ := m.Data[0].([]any)
		head, rest = h, m.Data[1:]
	} else if len(rest) >= 10 {
		rest = rest[10:]
	}
	var hr, mn, sec, ms int64
	ok := fields(head, &hr, &mn, &sec, &ms, &file, &fn, &e.Source.Line, &e.Message, &e.Description, &e.Warning)
	if !ok {
		return e, fmt.Errorf("%w: error header %s", ErrMalformed, shown(head))
	}
	if m.Thread == 0 {
		file, fn = fn, file
	}
	e.Source.File, e.Source.Func = file, fn
	e.Uptime = time.Duration(((hr*60+mn)*60+sec)*1000+ms) * time.Millisecond
	var n int64
	if !fields(rest, &n) || n < 0 || n%3 != 0 || n > int64(len(rest)-1) {
		return e, fmt.Errorf("%w: error stack %s", ErrMalformed, shown(rest))
	}
	for i := int64(1); i+2 <= n; i += 3 {
		var f Frame
		if !fields(rest[i:], &f.File, &f.Func, &f.Line) {
			return e, fmt.Errorf("%w: error stack frame %s", ErrMalformed, shown(rest[i:i+3]))
		}
		e.Stack = append(e.Stack, f)
	}
	return e, nil
}

// maxStack is the most frames of an error's stack a session keeps:
// GDScript's deepest call stack.
const maxStack = 1024

// frameSize is what a Frame takes besides its strings.
const frameSize = 40

// keptError returns e as a session keeps it: its strings copied and cut at
// 64 KiB, its stack at maxStack frames.
func keptError(e Error) Error {
	e.Source = keptFrame(e.Source)
	e.Message, e.Description = clip(e.Message), clip(e.Description)
	stack := make([]Frame, min(len(e.Stack), maxStack))
	for i := range stack {
		stack[i] = keptFrame(e.Stack[i])
	}
	e.Stack = stack
	return e
}

func keptFrame(f Frame) Frame {
	f.File, f.Func = clip(f.File), clip(f.Func)
	return f
}

// size is the bytes e holds: its strings and its stack's frames.
func (e Error) size() int {
	n := len(e.Message) + len(e.Description) + len(e.Source.File) + len(e.Source.Func)
	for _, f := range e.Stack {
		n += frameSize + len(f.File) + len(f.Func)
	}
	return n
}
