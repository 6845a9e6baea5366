package game

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/debugger"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The inputs of gdvar mcp's tools. Each but launch's has the game it
// drives: gameInput, once, beside its fields.
type (
	gameInput struct {
		Game string `json:"game,omitempty" jsonschema:"the game, by the name launch gave it; the one running (or the game gdvar mcp was started with) if empty"`
	}
	launchInput struct {
		Name  string   `json:"name,omitempty" jsonschema:"a name for the game, to drive several at once (a server and its clients); game if empty. A launch ends the game of that name, if any"`
		Godot string   `json:"godot,omitempty" jsonschema:"the Godot binary, a debug build; the one gdvar mcp was started with if empty"`
		Args  []string `json:"args,omitempty" jsonschema:"its arguments, such as --headless --path /path/to/game; those gdvar mcp was started with if empty"`
		Hold  bool     `json:"hold,omitempty" jsonschema:"start it held at its first frame, its random numbers seeded with seed, as a replay starts it: advance runs it from there, the same frames on every run (its args need --fixed-fps N)"`
		Seed  int64    `json:"seed,omitempty" jsonschema:"with hold, the seed of its random numbers (0 if not given)"`
	}
	quitInput struct {
		Game string `json:"game,omitempty" jsonschema:"the game to end, by its name; every game if empty"`
	}
	treeInput struct {
		gameInput
		Path   string `json:"path,omitempty" jsonschema:"the subtree's root, such as /root/Main; /root if empty"`
		Depth  *int   `json:"depth,omitempty" jsonschema:"how many levels below path to show (0: path alone); all if not given"`
		Filter string `json:"filter,omitempty" jsonschema:"show only the nodes whose name or class matches this glob pattern, ignoring case: *Enemy*, Camera?D"`
		Helper bool   `json:"helper,omitempty" jsonschema:"also show gdvar's input helper, /root/GdvarInput, which gdvar added to the game and leaves out otherwise"`
	}
	nodeInput struct {
		gameInput
		Path string `json:"path" jsonschema:"a node's absolute path, such as /root/Main/Player"`
	}
	propertyInput struct {
		nodeInput
		Property string `json:"property" jsonschema:"a property, such as position, or a sub-property, such as position:x"`
	}
	waitInput struct {
		nodeInput
		Property string  `json:"property,omitempty" jsonschema:"wait until this property has value; until the node exists if empty"`
		Value    string  `json:"value,omitempty" jsonschema:"the value property is to have, in Godot's text form: Vector2(1, 2), true, \"text\""`
		Timeout  float64 `json:"timeout,omitempty" jsonschema:"seconds to wait at most, up to 55; 10 if not given"`
	}
	setInput struct {
		propertyInput
		Value any `json:"value" jsonschema:"the value: a string is Godot's text form, as var_to_str prints it (Vector2(1, 2), \"text\" with its quotes, [1, 2]); a JSON number, bool, array or object is taken as it is: [300, 500] or {\"x\": 300, \"y\": 500} for a Vector2, 5 for an int or a float"`
	}
	callInput struct {
		nodeInput
		Method string   `json:"method" jsonschema:"the method's name"`
		Args   []string `json:"args,omitempty" jsonschema:"the arguments, each in Godot's text form, as var_to_str prints it"`
	}
	breakpointInput struct {
		gameInput
		File  string `json:"file" jsonschema:"the script: its resource path, such as res://player.gd, or the end of its path in the project, such as player.gd"`
		Line  int    `json:"line" jsonschema:"the line, from 1"`
		Clear bool   `json:"clear,omitempty" jsonschema:"remove the breakpoint instead of setting it"`
	}
	varsInput struct {
		gameInput
		Frame int `json:"frame,omitempty" jsonschema:"the stack frame, 0 (the innermost) if not given"`
	}
	suspendInput struct {
		gameInput
		Off bool `json:"off,omitempty" jsonschema:"let the game go on instead of suspending it"`
	}
	advanceInput struct {
		gameInput
		Frames *int `json:"frames,omitempty" jsonschema:"how many frames to run, 0 or more; 1 if not given. 0 holds a running game at its next frame"`
	}
	speedInput struct {
		gameInput
		Times float64 `json:"times,omitempty" jsonschema:"how many times real time the game runs: 1 as it would, 10 ten times as fast, 0.5 half; 0 (or not given) holds it"`
		Max   bool    `json:"max,omitempty" jsonschema:"run as fast as the game runs instead (times is then ignored)"`
	}
	proxyInput struct {
		Game   string `json:"game" jsonschema:"the client game to give the link's address, by its name"`
		Server string `json:"server" jsonschema:"the server's HOST:PORT (UDP: ENet), such as 127.0.0.1:8080, or ws://HOST:PORT[/PATH] (TCP: WebSocket)"`
		Listen string `json:"listen,omitempty" jsonschema:"the HOST:PORT the link listens on; a free loopback port if empty"`
	}
	netInput struct {
		Game       string `json:"game" jsonschema:"the game whose link to change, by its name"`
		Conditions string `json:"conditions" jsonschema:"as gdvar debug's net takes them: [to-server|to-client] [latency D] [jitter D] [loss P%] [duplicate P%] [reorder P%] [rate BYTES/s] [down|up], such as latency 150ms jitter 20ms loss 5%"`
	}
	lockstepInput struct {
		Games  []string `json:"games" jsonschema:"the games, by the names launch gave them, in the order each frame runs them: a host, then its clients"`
		Frames *int     `json:"frames,omitempty" jsonschema:"how many frames each runs, 0 or more; 1 if not given"`
	}
	pausedInput struct {
		gameInput
		Set string `json:"set,omitempty" jsonschema:"true to pause the scene tree, false to unpause it; only say whether it is paused if empty"`
	}
	pressInput struct {
		Press string `json:"press,omitempty" jsonschema:"tap (press then release), down (press and hold) or up (release); tap if empty"`
	}
	keyInput struct {
		gameInput
		pressInput
		Key string `json:"key" jsonschema:"the key as Godot names it: A, Enter, Space, F1, Ctrl+Shift+S"`
	}
	pointInput struct {
		X float64 `json:"x" jsonschema:"the position in the root viewport, in pixels from its left"`
		Y float64 `json:"y" jsonschema:"the position in the root viewport, in pixels from its top"`
	}
	moveInput struct {
		gameInput
		pointInput
	}
	clickInput struct {
		gameInput
		pointInput
		pressInput
		Button string `json:"button,omitempty" jsonschema:"left, right or middle; left if empty"`
	}
	wheelInput struct {
		gameInput
		pointInput
		Direction string  `json:"direction" jsonschema:"up, down, left or right"`
		Factor    float64 `json:"factor,omitempty" jsonschema:"how many notches; 1 if not given"`
	}
	actionInput struct {
		gameInput
		pressInput
		Action   string  `json:"action" jsonschema:"an action of the game's Input Map, such as ui_accept"`
		Strength float64 `json:"strength,omitempty" jsonschema:"0 to 1; 1 if not given"`
	}
	textInput struct {
		gameInput
		Text string `json:"text" jsonschema:"the text to type, a key event a character"`
	}
	evaluateInput struct {
		gameInput
		Expression string `json:"expression" jsonschema:"a Godot Expression: no assignment, no $Node; the current scene is self, autoloads and singletons by name; self and the frame's locals when stopped at a breakpoint"`
	}
)

