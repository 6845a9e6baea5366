package debugger

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/childproc"
)

// Game is a game [Launch] started: its [Session], and its process, which
// Close ends.
type Game struct {
	*Session
	cmd     *exec.Cmd
	proc    *childproc.Process
	output  *tail // the last lines of the game's standard output and error
	project gameProject
	exited  <-chan struct{}
}

// exitWait bounds the wait for a game's process to end once its
// connection has: it ends within milliseconds when it quit or crashed.
const exitWait = 2 * time.Second

// Launch starts the game, the engine binary godot (a debug build: the
// editor, or a debug export) with args (--path DIR, --headless, a scene,
// …) and --remote-debug pointing at a listener of its own, waits for it to
// connect and for its main scene to be in the tree, installs the input
// helper in a Godot 4 game (see InstallInput; with [HoldFromStart], the
// game is held at its first frame, the helper in it from the start), and
// returns it. The game is
// killed if it does not connect in time, on Close, and on Linux when the
// Go process dies. An invalid option fails Launch before it starts
// anything. A game that ends before its main scene is there fails Launch
// with an *ExitError: how it ended, and the last lines it printed.
//
// The main scene is waited for (within [WithConnectTimeout]) when Launch
// can read the game's project.godot, in the folder --path names or the
// working directory, and it or the command line names a main scene: then
// the main scene is the first child of /root that is not an autoload.
//
// Any local process can read the game's command line, and connect to the
// listener first. On Linux the listener takes only a connection that the
// game's process, or a process it started, holds (the kernel says which);
// others are closed at once, [ErrNotTheGame], and it waits on. A Godot 4
// game's first message says its process id (set_pid): it must be the
// game's process, or on Linux one it started that holds the connection,
// else the connection is closed ([ErrNotTheGame]) and the listener waits
// on, so that a process the game's launcher started beside it (a script
// starting the engine and another program) cannot pass for the game.
// Elsewhere a Godot 3 game is the first connection that sends a
// debugger message (Accept).
func Launch(ctx context.Context, godot string, args []string, opts ...Option) (*Game, error) {
	cfg, err := newConfig(opts, true)
	if err != nil {
		return nil, err
	}
	ln, err := Listen(cfg.listen)
	if err != nil {
		return nil, err
	}
	defer ln.Close()
	major := 4
	if cfg.engine == gdvar.Godot3 {
		major = 3
	}
	flags := []string{"--remote-debug", ln.RemoteDebugArg(major)}
	if major == 4 && !cfg.breakOnErrors {
		flags = append(flags, "--ignore-error-breaks")
	}
	project := readGameProject(args)
	if cfg.hold && major == 3 {
		return nil, fmt.Errorf("%w: HoldFromStart is Godot 4", ErrUnsupported)
	}
	if cfg.hold {
		dir, held, err := heldCommand(cfg.seed, args, project)
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir) // the game has loaded them once Launch returns
		flags = append(flags, held...)
	}
	cmd := exec.Command(godot, append(flags, args...)...)
	output := &tail{}
	cmd.Env = cfg.env
	cmd.Stdout, cmd.Stderr = output.stream(cfg.stdout), output.stream(cfg.stderr)
	cmd.WaitDelay = time.Second // a child holding the pipes
	proc, err := childproc.Start(cmd)
	if err != nil {
		return nil, err
	}
	g := &Game{cmd: cmd, proc: proc, output: output, project: project, exited: proc.Done()}
	cfg.exited = g.exitWithin
	cfg.projectDir = g.project.dir
	cfg.unfixed = !hasFixedFPS(args)
	cfg.fps = FixedFPS(args)
	actx, cancel := context.WithTimeout(ctx, cfg.connectTimeout)
	defer cancel()
	go func() {
		select {
		case <-g.exited: // no connection will come
			cancel()
		case <-actx.Done():
		}
	}()
	pid := cmd.Process.Pid
	g.Session, err = ln.accept(actx, cfg, func(c net.Conn) error { return fromProcess(c, pid) },
		func(c net.Conn, m Message) error { return saysPID(c, m, pid) })
	if err != nil {
		exited := g.exitErr() != nil || errors.Is(err, context.Canceled) && ctx.Err() == nil
		g.kill()
		if exited {
			return nil, fmt.Errorf("debugger: the game ended without connecting: %w", g.exitError())
		}
		return nil, fmt.Errorf("debugger: the game did not connect: %w", err)
	}
	if g.project.waits {
		if err := g.waitMainScene(actx, g.project.autoloads); err != nil {
			if exit := g.exitWithin(exitWait); exit != nil {
				err = exit
			}
			g.Close()
			return nil, mainSceneError(err)
		}
	}
	switch {
	case cfg.hold:
		if err := g.startHeld(actx); err != nil {
			if exit := g.exitWithin(exitWait); exit != nil {
				err = fmt.Errorf("%w: %w", ErrNotHeld, exit)
			}
			g.Close()
			return nil, err
		}
	case g.Engine() == gdvar.Godot4 && cfg.installInput:
		g.InstallInput(actx) // a failure is kept, for the input methods to say
	}
	return g, nil
}

// exitWithin returns how the process ended, if it ends within wait, or
// nil.
func (g *Game) exitWithin(wait time.Duration) error {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-g.exited:
		return g.exitError()
	case <-t.C:
		return nil
	}
}

// exitError is the ended process's *ExitError.
func (g *Game) exitError() *ExitError {
	<-g.exited
	return &ExitError{State: g.cmd.ProcessState.String(), Output: g.output.Lines()}
}

// Process returns the game's process as [Launch] started it (the engine
// binary, or whatever godot names); PID is what the engine says.
func (g *Game) Process() *os.Process { return g.cmd.Process }

// Exited is closed when the game's process has ended.
func (g *Game) Exited() <-chan struct{} { return g.exited }

// exitErr returns the process's exit error once it ended (nil before).
func (g *Game) exitErr() error {
	select {
	case <-g.exited:
		return g.proc.Err()
	default:
		return nil
	}
}

// kill ends the process and waits for it.
func (g *Game) kill() { g.proc.Stop() }

// Close ends the session and the game's process (killing it if it is
// still running) and waits for it to go.
func (g *Game) Close() error {
	err := g.closeConn()
	<-g.done
	g.kill()
	return err
}
