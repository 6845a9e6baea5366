package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpUsage is gdvar mcp's help.
const mcpUsage = `usage: gdvar mcp [-listen ADDR] [-engine 4|3] [-- GODOT [ARGS…]]

A Model Context Protocol server on standard input and output, whose tools
start a Godot game (a debug build: the editor binary or a debug export,
nothing added to the game) and drive it through its remote debugger, as
gdvar debug's commands do: launch, tree, wait, get, set, call, output,
errors, breakpoint, pause, resume, step, next, out, stack, vars, evaluate,
monitors, screenshot, quit; and, for a game with gdvar's input autoload
(gdvar_input.gd), key, mouse_move, mouse_click, mouse_wheel, action, text.
Values go in and come out in Godot's text form, as var_to_str prints it.

GODOT ARGS… is the game launch starts when its call names none. One game
runs at a time; it ends when the client closes standard input, and a new
launch ends the one before. The game's own output goes to standard error.

Example client configuration:
  {"command": "gdvar", "args": ["mcp", "--", "godot", "--path", "/path/to/mygame"]}
`

// mcpCommand runs gdvar mcp.
func mcpCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), mcpUsage) }
	gameConfig := gameFlags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	stderr = &lockedWriter{w: stderr}
	game, ok := gameConfig(stderr)
	if !ok {
		fs.Usage()
		return 2
	}
	games := &mcpGames{base: game, start: debugger.Launch}
	defer games.quit()
	if err := serveMCP(newMCPServer(games), stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "gdvar mcp: %v\n", err)
		return 1
	}
	return 0
}

// serveMCP runs srv's session on in and out until in ends.
func serveMCP(srv *mcp.Server, in io.Reader, out io.Writer) error {
	err := srv.Run(context.Background(), &mcpTransport{r: in, w: out})
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// mcpMaxGameCalls bounds the calls of the tools that drive the game
// running at once. They take turns on the game's one connection, each
// for up to commandTimeout if the game does not answer, so more would
// only wait, holding memory; beyond, a call fails at once (errGameBusy),
// while launch and quit, which end the game and its calls, still run.
const mcpMaxGameCalls = 4

// Errors of the tools, which the agent reads.
var (
	errGameBusy  = fmt.Errorf("busy: %d commands are running on the game; call again when one has answered", mcpMaxGameCalls)
	errLaunching = errors.New("a launch is under way: wait for its answer, or quit")
)

// mcpGames holds the game the server runs, one at a time.
type mcpGames struct {
	base  gameLaunch // the flags', and the game of the command line
	start launcher   // debugger.Launch

	calls atomic.Int32 // the game's commands running

	launchMu     sync.Mutex
	cancelLaunch context.CancelFunc // the launch under way's, which quit calls

	mu   sync.Mutex // held by a launch until its game has connected
	game *debugger.Game
}

// launcher starts a game: debugger.Launch.
type launcher func(ctx context.Context, godot string, args []string, opts ...debugger.Option) (*debugger.Game, error)

// begin counts a call of a command on the game, which the returned
// function ends, or fails with errGameBusy.
func (g *mcpGames) begin() (end func(), err error) {
	if g.calls.Add(1) > mcpMaxGameCalls {
		g.calls.Add(-1)
		return nil, errGameBusy
	}
	return func() { g.calls.Add(-1) }, nil
}

// launch ends the running game, if any, and starts another: godot and args
// if godot is given, else base's game with args if given, else base's.
// While one launch is under way, another fails at once (errLaunching):
// launches do not queue, each holding a call.
func (g *mcpGames) launch(ctx context.Context, godot string, args []string) (*debugger.Game, error) {
	game := g.base
	if godot != "" {
		game.godot, game.args = godot, args
	} else if args != nil {
		game.args = args
	}
	if game.godot == "" {
		return nil, errors.New("no game to launch: name the Godot binary (gdvar mcp was started without one)")
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	g.launchMu.Lock()
	if g.cancelLaunch != nil {
		g.launchMu.Unlock()
		return nil, errLaunching
	}
	g.cancelLaunch = cancel
	g.launchMu.Unlock()
	defer func() {
		g.launchMu.Lock()
		g.cancelLaunch = nil
		g.launchMu.Unlock()
	}()
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := ctx.Err(); err != nil { // quit came first: start nothing
		return nil, err
	}
	if g.game != nil {
		g.game.Close()
		g.game = nil
	}
	started, err := g.start(ctx, game.godot, game.args, game.opts...)
	if err != nil {
		return nil, err
	}
	g.game = started
	return started, nil
}

// session returns the running game's Session.
func (g *mcpGames) session() (*debugger.Session, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.game == nil {
		return nil, errors.New("no game: call launch first")
	}
	return g.game.Session, nil
}

// quit ends the running game, if any, or the launch under way, and waits
// for its process to go.
func (g *mcpGames) quit() {
	g.launchMu.Lock()
	if g.cancelLaunch != nil {
		g.cancelLaunch()
	}
	g.launchMu.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.game != nil {
		g.game.Close()
		g.game = nil
	}
}
