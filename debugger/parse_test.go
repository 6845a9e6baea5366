package debugger

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tree is rebuilt from its flat 6-tuples (Godot 4) or 4-tuples
// (Godot 3), with paths; a list that ends inside a node is an error.
func TestParseTree(t *testing.T) {
	four := Message{"scene:scene_tree", 1, []any{
		int64(2), "root", "Window", int64(1), "", int64(0),
		int64(0), "Glob", "res://glob.gd", int64(2), "", int64(0),
		int64(1), "Main", "res://main.gd", int64(3), "res://main.tscn", int64(14),
		int64(0), "Label", "Label", int64(4), "", int64(14),
	}}
	root, err := ParseTree(four)
	require.NoError(t, err)
	var paths []string
	for n := range root.All() {
		paths = append(paths, n.Path())
	}
	assert.Equal(t, []string{"/root", "/root/Glob", "/root/Main", "/root/Main/Label"}, paths)
	assert.Equal(t, int64(4), root.Find("/root/Main/Label").ID)
	assert.Equal(t, "res://main.tscn", root.Find("/root/Main").SceneFile)

	three := Message{"message:scene_tree", 0, []any{int64(1), "root", "Viewport", int64(1), int64(0), "Main", "Node2D", int64(2)}}
	root, err = ParseTree(three)
	require.NoError(t, err)
	assert.Equal(t, "Node2D", root.Find("/root/Main").Class)

	for _, bad := range [][]any{
		{},
		{int64(2), "root", "Window", int64(1), "", int64(0)},
		{int64(0), "root", "Window", int64(1), "", int64(0), int64(0), "x", "Node", int64(2), "", int64(0)},
		{int64(-1), "root", "Window", int64(1), "", int64(0)},
		{"2", "root", "Window", int64(1), "", int64(0)},
	} {
		_, err := ParseTree(Message{"scene:scene_tree", 1, bad})
		assert.ErrorIs(t, err, ErrMalformed, "%v", bad)
	}
}

// Errors read in both layouts: Godot 3 puts func before file.
func TestParseError(t *testing.T) {
	four := Message{"error", 1, []any{int64(0), int64(0), int64(1), int64(104), "core/variant/variant_utility.cpp", "push_error", int64(1024), "an error", "", false, int64(3), "res://main.gd", "_ready", int64(11)}}
	e, err := ParseError(four)
	require.NoError(t, err)
	assert.Equal(t, Error{Uptime: 1104 * time.Millisecond, Source: Frame{"core/variant/variant_utility.cpp", 1024, "push_error"}, Message: "an error",
		Stack: []Frame{{"res://main.gd", 11, "_ready"}}}, e)
	assert.Equal(t, "ERROR: an error at: _ready (res://main.gd:11)", e.String())

	three := Message{"error", 0, []any{
		[]any{int64(0), int64(0), int64(0), int64(51), "call", "modules/gdscript/gdscript_functions.cpp", int64(775), "an error", "", false},
		int64(3), "res://main.gd", "_ready", int64(10)}}
	e, err = ParseError(three)
	require.NoError(t, err)
	assert.Equal(t, Frame{"modules/gdscript/gdscript_functions.cpp", 775, "call"}, e.Source)
	assert.Equal(t, []Frame{{"res://main.gd", 10, "_ready"}}, e.Stack)

	_, err = ParseError(Message{"error", 1, four.Data[:12]})
	assert.ErrorIs(t, err, ErrMalformed)
}

// Godot 4 joins lines printed one after another; each comes out alone.
// print_rich's BBCode tags are taken off by Plain.
func TestParseOutput(t *testing.T) {
	lines, err := ParseOutput(Message{"output", 1, []any{[]string{"a\nb", "[b]bold[/b] [lb]x[rb] [color=red]c[/color]"}, []int32{0, 2}}})
	require.NoError(t, err)
	assert.Equal(t, []Line{{"a", OutputLog}, {"b", OutputLog}, {"[b]bold[/b] [lb]x[rb] [color=red]c[/color]", OutputRich}}, lines)
	assert.Equal(t, "bold [x] c", lines[2].Plain())
	assert.Equal(t, "a", lines[0].Plain())
	_, err = ParseOutput(Message{"output", 1, []any{[]string{"a"}, []int32{}}})
	assert.ErrorIs(t, err, ErrMalformed)
}

// debug_enter's thread was a String before 4.5; stack_frame_var had 3
// elements in old versions.
func TestParseBreakAndVar(t *testing.T) {
	b, err := ParseBreak(Message{"debug_enter", 1, []any{true, "Breakpoint", true, int64(1)}})
	require.NoError(t, err)
	assert.Equal(t, Break{true, "Breakpoint", true, 1}, b)
	b, err = ParseBreak(Message{"debug_enter", 1, []any{false, "err", true, "Main Thread"}})
	require.NoError(t, err)
	assert.Equal(t, Break{false, "err", true, 1}, b)
	v, err := ParseVar(Message{"stack_frame_var", 1, []any{"x", int64(1), int64(2), int64(5)}})
	require.NoError(t, err)
	assert.Equal(t, Var{"x", Member, int64(5)}, v)
	v, err = ParseVar(Message{"stack_frame_var", 1, []any{"x", int64(0), "old"}})
	require.NoError(t, err)
	assert.Equal(t, Var{"x", Local, "old"}, v)
}