// gameName is the game a tool's input names.
func (in gameInput) gameName() string { return in.Game }

// gameNamed is a tool's input, which names its game.
type gameNamed interface{ gameName() string }

// newMCPServer returns gdvar mcp's server: a tool to launch a game, one to
// end it, and one a gdvar debug command, each calling that command's
// action with its input.
func newMCPServer(games *mcpGames) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "gdvar", Version: cli.Version()}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "launch", Description: "Start a Godot game under the debugger (ending the one of the same name, if any) and wait until its main scene is in the tree. Returns its name and process id; a game that fails to start is an error with the last lines it printed. Not needed for the game gdvar mcp was started with: the first tool launches it."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in launchInput) (*mcp.CallToolResult, any, error) {
			var opts []debugger.Option
			if in.Hold {
				opts = append(opts, debugger.HoldFromStart(in.Seed))
			} else if in.Seed != 0 {
				return nil, nil, errors.New("seed seeds a game held from its start: give hold too")
			}
			g, err := games.launch(ctx, in.Name, in.Godot, in.Args, opts...)
			if err != nil {
				return nil, nil, err
			}
			return textResult(fmt.Sprintf("launched: pid %d, game %s\n", g.Process().Pid, cmp.Or(in.Name, defaultGame))), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "quit", Description: "End a game, or every game."},
		func(_ context.Context, _ *mcp.CallToolRequest, in quitInput) (*mcp.CallToolResult, any, error) {
			games.quit(in.Game)
			return textResult(""), nil, nil
		})
	addGameTools(srv, games)
	addInputTools(srv, games)
	addShotTool(srv, games)
	addRecordTool(srv, games)
	return srv
}

