package game

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/debugger"
)

// debugUsage is gdvar debug's help.
const debugUsage = `usage: gdvar debug [-listen ADDR] [-engine 4|3] [-hold [-seed N]] [-e 'CMD; CMD; …'] -- GODOT [ARGS…]

Listens (on loopback by default), starts GODOT ARGS… with --remote-debug
added, and once the game has connected runs each command in order, printing
its result on standard output; then it ends the game. It exits 0 if and
only if every command succeeded. With -hold, each game starts held at its
first frame, its random numbers seeded with -seed (0), as gdvar replay
starts it: advance runs it from there, the same frames on every run (its
ARGS need --fixed-fps N, and a scene to run). The game's own output goes to standard
error. Without -e, it reads commands from standard input, one a line; a
line over 1 MiB is skipped, and counts as a failed command.

Values go in and come out in Godot's text form, as var_to_str prints it.
A PATH with spaces is written in double quotes.

  tree [-helper] [PATH [DEPTH [FILTER]]]
                             every node (or PATH's subtree, DEPTH levels
                             down; those whose name or class matches the
                             glob FILTER): its absolute path and get_class();
                             -helper adds the input helper gdvar installed
                             (/root/GdvarInput), left out otherwise
  props PATH                 the node's properties: name, type = value
  wait PATH [TIMEOUT]        until the node exists (10s, or TIMEOUT: 30s)
  until PATH PROPERTY VALUE [TIMEOUT]   until the property has the value
  get PATH PROPERTY          the property's value
  set PATH PROPERTY VALUE    the rest of the line is the value
  call PATH METHOD [ARG …]   call it and print what it returns
  output                     every line the game printed so far, or "no output"
  errors                     its errors and warnings so far, a line each
  break FILE:LINE            set a breakpoint (clear FILE:LINE removes it);
                             FILE is res://player.gd, or player.gd
  pause, continue            stop the game in its debugger, let it go on
  suspend [on|off]           suspend its process, physics and input, or not
  paused [true|false]        whether its scene tree is paused; pause it or not
  step, next, out            run one GDScript line, and print where it stopped
  advance [N]                run the game N frames (1), physics included, and
                             hold it; print the frame it holds at (a game
                             started with --fixed-fps N: the same delta each);
                             its link of frames runs a frame after each
  speed X|max                let a held game run at X times real time (0:
                             hold it; max: as fast as it runs)
  frame                      the frame the game is on (its process frames)
  stack                      the stopped game's stack, innermost first
  vars [FRAME]               a stack frame's variables
  eval EXPRESSION            evaluate an Expression in the game
  monitors                   the performance monitors
  shot FILE [PATH]           a PNG of the game's viewport (or PATH's) to FILE;
                             prints its size (needs a game that renders)

Several games (a server and its clients), each by a name; the command
line's is "game":
  launch NAME [ARG …]        start another game with the same binary (and
                             the command line's ARGS if none), current now
  game NAME                  send the commands that follow to that game
  lockstep N NAME…           run the games N frames together, a frame of
                             each in turn (a host, then its clients); print
                             each one's name and the frame it holds at

A link between a client and its server (ENet: UDP; WebSocket: TCP),
whose conditions change at any frame; with -hold, stepped a frame after each lockstep
frame, its delays counted in frames and its losses seeded, so a session
gives the same packets at the same frames; else on the wall clock:
  proxy NAME HOST:PORT|ws://HOST:PORT[/PATH] [LISTEN]
                             a link to the server (ENet; WebSocket) for
                             game NAME, on LISTEN (a free port): prints
                             the address to give NAME (its join
                             function's, a property) in its place
  net NAME [to-server|to-client] [latency D] [jitter D] [loss P%]
      [duplicate P%] [reorder P%] [rate BYTES/s] [down|up]
                             change NAME's link, both ways or one: latency
                             150ms, loss 5%; down cuts it, up joins it
  links                      each link, its conditions, and what it
                             received, forwarded, delayed, lost,
                             duplicated, reordered and cut each way

Input goes through gdvar's input helper, which Launch installs in a Godot
4.4+ game at run time (or gdvar_input.gd as an autoload; see docs/debugger.md):
  key NAME [tap|down|up]     a key as Godot names it: A, Enter, Ctrl+S
  move X Y                   the mouse to a position in the root viewport
  click X Y [left|right|middle] [tap|down|up]
  wheel X Y up|down|left|right [FACTOR]
  action NAME [STRENGTH] [tap|down|up]   an action of the Input Map
  text TEXT                  type the rest of the line
  (without down or up, a key, click or action is pressed, then released)

`

