package game

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/debugger"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpUsage is gdvar mcp's help.
const mcpUsage = `usage: gdvar mcp [-listen ADDR] [-engine 4|3] [-hold [-seed N]] [-- GODOT [ARGS…]]

A Model Context Protocol server on standard input and output, whose tools
start Godot games (debug builds: the editor binary or a debug export,
nothing added to the project) and drive them through their remote
debugger, as gdvar debug's commands do: launch, quit, tree, properties,
wait, get, set, call, output, errors, breakpoint, pause, resume, suspend,
paused, step, next, out, stack, vars, evaluate, monitors, screenshot; and
through gdvar's input helper (installed at run time in a Godot 4.4+
game) input: key, mouse_move, mouse_click, mouse_wheel, action, text;
frame stepping (a game started with --fixed-fps N): advance, speed, frame,
lockstep (several games together); links between a client and its
server, whose latency, losses and rate change at any frame: proxy, net,
links; and record, which records the session
as a replay file that gdvar replay plays.
Values go in and come out in Godot's text form, as var_to_str prints it.

GODOT ARGS… is the game named "game": the first tool that needs it
launches it, so a client needs no launch call. launch starts other games
under names of their own (a server and its clients); each tool's game
argument says which it drives. -hold starts every game held at its
first frame (launch's hold, one game), as gdvar debug -hold does. Games
end when the client closes standard
input; a launch ends the game of its name before. The games' own output
goes to standard error.

A client's configuration (gdvar on PATH: go install ./cmd/gdvar in
gdvar's clone):
  {"command": "gdvar", "args": ["mcp", "--", "/home/me/.cache/gdvar/engines/bin/godot4", "--path", "/path/to/mygame"]}
`

// MCP runs gdvar mcp with its arguments and streams, and returns its exit
// status.
func MCP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), mcpUsage); cli.WriteExamples(fs.Output(), "mcp") }
	gameConfig := gameFlags(fs)
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	stderr = &lockedWriter{w: stderr}
	game, ok := gameConfig(stderr)
	if !ok {
		fs.Usage()
		return 2
	}
	games := &mcpGames{base: game, start: debugger.Launch}
	defer games.netLinks().close()
	defer games.quit("")
	defer games.endRecording()
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
	errLaunching = errors.New("a launch of this game is under way: wait for its answer, or quit")
)

// maxGames bounds the games gdvar mcp or gdvar debug runs, or is
// launching, at once, each a process: a launch of another name beyond
// fails at once (tooManyGames).
const maxGames = 8

// tooManyGames is the error of a launch past maxGames, naming the games
// running, in order.
func tooManyGames(names []string) error {
	slices.Sort(names)
	return fmt.Errorf("%d games are running (%s): quit one first", len(names), shownNames(names))
}

// defaultGame is the name of the game a launch or a tool names none of:
// the game after -- on gdvar mcp's command line.
const defaultGame = "game"

// mcpGames holds the games the server runs, each by its name.
type mcpGames struct {
	base  gameLaunch // the flags', and the game of the command line
	start launcher   // debugger.Launch

	calls atomic.Int32 // the games' commands running

	mu       sync.Mutex
	games    map[string]*debugger.Game
	launches map[string]*mcpLaunch // under way, by the game's name
	launched map[string]gameLaunch // how each game was launched, for record to launch it again
	rec      *mcpRecording         // the recording under way, if any
	links    *gameLinks            // made on first use (netLinks)
}

// netLinks returns the links between the games and their servers, made
// on first use.
func (g *mcpGames) netLinks() *gameLinks {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.links == nil {
		g.links = newLinks(g.base)
	}
	return g.links
}

// linkOf is the link of frames of the game a tool names, if it has one.
func (g *mcpGames) linkOf(name string) []debugger.Stepper {
	g.mu.Lock()
	resolved, err := g.resolve(name)
	g.mu.Unlock()
	if err != nil {
		return nil
	}
	return g.netLinks().stepperOf(resolved)
}

// mcpLaunch is a launch under way: quit cancels it; done is closed when
// it has ended, its game in mcpGames.games if it started.
type mcpLaunch struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// launcher starts a game: debugger.Launch.
type launcher func(ctx context.Context, godot string, args []string, opts ...debugger.Option) (*debugger.Game, error)

// begin counts a call of a command on a game, which the returned
// function ends, or fails with errGameBusy.
func (g *mcpGames) begin() (end func(), err error) {
	if g.calls.Add(1) > mcpMaxGameCalls {
		g.calls.Add(-1)
		return nil, errGameBusy
	}
	return func() { g.calls.Add(-1) }, nil
}