// addGameTools adds the tools of gdvar debug's commands that need nothing
// in the game: those of its nodes, then those of its run and its scripts.
func addGameTools(srv *mcp.Server, games *mcpGames) {
	addNodeTools(srv, games)
	addRunTools(srv, games)
}

// addNodeTools adds the tools that read and change the game's nodes.
func addNodeTools(srv *mcp.Server, games *mcpGames) {
	addDebugTool(srv, games, "tree", "The scene tree, or a subtree: one line a node, depth first in child order, its absolute path and get_class(); without gdvar's input helper node unless helper. Narrow it with path, depth and filter: a whole game's tree is long.",
		func(ctx context.Context, s *debugger.Session, in treeInput, out *bufio.Writer) error {
			view := treeView{path: in.Path, depth: -1, filter: in.Filter, helper: in.Helper}
			if in.Depth != nil {
				view.depth = max(*in.Depth, 0)
			}
			return showTree(ctx, s, view, out)
		})
	addDebugTool(srv, games, "properties", "A node's properties as the editor's inspector lists them: the node's path and class, then a line each: name, type = value.",
		func(ctx context.Context, s *debugger.Session, in nodeInput, out *bufio.Writer) error {
			return showProperties(ctx, s, in.Path, out)
		})
	addDebugTool(srv, games, "wait", "Wait until a node exists, or until its property has a value (10 s at most, or timeout); returns the value.",
		func(ctx context.Context, s *debugger.Session, in waitInput, out *bufio.Writer) error {
			var timeout time.Duration
			if in.Timeout != 0 {
				var err error
				if timeout, err = waitTimeout(fmt.Sprintf("%gs", in.Timeout)); err != nil {
					return err
				}
			}
			if in.Property == "" {
				return waitNode(ctx, s, in.Path, timeout)
			}
			return waitValue(ctx, s, in.Path, in.Property, in.Value, timeout, out)
		})
	addDebugTool(srv, games, "get", "A node's property, in Godot's text form.",
		func(ctx context.Context, s *debugger.Session, in propertyInput, out *bufio.Writer) error {
			return showProperty(ctx, s, in.Path, in.Property, out)
		})
	addDebugTool(srv, games, "set", "Set a node's property. A value of another type than the property's is converted if it can be ([300, 500] to a Vector2, 5 to 5.0), else refused, naming the type wanted.",
		func(ctx context.Context, s *debugger.Session, in setInput, _ *bufio.Writer) error {
			switch v := in.Value.(type) {
			case string:
				return setProperty(ctx, s, in.Path, in.Property, v)
			case nil:
				return errors.New("no value: give one in Godot's text form, or as JSON")
			default:
				return s.Set(ctx, in.Path, in.Property, fromJSON(v))
			}
		})
	addDebugTool(srv, games, "call", "Call a node's method; returns what it returned, in Godot's text form. Runs in a paused tree too.",
		func(ctx context.Context, s *debugger.Session, in callInput, out *bufio.Writer) error {
			return showCall(ctx, s, in.Path, in.Method, in.Args, out)
		})
	addDebugTool(srv, games, "paused", "Whether the game's scene tree is paused (get_tree().paused: nodes stop processing); pause or unpause it with set.",
		func(ctx context.Context, s *debugger.Session, in pausedInput, out *bufio.Writer) error {
			return showPaused(ctx, s, in.Set, out)
		})
}

