package debugger

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
)

// Config says how Launch starts a game.
type Config struct {
	Godot string   // the engine binary (a debug build: the editor, or a debug export)
	Args  []string // its arguments: --path DIR, --headless, a scene, …
	Env   []string // the process's environment (the Go process's if nil)

	// Engine is gdvar.Godot4 (the default) or gdvar.Godot3, whose
	// --remote-debug takes HOST:PORT without tcp://.
	Engine gdvar.Engine
	// Listen is the address to listen on: a free loopback port if "".
	Listen string
	// Stdout and Stderr receive what the game prints on its own (the
	// debugger gets its output too); discarded if nil.
	Stdout, Stderr io.Writer
	// ConnectTimeout bounds the wait for the game to connect: 60 s if 0.
	// It starts, then connects within about 3 s or never.
	ConnectTimeout time.Duration
	// BreakOnErrors keeps Godot's default of stopping the game at a
	// script error. Without it Launch adds --ignore-error-breaks (Godot
	// 4.5+), so that an error does not freeze an automated game.
	BreakOnErrors bool

	Options // the Session's
}

// Game is a game Launch started: its Session, and its process, which
// Close ends.
type Game struct {
	*Session
	cmd    *exec.Cmd
	exited chan struct{}
	waitMu sync.Mutex
	err    error // the process's exit, once exited is closed
}

// Launch starts the game with --remote-debug pointing at a listener of its
// own, waits for it to connect, and returns it. The game is killed if it
// does not connect in time, on Close, and on Linux when the Go process
// dies.
//
// Any local process can read the game's command line, and connect to the
// listener first. On Linux the listener takes only a connection that the
// game's process, or a process it started, holds (the kernel says which);
// others are closed at once, ErrNotTheGame, and it waits on. Elsewhere it
// takes the first connection that sends a debugger message (Accept).
func Launch(ctx context.Context, cfg Config) (*Game, error) {
	ln, err := Listen(cmp.Or(cfg.Listen, "127.0.0.1:0"))
	if err != nil {
		return nil, err
	}
	defer ln.Close()
	major := 4
	if cfg.Engine == gdvar.Godot3 {
		major = 3
	}
	args := []string{"--remote-debug", ln.RemoteDebugArg(major)}
	if major == 4 && !cfg.BreakOnErrors {
		args = append(args, "--ignore-error-breaks")
	}
	cmd := exec.Command(cfg.Godot, append(args, cfg.Args...)...)
	cmd.Env = cfg.Env
	cmd.Stdout, cmd.Stderr = cfg.Stdout, cfg.Stderr
	cmd.WaitDelay = time.Second // a child holding the pipes
	dieWithParent(cmd)
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	g := &Game{cmd: cmd, exited: make(chan struct{})}
	go func() {
		err := cmd.Wait()
		g.waitMu.Lock()
		g.err = err
		g.waitMu.Unlock()
		close(g.exited)
	}()
	wait := cfg.ConnectTimeout
	if wait <= 0 {
		wait = 60 * time.Second
	}
	actx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	go func() {
		select {
		case <-g.exited: // no connection will come
			cancel()
		case <-actx.Done():
		}
	}()
	g.Session, err = ln.accept(actx, cfg.Options, func(c net.Conn) error { return fromProcess(c, cmd.Process.Pid) })
	if err != nil {
		exited := g.exitErr() != nil || errors.Is(err, context.Canceled) && ctx.Err() == nil
		g.kill()
		if exited {
			return nil, fmt.Errorf("debugger: the game ended without connecting (%v)", cmd.ProcessState)
		}
		return nil, fmt.Errorf("debugger: the game did not connect: %w", err)
	}
	return g, nil
}

// Process returns the game's process as Launch started it (the engine
// binary, or whatever Config.Godot names); PID is what the engine says.
func (g *Game) Process() *os.Process { return g.cmd.Process }

// Exited is closed when the game's process has ended.
func (g *Game) Exited() <-chan struct{} { return g.exited }

// exitErr returns the process's exit error once it ended (nil before).
func (g *Game) exitErr() error {
	select {
	case <-g.exited:
		g.waitMu.Lock()
		defer g.waitMu.Unlock()
		return g.err
	default:
		return nil
	}
}

// kill ends the process and waits for it.
func (g *Game) kill() {
	select {
	case <-g.exited:
		return
	default:
	}
	g.cmd.Process.Kill() // an error means it is gone already
	<-g.exited
}

// Close ends the session and the game's process (killing it if it is
// still running) and waits for it to go.
func (g *Game) Close() error {
	err := g.closeConn()
	<-g.done
	g.kill()
	return err
}