// launch ends the game of that name ("" for defaultGame), if any, and
// starts another under the name: godot and args if godot is given, else
// base's game with args if given, else base's; opts are added to base's
// (a hold from its first frame). While a launch of the name
// is under way, another fails at once (errLaunching): launches do not
// queue, each holding a call.
func (g *mcpGames) launch(ctx context.Context, name, godot string, args []string, opts ...debugger.Option) (*debugger.Game, error) {
	name = cmp.Or(name, defaultGame)
	game := g.base
	game.opts = slices.Concat(game.opts, opts)
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
	g.mu.Lock()
	if g.launches[name] != nil {
		g.mu.Unlock()
		return nil, errLaunching
	}
	if names := g.names(); len(names) >= maxGames && !slices.Contains(names, name) {
		g.mu.Unlock()
		return nil, tooManyGames(names)
	}
	l := &mcpLaunch{cancel: cancel, done: make(chan struct{})}
	if g.launches == nil {
		g.launches, g.games, g.launched = map[string]*mcpLaunch{}, map[string]*debugger.Game{}, map[string]gameLaunch{}
	}
	g.launches[name] = l
	old := g.games[name]
	delete(g.games, name)
	rec := g.rec
	g.mu.Unlock()
	if old != nil {
		old.Close()
	}
	started, err := g.start(ctx, game.godot, rec.args(game.args), rec.opts(game.opts)...)
	if err == nil {
		err = rec.add(name, started)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.launches, name)
	close(l.done)
	if err == nil && ctx.Err() != nil { // quit came as it connected
		err = ctx.Err()
	}
	if err != nil {
		if started != nil {
			started.Close()
		}
		return nil, err
	}
	g.games[name], g.launched[name] = started, game
	return started, nil
}

// sessionOf returns the Session of the game a tool names ("": the one
// running, or defaultGame). The game of gdvar mcp's command line, if it
// is not running, is launched first (a client that starts a server for
// each call needs no launch call); a launch of the game under way is
// waited for.
func (g *mcpGames) sessionOf(ctx context.Context, name string) (*debugger.Session, error) {
	for {
		g.mu.Lock()
		resolved, err := g.resolve(name)
		game, l := g.games[resolved], g.launches[resolved]
		g.mu.Unlock()
		switch {
		case err != nil:
			return nil, err
		case game != nil:
			return game.Session, nil
		case l != nil:
			select {
			case <-l.done:
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		case name == "" && g.base.godot == "":
			return nil, errors.New("no game running: call launch first")
		case resolved != defaultGame || g.base.godot == "":
			return nil, fmt.Errorf("no game named %s: call launch first%s", shown(resolved), g.running())
		}
		_, err = g.launch(ctx, defaultGame, "", nil)
		if err != nil && !errors.Is(err, errLaunching) {
			return nil, fmt.Errorf("launching %s: %w", shown(resolved), err)
		}
	}
}

// resolve returns the name of the game a tool names: name, or if it is
// "" the one game running or being launched, or defaultGame if there is
// none. g.mu is held.
func (g *mcpGames) resolve(name string) (string, error) {
	if name != "" {
		return name, nil
	}
	names := g.names()
	switch len(names) {
	case 0:
		return defaultGame, nil
	case 1:
		return names[0], nil
	}
	return "", fmt.Errorf("%d games are running (%s): name one with the game argument", len(names), shownNames(names))
}

// names returns the names of the games running or being launched, in
// order. g.mu is held.
func (g *mcpGames) names() []string {
	set := map[string]bool{}
	for n := range g.games {
		set[n] = true
	}
	for n := range g.launches {
		set[n] = true
	}
	return slices.Sorted(maps.Keys(set))
}

// running says which games run, for an error naming a game that does not.
func (g *mcpGames) running() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	if names := g.names(); len(names) > 0 {
		return " (running: " + shownNames(names) + ")"
	}
	return ""
}

// quit ends the game of that name, or every game if name is "", and
// their launches under way, and waits for their processes to go.
func (g *mcpGames) quit(name string) {
	g.mu.Lock()
	var ending []*debugger.Game
	for n, l := range g.launches {
		if name == "" || n == name {
			l.cancel()
		}
	}
	for n, game := range g.games {
		if name == "" || n == name {
			ending = append(ending, game)
			delete(g.games, n)
		}
	}
	g.mu.Unlock()
	for _, game := range ending {
		game.Close()
	}
}
