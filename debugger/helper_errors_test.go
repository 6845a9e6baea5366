package debugger

import (
	"context"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// errorAt is an error message of a Godot 4 game raised at file:line of
// function fn (the innermost script frame), or with no script stack if
// file is "".
func errorAt(text, file, fn string, line int64) []byte {
	stack := []any{int64(0)}
	if file != "" {
		stack = []any{int64(3), file, fn, line}
	}
	return message4("error", append([]any{int64(0), int64(0), int64(1), int64(2), "scene/main/node.cpp", "get_node", int64(7), text, "", false}, stack...)...)
}

// Through the helper, an evaluation or a call fails with an error the
// helper's _eval or _call raised while it ran (the autoload's script, or
// the one InstallInput compiles), and only with that: the game's own
// errors of that time (a scene it reloads) are in Errors alone.
func TestHelperErrorsOfTheExpression(t *testing.T) {
	reload := errorAt("invalid UID: uid://x - using text path instead: res://main-environment.tres", "", "", 0)
	ownScript := errorAt("res://player.gd:12 - Invalid access", "res://player.gd", "_physics_process", 12)
	for _, c := range []struct {
		name   string
		msg    string // gdvar:eval or gdvar:call
		before [][]byte
		fails  string // the error the evaluation fails with, or ""
	}{
		{"none", "gdvar:eval", nil, ""},
		{"the game reloads its scene", "gdvar:eval", [][]byte{reload, ownScript}, ""},
		{"from the autoload's _eval", "gdvar:eval", [][]byte{reload, errorAt("Node not found: Nope", "res://gdvar_input.gd", "_eval", 196)}, "Node not found: Nope"},
		{"from the installed _eval", "gdvar:eval", [][]byte{errorAt("Node not found: Nope", "gdscript://-92233.gd", "_eval", 196), reload}, "Node not found: Nope"},
		{"from a game method the expression called", "gdvar:eval", [][]byte{message4("error", int64(0), int64(0), int64(1), int64(2), "", "", int64(0), "fail", "", false,
			int64(6), "res://main.gd", "fail", int64(56), "res://addons/gdvar_input.gd", "_eval", int64(196))}, "fail"},
		{"the helper's _call is not its _eval", "gdvar:eval", [][]byte{errorAt("Invalid call", "res://gdvar_input.gd", "_call", 130)}, ""},
		{"a game function named _eval", "gdvar:eval", [][]byte{errorAt("mine", "res://main.gd", "_eval", 3)}, ""},
		{"the game's own error during a call", "gdvar:call", [][]byte{reload}, ""},
		{"from the helper's _call", "gdvar:call", [][]byte{reload, errorAt("Invalid call", "res://gdvar_input.gd", "_call", 130)}, "Invalid call"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := &helperGame{version: 2, called: func(Message) ([]any, [][]byte) { return []any{true, int64(3)}, c.before }}
			s, _ := scripted(t, gdvar.Godot4, g.answer)
			ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
			defer cancel()
			require.NoError(t, s.HasInput(ctx))
			var err error
			if c.msg == "gdvar:eval" {
				_, err = s.Evaluate(ctx, "1 + 2")
			} else {
				_, err = s.Call(ctx, "/root/Main", "m")
			}
			if c.fails == "" {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
				assert.ErrorContains(t, err, c.fails)
			}
			errs, _ := s.Errors()
			assert.Len(t, errs, len(c.before), "every error is kept")
		})
	}
}