// Debug runs gdvar debug with its arguments and streams, and returns its
// exit status.
func Debug(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar debug", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), debugUsage); cli.WriteExamples(fs.Output(), "debug") }
	gameConfig := gameFlags(fs)
	script := fs.String("e", "", "commands to run, separated by ;")
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	stderr = &lockedWriter{w: stderr} // the game's two streams write to it too
	game, ok := gameConfig(stderr)
	if !ok || game.godot == "" {
		fs.Usage()
		return 2
	}
	games := &debugGames{base: game, games: map[string]*debugger.Game{}, links: newLinks(game)}
	defer games.closeAll()
	if err := games.launch(defaultGame, game.args); err != nil {
		fmt.Fprintf(stderr, "gdvar debug: %v\n", err)
		return 1
	}
	var cmds []string
	if *script != "" {
		cmds = splitCommands(*script)
	}
	failed := false
	run := func(line string) {
		if err := games.run(line, stdout); err != nil {
			fmt.Fprintf(stderr, "gdvar debug: %s: %v\n", shownLine(strings.TrimSpace(line)), err)
			failed = true
		}
	}
	if *script != "" {
		for _, c := range cmds {
			run(c)
		}
	} else {
		n := 0
		err := readLines(stdin, maxCommandLine, func(line string, err error) {
			n++
			if err != nil {
				fmt.Fprintf(stderr, "gdvar debug: line %d: over the 1 MiB limit of a line; skipped\n", n)
				failed = true
				return
			}
			for _, c := range splitCommands(line) {
				run(c)
			}
		})
		if err != nil {
			fmt.Fprintf(stderr, "gdvar debug: reading standard input: %v\n", err)
			failed = true
		}
	}
	if failed {
		return 1
	}
	return 0
}

// debugGames are the games of a gdvar debug run, each by its name: the
// command line's is defaultGame, and the launch command starts others.
// Commands go to the current one, which the game command chooses.
type debugGames struct {
	base    gameLaunch
	games   map[string]*debugger.Game
	current string
	links   *gameLinks
}

