package main

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar/vartext"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The inputs of gdvar mcp's tools.
type (
	noInput     struct{}
	launchInput struct {
		Godot string   `json:"godot,omitempty" jsonschema:"the Godot binary, a debug build; the one gdvar mcp was started with if empty"`
		Args  []string `json:"args,omitempty" jsonschema:"its arguments, such as --headless --path /path/to/game; those gdvar mcp was started with if empty"`
	}
	pathInput struct {
		Path string `json:"path" jsonschema:"a node's absolute path, such as /root/Main/Player"`
	}
	propertyInput struct {
		pathInput
		Property string `json:"property" jsonschema:"a property, such as position, or a sub-property, such as position:x"`
	}
	setInput struct {
		propertyInput
		Value string `json:"value" jsonschema:"the value in Godot's text form, as var_to_str prints it: Vector2(1, 2), \"text\", [1, 2]"`
	}
	callInput struct {
		pathInput
		Method string   `json:"method" jsonschema:"the method's name"`
		Args   []string `json:"args,omitempty" jsonschema:"the arguments, each in Godot's text form, as var_to_str prints it"`
	}
	breakpointInput struct {
		File  string `json:"file" jsonschema:"the script's resource path, such as res://player.gd"`
		Line  int    `json:"line" jsonschema:"the line, from 1"`
		Clear bool   `json:"clear,omitempty" jsonschema:"remove the breakpoint instead of setting it"`
	}
	varsInput struct {
		Frame int `json:"frame,omitempty" jsonschema:"the stack frame, 0 (the innermost) if not given"`
	}
	pressInput struct {
		Press string `json:"press,omitempty" jsonschema:"down (press and hold) or up (release); a press then a release if empty"`
	}
	keyInput struct {
		pressInput
		Key string `json:"key" jsonschema:"the key as Godot names it: A, Enter, Space, F1, Ctrl+Shift+S"`
	}
	pointInput struct {
		X float64 `json:"x" jsonschema:"the position in the root viewport, in pixels from its left"`
		Y float64 `json:"y" jsonschema:"the position in the root viewport, in pixels from its top"`
	}
	clickInput struct {
		pointInput
		pressInput
		Button string `json:"button,omitempty" jsonschema:"left, right or middle; left if empty"`
	}
	wheelInput struct {
		pointInput
		Direction string  `json:"direction" jsonschema:"up, down, left or right"`
		Factor    float64 `json:"factor,omitempty" jsonschema:"how many notches; 1 if not given"`
	}
	actionInput struct {
		pressInput
		Action   string  `json:"action" jsonschema:"an action of the game's Input Map, such as ui_accept"`
		Strength float64 `json:"strength,omitempty" jsonschema:"0 to 1; 1 if not given"`
	}
	textInput struct {
		Text string `json:"text" jsonschema:"the text to type, a key event a character"`
	}
	evaluateInput struct {
		Expression string `json:"expression" jsonschema:"a Godot Expression: no assignment, no $Node; self and the frame's locals are inputs when stopped at a breakpoint"`
	}
)

