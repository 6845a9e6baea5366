package project

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar/project/internal/source"
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
	// one: a bound passed ([ErrTooDeep], [ErrTooLarge]), a file that cannot
	// be read ([ErrNotRegular], fs.ErrNotExist), the script's or its base's.
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

// Error names the script and the line (none for a script that could not
// be read), the message, and Err where the message does not say it,
// each cut to a bounded length (see Shown).
func (e *ScriptError) Error() string {
	msg := e.Message
	if e.Err != nil && !strings.Contains(msg, e.Err.Error()) {
		msg += " (" + e.Err.Error() + ")"
	}
	where := Shown(e.Path)
	if e.Line > 0 {
		where += ":" + strconv.Itoa(e.Line)
	}
	if e.Unsupported {
		return where + ": not read: " + source.Clip(msg, maxMessage)
	}
	return where + ": " + source.Clip(msg, maxMessage)
}

// maxMessage is the most bytes of a message an error keeps: the engine's
// are shorter, but some quote a name of the script.
const maxMessage = 512

// SceneError is why [Project.Scene] or [Project.Tree] refuses a scene, and
// where: the scenes Tree instanced on the way to the fault, and the node
// at fault.
type SceneError struct {
	// Chain is the scene Tree was asked for, then, for each instance on
	// the way to the fault, the node that instances it and its scene:
	// scene, node, scene, …, scene.
	Chain []string
	// Node is the path of the node at fault in Chain's last scene, or "".
	Node string
	// Err is the reason: [ErrCycle], a bound ([ErrTooDeep], [ErrTooManyFiles],
	// [ErrBudget]), a scene the project lacks (fs.ErrNotExist), a
	// *[ScriptError], a scene that cannot be read.
	Err error
}

// Unwrap returns Err.
func (e *SceneError) Unwrap() error { return e.Err }

// chainHead and chainTail are how many entries of a long Chain an error
// shows at its start and at its end: its first scene and its node, the
// last scene but one, its node and the last scene; it leaves out two
// scenes or more between them.
const chainHead, chainTail = 2, 3

// maxChainName is the most bytes of a name of the Chain, or of the Node,
// an error shows (see source.Clip): the chain shows several.
const maxChainName = 48

// Error shows the chain (its first scene and its last two, when much
// longer), the node and the reason, each name cut; a scene the chain
// shows again (a cycle) is shown by its place in the chain: "scene 1
// again".
func (e *SceneError) Error() string {
	var b strings.Builder
	skip := len(e.Chain) - chainHead - chainTail // entries left out
	if skip < 4 {
		skip = 0
	}
	shown := func(i int) bool { return i < chainHead || i >= chainHead+skip }
	for i := 0; i < len(e.Chain); i++ {
		if i == chainHead && skip > 0 {
			fmt.Fprintf(&b, "… %d scenes …: ", skip/2)
			i += skip
		}
		if i%2 == 1 {
			b.WriteString("node " + source.Clip(e.Chain[i], maxChainName) + ": ")
		} else if before := slices.Index(e.Chain[:i], e.Chain[i]); before >= 0 && before%2 == 0 && shown(before) {
			fmt.Fprintf(&b, "scene %d again: ", before/2+1)
		} else {
			b.WriteString(source.Clip(e.Chain[i], maxChainName) + ": ")
		}
	}
	if e.Node != "" {
		b.WriteString("node " + source.Clip(e.Node, maxChainName) + ": ")
	}
	b.WriteString(source.Clip(e.Err.Error(), maxMessage))
	return b.String()
}

// The errors of the bounds (see Limits); the errors returned wrap them.
var (
	// ErrTooLarge: a file is larger than [Limits.MaxFileBytes].
	ErrTooLarge = errors.New("project: file too large")
	// ErrTooManyFiles: a project holds more than [Limits.MaxFiles] entries.
	ErrTooManyFiles = errors.New("project: too many files")
	// ErrTooDeep: a script nests brackets, blocks or types past
	// [Limits.MaxDepth], or a folder tree is deeper.
	ErrTooDeep = errors.New("project: nested too deep")
	// ErrNoProject: no project.godot in the folder or above it.
	ErrNoProject = errors.New("project: no project.godot")
	// ErrBudget: reading makes more of a few bytes than their budget
	// allows: @rpc arguments folded into long strings (4 bytes a byte of
	// the script, plus 64 KiB), a scene's [Project.Tree]
	// ([Limits.TreeBytesPerByte]).
	ErrBudget = errors.New("project: more made of the files than their budget")
	// ErrCycle: a scene instances itself, through others or not.
	ErrCycle = errors.New("project: a scene instances itself")
	// ErrNotRegular: a path the project reads names a folder, a named
	// pipe, a device or a socket, not a regular file.
	ErrNotRegular = errors.New("project: not a regular file")
	// ErrUnreadable: the system does not open or read a file the project
	// reads (a loop of symbolic links, a name too long, a permission):
	// the error wraps the system's too. A file that does not exist is
	// fs.ErrNotExist.
	ErrUnreadable = errors.New("project: file cannot be read")
	// ErrUnknownClass: a scene's node, or an imported scene's root, is of
	// a class that the project's version of the engine lacks (a
	// GDExtension's, a newer engine's): the engine would make a
	// placeholder in its place.
	ErrUnknownClass = errors.New("project: unknown class")
)
