package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sync"
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
monitors, quit; and, for a game with gdvar's input autoload
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
	cfg, ok := gameConfig(stderr)
	if !ok {
		fs.Usage()
		return 2
	}
	games := &mcpGames{base: cfg, start: debugger.Launch}
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

// mcpGames holds the game the server runs, one at a time.
type mcpGames struct {
	base  debugger.Config                                                // the flags', and the game of the command line
	start func(context.Context, debugger.Config) (*debugger.Game, error) // debugger.Launch

	mu   sync.Mutex
	game *debugger.Game
}

// launch ends the running game, if any, and starts another: godot and args
// if godot is given, else base's game with args if given, else base's.
func (g *mcpGames) launch(ctx context.Context, godot string, args []string) (*debugger.Game, error) {
	cfg := g.base
	if godot != "" {
		cfg.Godot, cfg.Args = godot, args
	} else if args != nil {
		cfg.Args = args
	}
	if cfg.Godot == "" {
		return nil, errors.New("no game to launch: name the Godot binary (gdvar mcp was started without one)")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.game != nil {
		g.game.Close()
		g.game = nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	game, err := g.start(ctx, cfg)
	if err != nil {
		return nil, err
	}
	g.game = game
	return game, nil
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

// quit ends the running game, if any, and waits for its process to go.
func (g *mcpGames) quit() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.game != nil {
		g.game.Close()
		g.game = nil
	}
}
