package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
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
// end it, and one a gdvar debug command, each calling that command's
// action with its input.
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
	addGameTools(srv, games)
	addInputTools(srv, games)
	addShotTool(srv, games)
	return srv
}

// addGameTools adds the tools of gdvar debug's commands that need nothing
// in the game.
func addGameTools(srv *mcp.Server, games *mcpGames) {
	addDebugTool(srv, games, "tree", "The scene tree: one line a node, depth first in child order, its absolute path and get_class().",
		func(ctx context.Context, s *debugger.Session, _ noInput, out *bufio.Writer) error {
			return showTree(ctx, s, out)
		})
	addDebugTool(srv, games, "wait", "Wait until a node exists (10 s at most).",
		func(ctx context.Context, s *debugger.Session, in pathInput, _ *bufio.Writer) error {
			return waitNode(ctx, s, in.Path)
		})
	addDebugTool(srv, games, "get", "A node's property, in Godot's text form.",
		func(ctx context.Context, s *debugger.Session, in propertyInput, out *bufio.Writer) error {
			return showProperty(ctx, s, in.Path, in.Property, out)
		})
	addDebugTool(srv, games, "set", "Set a node's property.",
		func(ctx context.Context, s *debugger.Session, in setInput, _ *bufio.Writer) error {
			return setProperty(ctx, s, in.Path, in.Property, in.Value)
		})
	addDebugTool(srv, games, "call", "Call a node's method; returns what it returned, in Godot's text form. The game is frozen for about two frames.",
		func(ctx context.Context, s *debugger.Session, in callInput, out *bufio.Writer) error {
			return showCall(ctx, s, in.Path, in.Method, in.Args, out)
		})
	addDebugTool(srv, games, "output", "Every line the game printed so far (the last 10 000), print_rich without its BBCode.",
		func(_ context.Context, s *debugger.Session, _ noInput, out *bufio.Writer) error {
			return showOutput(s, out)
		})
	addDebugTool(srv, games, "errors", "The game's errors and warnings so far, a line each: ERROR: text at: func (file:line).",
		func(_ context.Context, s *debugger.Session, _ noInput, out *bufio.Writer) error {
			return showErrors(s, out)
		})
	addDebugTool(srv, games, "breakpoint", "Set or clear a breakpoint at a script's line; a line that runs stops the game there.",
		func(_ context.Context, s *debugger.Session, in breakpointInput, _ *bufio.Writer) error {
			return setBreakpoint(s, in.File, in.Line, !in.Clear)
		})
	addDebugTool(srv, games, "pause", "Stop the game in its debugger (there is no script frame until step).",
		func(ctx context.Context, s *debugger.Session, _ noInput, _ *bufio.Writer) error { return pause(ctx, s) })
	addDebugTool(srv, games, "resume", "Let the stopped game go on.",
		func(ctx context.Context, s *debugger.Session, _ noInput, _ *bufio.Writer) error { return s.Resume(ctx) })
	for _, t := range []struct {
		name, description string
		step              stepper
	}{
		{"step", "Run the stopped game for one GDScript line, into calls; returns where it stopped.", (*debugger.Session).Step},
		{"next", "Run the stopped game for one GDScript line, over calls; returns where it stopped.", (*debugger.Session).Next},
		{"out", "Run the stopped game out of its current function (Godot 4.6+); returns where it stopped.", (*debugger.Session).Out},
	} {
		addDebugTool(srv, games, t.name, t.description,
			func(ctx context.Context, s *debugger.Session, _ noInput, out *bufio.Writer) error {
				return showStep(ctx, s, t.step, out)
			})
	}
	addDebugTool(srv, games, "stack", "The stopped game's script stack, innermost first: N func (file:line).",
		func(ctx context.Context, s *debugger.Session, _ noInput, out *bufio.Writer) error {
			return showStack(ctx, s, out)
		})
	addDebugTool(srv, games, "vars", "A stack frame's variables: local|member|global NAME = VALUE.",
		func(ctx context.Context, s *debugger.Session, in varsInput, out *bufio.Writer) error {
			return showVars(ctx, s, in.Frame, out)
		})
	addDebugTool(srv, games, "evaluate", "Evaluate an Expression in the game and return its value, in Godot's text form.",
		func(ctx context.Context, s *debugger.Session, in evaluateInput, out *bufio.Writer) error {
			return showEval(ctx, s, in.Expression, out)
		})
	addDebugTool(srv, games, "monitors", "The game's performance monitors: name value, a line each.",
		func(ctx context.Context, s *debugger.Session, _ noInput, out *bufio.Writer) error {
			return showMonitors(ctx, s, out)
		})
}

// addInputTools adds the tools that send the game input, through gdvar's
// input autoload.
func addInputTools(srv *mcp.Server, games *mcpGames) {
	const needs = " Needs the game to have gdvar's input autoload (gdvar_input.gd)."
	addDebugTool(srv, games, "key", "Press and release a key, or press or release it."+needs,
		func(ctx context.Context, s *debugger.Session, in keyInput, _ *bufio.Writer) error {
			how, err := pressOf(in.Press)
			if err != nil {
				return err
			}
			return s.Key(ctx, in.Key, how)
		})
	addDebugTool(srv, games, "mouse_move", "Move the mouse to a position in the root viewport."+needs,
		func(ctx context.Context, s *debugger.Session, in pointInput, _ *bufio.Writer) error {
			return s.MouseMove(ctx, in.at())
		})
	addDebugTool(srv, games, "mouse_click", "Click a mouse button at a position, or press or release it there."+needs,
		func(ctx context.Context, s *debugger.Session, in clickInput, _ *bufio.Writer) error {
			button, err := word(clickButtons, cmp.Or(in.Button, "left"), "left, right or middle")
			if err != nil {
				return err
			}
			how, err := pressOf(in.Press)
			if err != nil {
				return err
			}
			return s.MouseClick(ctx, in.at(), button, how)
		})
	addDebugTool(srv, games, "mouse_wheel", "Turn the mouse wheel at a position."+needs,
		func(ctx context.Context, s *debugger.Session, in wheelInput, _ *bufio.Writer) error {
			wheel, err := word(wheels, in.Direction, "up, down, left or right")
			if err != nil {
				return err
			}
			return s.MouseWheel(ctx, in.at(), wheel, in.Factor)
		})
	addDebugTool(srv, games, "action", "Press and release an Input Map action, or press or release it."+needs,
		func(ctx context.Context, s *debugger.Session, in actionInput, _ *bufio.Writer) error {
			how, err := pressOf(in.Press)
			if err != nil {
				return err
			}
			return s.Action(ctx, in.Action, in.Strength, how)
		})
	addDebugTool(srv, games, "text", "Type text into the game."+needs,
		func(ctx context.Context, s *debugger.Session, in textInput, _ *bufio.Writer) error {
			return s.Text(ctx, in.Text)
		})
}

// at is the input's position.
func (p pointInput) at() gdvar.Vector2 { return gdvar.Vector2{X: p.X, Y: p.Y} }

// addDebugTool adds a tool that does action with its input on the running
// game, and returns what it printed.
func addDebugTool[In any](srv *mcp.Server, games *mcpGames, name, description string,
	action func(ctx context.Context, s *debugger.Session, in In, out *bufio.Writer) error) {
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
			err = runAction(ctx, &out, func(ctx context.Context, w *bufio.Writer) error { return action(ctx, s, in, w) })
			if err != nil {
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
