package debugger

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
)

// Game is a game Launch started: its Session, and its process, which
// Close ends.
type Game struct {
	*Session
	cmd    *exec.Cmd
	exited chan struct{}
	waitMu sync.Mutex
	err    error // the process's exit, once exited is closed
}

// Launch starts the game, the engine binary godot (a debug build: the
// editor, or a debug export) with args (--path DIR, --headless, a scene,
// …) and --remote-debug pointing at a listener of its own, waits for it to
// connect, and returns it. The game is killed if it does not connect in
// time, on Close, and on Linux when the Go process dies. An invalid option
// fails Launch before it starts anything.
//
// Any local process can read the game's command line, and connect to the
// listener first. On Linux the listener takes only a connection that the
// game's process, or a process it started, holds (the kernel says which);
// others are closed at once, ErrNotTheGame, and it waits on. Elsewhere it
// takes the first connection that sends a debugger message (Accept).
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
	cmd := exec.Command(godot, append(flags, args...)...)
	cmd.Env = cfg.env
	cmd.Stdout, cmd.Stderr = cfg.stdout, cfg.stderr
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
	actx, cancel := context.WithTimeout(ctx, cfg.connectTimeout)
	defer cancel()
	go func() {
		select {
		case <-g.exited: // no connection will come
			cancel()
		case <-actx.Done():
		}
	}()
	g.Session, err = ln.accept(actx, cfg, func(c net.Conn) error { return fromProcess(c, cmd.Process.Pid) })
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
// binary, or whatever godot names); PID is what the engine says.
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
