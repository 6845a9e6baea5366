package debugger

import (
	"fmt"
	"strconv"
)

// Break is a debug_enter: the game stopped in its debug loop.
type Break struct {
	CanContinue bool   // false after a script error: step is pointless
	Reason      string // "Breakpoint", "Breakpoint Statement", an error's text, or "" for a break request
	HasStack    bool   // a script frame is there to evaluate in
	Thread      int64  // the thread that stopped (1 is the main thread)
}

// ParseBreak reads debug_enter: [can_continue, reason, has_stack, thread]
// in Godot 4.5+ (before 4.5 the thread was a String, "Main Thread" for the
// main one), [can_continue, reason] in Godot 3, where the reason is
// whatever the last break said.
func ParseBreak(m Message) (Break, error) {
	b := Break{Thread: m.Thread}
	if !fields(m.Data, &b.CanContinue, &b.Reason) {
		return b, fmt.Errorf("%w: debug_enter %s", ErrMalformed, shown(m.Data))
	}
	if m.Thread == 0 { // Godot 3: the stack is there unless the break was a request
		b.HasStack = true
		return b, nil
	}
	if !fields(m.Data[2:], &b.HasStack) {
		return b, fmt.Errorf("%w: debug_enter %s", ErrMalformed, shown(m.Data))
	}
	if len(m.Data) > 3 {
		switch t := m.Data[3].(type) {
		case int64:
			b.Thread = t
		case string:
			if n, err := strconv.ParseInt(t, 10, 64); err == nil {
				b.Thread = n
			}
		}
	}
	return b, nil
}

// ParseStack reads stack_dump: [3n, (file, line, func)×n] in Godot 4, n
// Dictionaries {file, line, function} in Godot 3.
func ParseStack(m Message) ([]Frame, error) {
	var frames []Frame
	if m.Thread == 0 {
		for _, v := range m.Data {
			d, ok := v.(interface{ Get(any) (any, bool) })
			if !ok {
				return nil, fmt.Errorf("%w: Godot 3 stack frame %s", ErrMalformed, shown(v))
			}
			var f Frame
			file, _ := d.Get("file")
			line, _ := d.Get("line")
			fn, _ := d.Get("function")
			if !fields([]any{file, line, fn}, &f.File, &f.Line, &f.Func) {
				return nil, fmt.Errorf("%w: Godot 3 stack frame %s", ErrMalformed, shown(v))
			}
			frames = append(frames, f)
		}
		return frames, nil
	}
	var n int64
	if !fields(m.Data, &n) || n < 0 || n%3 != 0 || n > int64(len(m.Data)-1) {
		return nil, fmt.Errorf("%w: stack_dump %s", ErrMalformed, shown(m.Data))
	}
	for i := int64(1); i+2 <= n; i += 3 {
		var f Frame
		if !fields(m.Data[i:], &f.File, &f.Line, &f.Func) {
			return nil, fmt.Errorf("%w: stack_dump frame %s", ErrMalformed, shown(m.Data[i:i+3]))
		}
		frames = append(frames, f)
	}
	return frames, nil
}

// VarKind says where a stack variable lives.
type VarKind int

// The kinds of stack variable.
const (
	Local  VarKind = iota // the function's
	Member                // the instance's; the first is "self"
	Global                // autoloads and other script globals
)

// Var is a variable of a stack frame. An Object is its gdvar.ObjectID.
type Var struct {
	Name  string
	Kind  VarKind
	Value any
}

// ParseVar reads stack_frame_var: [name, kind, type, value] in Godot 4.6,
// [name, kind, value] in older versions.
func ParseVar(m Message) (Var, error) {
	var v Var
	var kind int64
	if !fields(m.Data, &v.Name, &kind) || len(m.Data) < 3 {
		return v, fmt.Errorf("%w: stack_frame_var %s", ErrMalformed, shown(m.Data))
	}
	v.Kind, v.Value = VarKind(kind), m.Data[len(m.Data)-1]
	if len(m.Data) > 4 {
		v.Value = m.Data[3]
	}
	return v, nil
}

// parseEvaluation reads evaluation_return: [expression, 3, type, value].
func parseEvaluation(m Message) (expr string, value any, err error) {
	if !fields(m.Data, &expr) || len(m.Data) < 4 {
		return "", nil, fmt.Errorf("%w: evaluation_return %s", ErrMalformed, shown(m.Data))
	}
	return expr, m.Data[3], nil
}