// launch starts a game under a name, with the command line's binary and
// args, and makes it the current one; a game of that name ends first.
// Past maxGames games, another name is refused.
func (d *debugGames) launch(name string, args []string) error {
	if len(d.games) >= maxGames && d.games[name] == nil {
		return tooManyGames(slices.Collect(maps.Keys(d.games)))
	}
	if old := d.games[name]; old != nil {
		old.Close()
		delete(d.games, name)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g, err := debugger.Launch(ctx, d.base.godot, args, d.base.opts...)
	if err != nil {
		return err
	}
	d.games[name], d.current = g, name
	return nil
}

// run runs a command line: launch and game here, the others on the
// current game.
func (d *debugGames) run(line string, out io.Writer) error {
	words, err := splitWords(line)
	if err != nil || len(words) == 0 {
		return err
	}
	switch words[0] {
	case "launch":
		if len(words) < 2 {
			return errors.New("usage: launch NAME [ARG …]")
		}
		args := d.base.args
		if len(words) > 2 {
			args = words[2:]
		}
		return d.launch(words[1], args)
	case "game":
		if len(words) != 2 {
			return errors.New("usage: game NAME")
		}
		if _, err := d.session(words[1]); err != nil {
			return err
		}
		d.current = words[1]
		return nil
	case "lockstep":
		return d.lockstep(words[1:], out)
	case "advance":
		if steppers := d.links.stepperOf(d.current); len(steppers) > 0 {
			if len(words) > 2 {
				return errors.New("usage: advance [N]")
			}
			s := d.games[d.current].Session
			return runAction(context.Background(), out, func(ctx context.Context, w *bufio.Writer) error {
				return debugAdvanceWith(ctx, s, words[1:], steppers, w)
			})
		}
	case "proxy":
		return d.links.proxy(words[1:], out)
	case "net":
		return d.links.setNet(words[1:])
	case "links":
		if len(words) != 1 {
			return errors.New("usage: links")
		}
		return d.links.show(out)
	}
	return runDebugCommand(d.games[d.current].Session, line, out)
}

// lockstep is the lockstep command: N frames of the games named.
func (d *debugGames) lockstep(args []string, out io.Writer) error {
	if len(args) < 2 {
		return errors.New("usage: lockstep N NAME…")
	}
	n, err := frameCount(args[0])
	if err != nil {
		return err
	}
	sessions := make([]*debugger.Session, len(args)-1)
	for i, name := range args[1:] {
		if sessions[i], err = d.session(name); err != nil {
			return err
		}
	}
	return runAction(context.Background(), out, func(ctx context.Context, w *bufio.Writer) error {
		return showLockstep(ctx, args[1:], sessions, d.links.steppers(), n, w)
	})
}

// session returns the session of the game of that name.
func (d *debugGames) session(name string) (*debugger.Session, error) {
	if g := d.games[name]; g != nil {
		return g.Session, nil
	}
	return nil, fmt.Errorf("no game %s (running: %s)", shown(name), shownNames(slices.Sorted(maps.Keys(d.games))))
}

// closeAll ends every game, and every link.
func (d *debugGames) closeAll() {
	for _, g := range d.games {
		g.Close()
	}
	d.links.close()
}

// gameLaunch is how gdvar debug and gdvar mcp start a game: the engine
// binary, its arguments and debugger.Launch's options.
type gameLaunch struct {
	godot string
	args  []string
	opts  []debugger.Option
	held  bool  // -hold: started held at their first frame, stepped
	seed  int64 // -seed: their random numbers', and their links' losses
}

// gameFlags adds the flags that say how to start the game, -listen and
// -engine, to fs; once fs is parsed, the function it returns gives the
// launch of the game its arguments name (godot "" if none), the game's own
// output going to w, or false if -engine is wrong.
func gameFlags(fs *flag.FlagSet) func(w io.Writer) (gameLaunch, bool) {
	listen := fs.String("listen", "127.0.0.1:0", "the address to listen on for the game")
	engine := fs.String("engine", "4", "the engine's major version: 4 or 3 (3.6)")
	hold := fs.Bool("hold", false, "start each game held at its first frame, as gdvar replay does: its frames then numbered alike on every run (the game's arguments need --fixed-fps N)")
	seed := fs.Int64("seed", 0, "with -hold, the seed of each game's random numbers, set before its scripts run, and of its links' losses (link n: seed+n)")
	return func(w io.Writer) (gameLaunch, bool) {
		game := gameLaunch{opts: []debugger.Option{debugger.WithListen(*listen), debugger.WithStdout(w), debugger.WithStderr(w)}}
		if fs.NArg() > 0 {
			game.godot, game.args = fs.Arg(0), fs.Args()[1:]
		}
		if *engine == "3" {
			game.opts = append(game.opts, debugger.WithEngine(gdvar.Godot3))
		}
		if game.held, game.seed = *hold, *seed; *hold {
			game.opts = append(game.opts, debugger.HoldFromStart(*seed))
		} else if flagGiven(fs, "seed") {
			fmt.Fprintln(w, "-seed seeds a game held from its start: give -hold too")
			return game, false
		}
		return game, *engine == "4" || *engine == "3"
	}
}

// flagGiven says whether the command line gave the flag name.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// runDebugCommand runs one command line on the game and prints its result.
func runDebugCommand(s *debugger.Session, line string, out io.Writer) error {
	words, err := splitWords(line)
	if err != nil || len(words) == 0 {
		return err
	}
	name, args := words[0], words[1:]
	c, ok := debugCommands[name]
	if !ok {
		return fmt.Errorf("unknown command %s (see gdvar debug -h)", shown(name))
	}
	if c.rest && len(args) >= c.min { // the last argument is the rest of the line, after the name and the others
		args = append(args[:c.min-1:c.min-1], restOfLine(line, c.min))
	}
	if len(args) < c.min || c.max >= 0 && len(args) > c.max {
		return fmt.Errorf("usage: %s", c.usage)
	}
	return runAction(context.Background(), out, func(ctx context.Context, out *bufio.Writer) error {
		return c.run(ctx, s, args, out)
	})
}

// lockedWriter serializes the writes of several goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
