package project

import (
	"errors"
	"fmt"
)

// ScriptError is a reason the engine refuses to load a script, with the
// engine's message where the reader knows it, or a reason the reader
// cannot read it (Unsupported).
type ScriptError struct {
	Path    string
	Line    int
	Message string
	// Unsupported says the script asks for more than the reader does
	// (as an @rpc argument naming a constant of another script), not
	// that the engine refuses it.
	Unsupported bool
	// Err is the cause that is not in the script's source, if there is
	// one: a bound passed (ErrTooDeep, ErrTooLarge), a file that cannot
	// be read (ErrNotRegular, fs.ErrNotExist), the script's or its base's.
	Err error
}

// Unwrap returns Err.
func (e *ScriptError) Unwrap() error { return e.Err }

// causeOf returns the Err of a script's error, or nil.
func causeOf(err error) error {
	var se *ScriptError
	if errors.As(err, &se) {
		return se.Err
	}
	return nil
}

func (e *ScriptError) Error() string {
	if e.Unsupported {
		return fmt.Sprintf("%s:%d: not read: %s", e.Path, e.Line, e.Message)
	}
	return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Message)
}

// The errors of the bounds (see Limits); the errors returned wrap them.
var (
	// ErrTooLarge: a file is larger than Limits.MaxFileBytes.
	ErrTooLarge = errors.New("project: file too large")
	// ErrTooManyFiles: a project holds more than Limits.MaxFiles entries.
	ErrTooManyFiles = errors.New("project: too many files")
	// ErrTooDeep: a script nests brackets, blocks or types past
	// Limits.MaxDepth, or a folder tree is deeper.
	ErrTooDeep = errors.New("project: nested too deep")
	// ErrNoProject: no project.godot in the folder or above it.
	ErrNoProject = errors.New("project: no project.godot")
	// ErrBudget: reading makes more of a few bytes than their budget
	// allows: @rpc arguments folded into long strings (4 bytes a byte of
	// the script, plus 64 KiB).
	ErrBudget = errors.New("project: more made of the files than their budget")
	// ErrNotRegular: a path the project reads names a folder, a named
	// pipe, a device or a socket, not a regular file.
	ErrNotRegular = errors.New("project: not a regular file")
)