// addRunTools adds the tools of the game's run and its scripts: those
// that take the game alone share a shape, and come from a table.
func addRunTools(srv *mcp.Server, games *mcpGames) {
	addDebugTool(srv, games, "breakpoint", "Set or clear a breakpoint at a script's line; a line that runs stops the game there. A script not in the project is refused.",
		func(_ context.Context, s *debugger.Session, in breakpointInput, _ *bufio.Writer) error {
			return setBreakpoint(s, in.File, in.Line, !in.Clear)
		})
	addDebugTool(srv, games, "suspend", "Suspend the game's process, physics and input without stopping it in its debugger (it goes on answering), or let it go on (off).",
		func(_ context.Context, s *debugger.Session, in suspendInput, _ *bufio.Writer) error {
			return s.Suspend(!in.Off)
		})
	addDebugTool(srv, games, "advance", "Run the game a number of frames, physics included, and hold it there, answering every tool; returns the frame it holds at. Its link of frames (proxy with its name) runs a frame after each of its frames. Input given while it is held takes effect in the next frame run. Needs a game launched with --fixed-fps N (such as 60), so that every frame has the same delta: the same input at the same frames gives the same game.",
		func(ctx context.Context, s *debugger.Session, in advanceInput, out *bufio.Writer) error {
			n := 1
			if in.Frames != nil {
				n = *in.Frames
			}
			return showAdvance(ctx, s, n, games.linkOf(in.Game), out)
		})
	addDebugTool(srv, games, "speed", "Let a game held by advance run on: at times real time, each frame with the same delta, or as fast as it runs (max); times 0 holds it.",
		func(ctx context.Context, s *debugger.Session, in speedInput, _ *bufio.Writer) error {
			x := in.Times
			if in.Max {
				x = math.Inf(1)
			}
			return s.Speed(ctx, x)
		})
	addDebugTool(srv, games, "frame", "The frame the game is on (Engine.get_process_frames() in it): advance moves it by the frames it runs.",
		func(ctx context.Context, s *debugger.Session, _ gameInput, out *bufio.Writer) error {
			return showFrame(ctx, s, out)
		})
	addLockstepTool(srv, games)
	addDebugTool(srv, games, "vars", "A stack frame's variables: local|member|global NAME = VALUE.",
		func(ctx context.Context, s *debugger.Session, in varsInput, out *bufio.Writer) error {
			return showVars(ctx, s, in.Frame, out)
		})
	addDebugTool(srv, games, "evaluate", "Evaluate an Expression in the game and return its value, in Godot's text form.",
		func(ctx context.Context, s *debugger.Session, in evaluateInput, out *bufio.Writer) error {
			return showEval(ctx, s, in.Expression, out)
		})
	for _, t := range []struct {
		name, description string
		action            func(ctx context.Context, s *debugger.Session, out *bufio.Writer) error
	}{
		{"output", "Every line the game printed so far (the last 10 000), print_rich without its BBCode; \"no output\" if none. An error, after the lines, if the game has ended.",
			func(_ context.Context, s *debugger.Session, out *bufio.Writer) error { return showOutput(s, out) }},
		{"errors", "The game's errors and warnings so far, a line each: ERROR: text at: func (file:line); \"no errors\" if none. An error, after the lines, if the game has ended.",
			func(_ context.Context, s *debugger.Session, out *bufio.Writer) error { return showErrors(s, out) }},
		{"pause", "Stop the game in its debugger (there is no script frame until step). To pause the game's scene tree instead, see paused.",
			func(ctx context.Context, s *debugger.Session, _ *bufio.Writer) error { return pause(ctx, s) }},
		{"resume", "Let the stopped game go on.",
			func(ctx context.Context, s *debugger.Session, _ *bufio.Writer) error { return s.Resume(ctx) }},
		{"step", "Run the stopped game for one GDScript line, into calls; returns where it stopped.", stepAction((*debugger.Session).Step)},
		{"next", "Run the stopped game for one GDScript line, over calls; returns where it stopped.", stepAction((*debugger.Session).Next)},
		{"out", "Run the stopped game out of its current function (Godot 4.6+); returns where it stopped.", stepAction((*debugger.Session).Out)},
		{"stack", "The stopped game's script stack, innermost first: N func (file:line).", showStack},
		{"monitors", "The game's performance monitors: name value, a line each.", showMonitors},
	} {
		addDebugTool(srv, games, t.name, t.description,
			func(ctx context.Context, s *debugger.Session, _ gameInput, out *bufio.Writer) error {
				return t.action(ctx, s, out)
			})
	}
}

