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
	// Err is the bound passed (ErrTooDeep), if that is the reason.
	Err error
}

// Unwrap returns Err.
func (e *ScriptError) Unwrap() error { return e.Err }

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
)