// newMCPServer returns gdvar mcp's server: a tool to launch a game, one to
// end it, and one a gdvar debug command, each running that command.
func newMCPServer(games *mcpGames) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "gdvar", Version: version()}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "launch", Description: "Start a Godot game under the debugger (ending the one running, if any) and wait for it to connect. Returns its process id."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in launchInput) (*mcp.CallToolResult, any, error) {
			g, err := games.launch(ctx, in.Godot, in.Args)
			if err != nil {
				return nil, nil, err
			}
			return textResult(fmt.Sprintf("launched: pid %d\n", g.Process().Pid)), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "quit", Description: "End the running game."},
		func(context.Context, *mcp.CallToolRequest, noInput) (*mcp.CallToolResult, any, error) {
			games.quit()
			return textResult(""), nil, nil
		})
	none := func(name string) func(noInput) []string { return func(noInput) []string { return []string{name} } }
	addDebugTool(srv, games, "tree", "The scene tree: one line a node, depth first in child order, its absolute path and get_class().", none("tree"))
	addDebugTool(srv, games, "wait", "Wait until a node exists (10 s at most).", func(in pathInput) []string { return []string{"wait", in.Path} })
	addDebugTool(srv, games, "get", "A node's property, in Godot's text form.", func(in propertyInput) []string { return []string{"get", in.Path, in.Property} })
	addDebugTool(srv, games, "set", "Set a node's property.", func(in setInput) []string { return []string{"set", in.Path, in.Property, in.Value} })
	addDebugTool(srv, games, "call", "Call a node's method; returns what it returned, in Godot's text form. The game is frozen for about two frames.",
		func(in callInput) []string { return append([]string{"call", in.Path, in.Method}, in.Args...) })
	addDebugTool(srv, games, "output", "Every line the game printed so far (the last 10 000), print_rich without its BBCode.", none("output"))
	addDebugTool(srv, games, "errors", "The game's errors and warnings so far, a line each: ERROR: text at: func (file:line).", none("errors"))
	addDebugTool(srv, games, "breakpoint", "Set or clear a breakpoint at a script's line; a line that runs stops the game there.",
		func(in breakpointInput) []string {
			cmd := "break"
			if in.Clear {
				cmd = "clear"
			}
			return []string{cmd, fmt.Sprintf("%s:%d", in.File, in.Line)}
		})
	addDebugTool(srv, games, "pause", "Stop the game in its debugger (there is no script frame until step).", none("pause"))
	addDebugTool(srv, games, "resume", "Let the stopped game go on.", none("continue"))
	addDebugTool(srv, games, "step", "Run the stopped game for one GDScript line, into calls; returns where it stopped.", none("step"))
	addDebugTool(srv, games, "next", "Run the stopped game for one GDScript line, over calls; returns where it stopped.", none("next"))
	addDebugTool(srv, games, "out", "Run the stopped game out of its current function (Godot 4.6+); returns where it stopped.", none("out"))
	addDebugTool(srv, games, "stack", "The stopped game's script stack, innermost first: N func (file:line).", none("stack"))
	addDebugTool(srv, games, "vars", "A stack frame's variables: local|member|global NAME = VALUE.", func(in varsInput) []string { return []string{"vars", fmt.Sprint(in.Frame)} })
	addDebugTool(srv, games, "evaluate", "Evaluate an Expression in the game and return its value, in Godot's text form.", func(in evaluateInput) []string { return []string{"eval", in.Expression} })
	addDebugTool(srv, games, "monitors", "The game's performance monitors: name value, a line each.", none("monitors"))
	const needs = " Needs the game to have gdvar's input autoload (gdvar_input.gd)."
	addDebugTool(srv, games, "key", "Press and release a key, or press or release it."+needs,
		func(in keyInput) []string { return withPress([]string{"key", in.Key}, in.Press) })
	addDebugTool(srv, games, "mouse_move", "Move the mouse to a position in the root viewport."+needs,
		func(in pointInput) []string { return append([]string{"move"}, in.words()...) })
	addDebugTool(srv, games, "mouse_click", "Click a mouse button at a position, or press or release it there."+needs,
		func(in clickInput) []string {
			words := append([]string{"click"}, in.words()...)
			if in.Button != "" {
				words = append(words, in.Button)
			}
			return withPress(words, in.Press)
		})
	addDebugTool(srv, games, "mouse_wheel", "Turn the mouse wheel at a position."+needs,
		func(in wheelInput) []string {
			return append(append([]string{"wheel"}, in.words()...), in.Direction, number(cmp.Or(in.Factor, 1)))
		})
	addDebugTool(srv, games, "action", "Press and release an Input Map action, or press or release it."+needs,
		func(in actionInput) []string {
			return withPress([]string{"action", in.Action, number(cmp.Or(in.Strength, 1))}, in.Press)
		})
	addDebugTool(srv, games, "text", "Type text into the game."+needs,
		func(in textInput) []string { return []string{"text", quoteWord(in.Text)} })
	return srv
}

// withPress adds press to a command's words, if given.
func withPress(words []string, press string) []string {
	if press != "" {
		words = append(words, press)
	}
	return words
}

func (p pointInput) words() []string { return []string{number(p.X), number(p.Y)} }

func number(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// quoteWord returns s as a double-quoted word, which unquote reads back.
func quoteWord(s string) string {
	b, _ := vartext.Marshal(s) // a string always has a text form
	return string(b)
}

// addDebugTool adds a tool that runs the gdvar debug command words gives
// for its input on the running game, and returns what it printed.
func addDebugTool[In any](srv *mcp.Server, games *mcpGames, name, description string, words func(In) []string) {
	mcp.AddTool(srv, &mcp.Tool{Name: name, Description: description},
		func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			end, err := games.begin()
			if err != nil {
				return nil, nil, err
			}
			defer end()
			s, err := games.session()
			if err != nil {
				return nil, nil, err
			}
			var out strings.Builder
			if err := runDebugWords(ctx, s, words(in), &out); err != nil {
				return nil, nil, err
			}
			return textResult(out.String()), nil, nil
		})
}

// textResult is a tool's result: text, or "ok" where a command prints
// nothing.
func textResult(text string) *mcp.CallToolResult {
	if text == "" {
		text = "ok\n"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