// addLockstepTool adds the lockstep tool, which drives several games.
func addLockstepTool(srv *mcp.Server, games *mcpGames) {
	mcp.AddTool(srv, &mcp.Tool{Name: "proxy", Description: "Put a link between a client game and its server (UDP: ENet; TCP: WebSocket, whose stream loses nothing), whose latency, jitter, losses and rate net sets: returns the address to give the client in place of the server's (its join function's argument, a property). With gdvar mcp -hold the link is stepped a frame after each lockstep frame, its delays counted in frames and its losses seeded; else it runs on the wall clock. A link of that game ends first."},
		func(_ context.Context, _ *mcp.CallToolRequest, in proxyInput) (*mcp.CallToolResult, any, error) {
			args := []string{in.Game, in.Server}
			if in.Listen != "" {
				args = append(args, in.Listen)
			}
			var out strings.Builder
			if err := games.netLinks().proxy(args, &out); err != nil {
				return nil, nil, err
			}
			return textResult(out.String()), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "net", Description: "Change a game's link from its next datagram, both ways or one: latency and jitter (one way's), loss, duplicate and reorder percentages, a rate in bytes a second; down cuts it, up joins it. What is not named stays."},
		func(_ context.Context, _ *mcp.CallToolRequest, in netInput) (*mcp.CallToolResult, any, error) {
			if err := games.netLinks().setNet(append([]string{in.Game}, strings.Fields(in.Conditions)...)); err != nil {
				return nil, nil, err
			}
			return textResult("ok\n"), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "links", Description: "Each link: its address, server and clock; each way, its conditions and the datagrams it received, forwarded, delayed, lost, duplicated, reordered and cut."},
		func(_ context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			var out strings.Builder
			if err := games.netLinks().show(&out); err != nil {
				return nil, nil, err
			}
			return textResult(out.String()), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "lockstep", Description: "Run several games a number of frames together, as a host and its clients play: a frame of each in the order given, then the next frame of each, so that what one sends in a frame reaches the others alike every time; each is held after. Returns each game's name and the frame it holds at. Needs games launched with --fixed-fps N."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in lockstepInput) (*mcp.CallToolResult, any, error) {
			end, err := games.begin()
			if err != nil {
				return nil, nil, err
			}
			defer end()
			if len(in.Games) == 0 {
				return nil, nil, errors.New("no games: name them, a host first")
			}
			sessions := make([]*debugger.Session, len(in.Games))
			for i, name := range in.Games {
				if sessions[i], err = games.sessionOf(ctx, name); err != nil {
					return nil, nil, err
				}
			}
			n := 1
			if in.Frames != nil {
				n = *in.Frames
			}
			var out strings.Builder
			err = runAction(ctx, &out, func(ctx context.Context, w *bufio.Writer) error {
				return showLockstep(ctx, in.Games, sessions, games.netLinks().steppers(), n, w)
			})
			if err != nil {
				res := textResult(out.String() + err.Error() + "\n")
				res.IsError = true
				return res, nil, nil
			}
			return textResult(out.String()), nil, nil
		})
}

// stepAction is the action of a tool that runs the stopped game a step.
func stepAction(step stepper) func(context.Context, *debugger.Session, *bufio.Writer) error {
	return func(ctx context.Context, s *debugger.Session, out *bufio.Writer) error {
		return showStep(ctx, s, step, out)
	}
}

// addInputTools adds the tools that send the game input, through gdvar's
// input helper, which launch installs in a Godot 4.4+ game.
func addInputTools(srv *mcp.Server, games *mcpGames) {
	addDebugTool(srv, games, "key", "Press and release a key, or press or release it.",
		func(ctx context.Context, s *debugger.Session, in keyInput, _ *bufio.Writer) error {
			how, err := pressOf(in.Press)
			if err != nil {
				return err
			}
			return s.Key(ctx, in.Key, how)
		})
	addDebugTool(srv, games, "mouse_move", "Move the mouse to a position in the root viewport.",
		func(ctx context.Context, s *debugger.Session, in moveInput, _ *bufio.Writer) error {
			return s.MouseMove(ctx, in.at())
		})
	addDebugTool(srv, games, "mouse_click", "Click a mouse button at a position, or press or release it there.",
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
	addDebugTool(srv, games, "mouse_wheel", "Turn the mouse wheel at a position.",
		func(ctx context.Context, s *debugger.Session, in wheelInput, _ *bufio.Writer) error {
			wheel, err := word(wheels, in.Direction, "up, down, left or right")
			if err != nil {
				return err
			}
			return s.MouseWheel(ctx, in.at(), wheel, in.Factor)
		})
	addDebugTool(srv, games, "action", "Press and release an Input Map action, or press or release it.",
		func(ctx context.Context, s *debugger.Session, in actionInput, _ *bufio.Writer) error {
			how, err := pressOf(in.Press)
			if err != nil {
				return err
			}
			return s.Action(ctx, in.Action, in.Strength, how)
		})
	addDebugTool(srv, games, "text", "Type text into the game.",
		func(ctx context.Context, s *debugger.Session, in textInput, _ *bufio.Writer) error {
			return s.Text(ctx, in.Text)
		})
}

// at is the input's position.
func (p pointInput) at() gdvar.Vector2 { return gdvar.Vector2{X: p.X, Y: p.Y} }

// addDebugTool adds a tool that does action with its input on the game
// it names, and returns what it printed: with the error, if it failed.
func addDebugTool[In gameNamed](srv *mcp.Server, games *mcpGames, name, description string,
	action func(ctx context.Context, s *debugger.Session, in In, out *bufio.Writer) error) {
	mcp.AddTool(srv, &mcp.Tool{Name: name, Description: description},
		func(ctx context.Context, _ *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
			end, err := games.begin()
			if err != nil {
				return nil, nil, err
			}
			defer end()
			s, err := games.sessionOf(ctx, in.gameName())
			if err != nil {
				return nil, nil, err
			}
			var out strings.Builder
			err = runAction(ctx, &out, func(ctx context.Context, w *bufio.Writer) error { return action(ctx, s, in, w) })
			if err != nil {
				res := textResult(out.String() + err.Error() + "\n")
				res.IsError = true
				return res, nil, nil
			}
			return textResult(out.String()), nil, nil
		})
}

// fromJSON returns a JSON value as gdvar's generic form: a whole number
// an int64, another a float64, an object a Dictionary of its keys in
// order, arrays and objects element by element.
func fromJSON(v any) any {
	switch x := v.(type) {
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x)
		}
		return x
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = fromJSON(e)
		}
		return out
	case map[string]any:
		d := gdvar.NewDictionary()
		for _, k := range slices.Sorted(maps.Keys(x)) {
			d.Set(k, fromJSON(x[k]))
		}
		return d
	}
	return v
}

// textResult is a tool's result: text, or "ok" where a command prints
// nothing.
func textResult(text string) *mcp.CallToolResult {
	if text == "" {
		text = "ok\n"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
