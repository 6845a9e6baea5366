package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
)

// The servers a run can measure.
const (
	serverGo         = "go"          // this module's, from serveGo
	serverGodot      = "godot"       // Godot 4.6's, its frame sleep off
	serverGodotSleep = "godot-sleep" // Godot 4.6's as it runs by default
)

// server is a game server in a process of its own, serving a match at
// each of its addresses. The process dies with this one
// (internal/childproc): a bench killed leaves no server behind.
type server struct {
	cmd  *exec.Cmd
	proc *childproc.Process
	// addrs are the matches' addresses, as the clients dial them: a
	// WebSocket's URL, an ENet host's host:port. A Go server prints its
	// own (matchLine) before READY.
	addrs []string
	done  chan struct{} // closed once the process has ended and its output is read
	home  string        // the engine's temporary project and home, removed at stop
	// throttled carries the counts a Go server prints when asked (see
	// throttleDropped).
	throttled chan uint64

	mu  sync.Mutex
	out bytes.Buffer // what it printed, for errors
}

// serverSetup is what starting a server takes beyond its kind.
type serverSetup struct {
	transport  multiplayer.Transport
	game       string        // the Godot project's folder
	engine     string        // Godot 4's launcher
	lifted     bool          // the Go server's limits lifted (-limits lifted)
	maxRun     time.Duration // how long the server may run at most
	cpuProfile string        // the Go server's CPU profile, if not ""
	gather     time.Duration // the Go server's WithGatherWindow
}

// startServer starts a server of the kind named, serving matches matches,
// and waits until it listens. Godot serves one match a process.
func startServer(kind string, s serverSetup, matches int) (*server, error) {
	if kind != serverGo && matches != 1 {
		return nil, fmt.Errorf("players: a %s server serves one match a process", kind)
	}
	srv := &server{done: make(chan struct{}), throttled: make(chan uint64, 1)}
	port, err := freePort(s.transport)
	if err != nil {
		return nil, err
	}
	listen := "127.0.0.1:" + strconv.Itoa(port)
	switch kind {
	case serverGo:
		self, err := os.Executable()
		if err != nil {
			return nil, err
		}
		limits := "default"
		if s.lifted {
			limits = "lifted"
		}
		if s.transport == multiplayer.ENet {
			// Twice the ports: Matches passes by those other processes hold.
			listen += "-" + strconv.Itoa(port+2*matches-1)
		}
		srv.cmd = exec.Command(self, "-serve", s.transport.String(), "-listen", listen, "-matches", strconv.Itoa(matches),
			"-game", s.game, "-limits", limits, "-cpuprofile", s.cpuProfile, "-gather", s.gather.String())
	case serverGodot, serverGodotSleep:
		if s.engine == "" {
			return nil, fmt.Errorf("players: Godot 4 is not installed (scripts/install-godot.sh 4, or -godot)")
		}
		if srv.home, err = os.MkdirTemp("", "players-godot-"); err != nil {
			return nil, err
		}
		dir := filepath.Join(srv.home, "project")
		if err := os.CopyFS(dir, os.DirFS(s.game)); err != nil {
			os.RemoveAll(srv.home)
			return nil, err
		}
		args := []string{"--headless", "--path", dir, "--", "server", strconv.Itoa(port), strconv.Itoa(int(s.maxRun.Seconds()))}
		if s.transport == multiplayer.ENet {
			args = append(args, "enet")
		}
		if kind == serverGodot {
			args = append(args, "nosleep")
		}
		srv.cmd = exec.Command(s.engine, args...)
		srv.cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+filepath.Join(srv.home, "home"))
		srv.addrs = []string{listen}
		if s.transport == multiplayer.WebSocket {
			srv.addrs[0] = "ws://" + listen
		}
	default:
		return nil, fmt.Errorf("players: server %q: go, godot or godot-sleep", kind)
	}
	stdout, printed := io.Pipe()
	srv.cmd.Stdout = printed
	srv.cmd.Stderr = lockedWriter{&srv.mu, &srv.out}
	srv.cmd.WaitDelay = 10 * time.Second // a child left holding the pipes
	if srv.proc, err = childproc.Start(srv.cmd); err != nil {
		os.RemoveAll(srv.home)
		return nil, err
	}
	go func() { // its output is all copied once it is reaped
		<-srv.proc.Done()
		printed.Close()
	}()
	ready := make(chan struct{})
	go func() {
		lines := bufio.NewScanner(stdout)
		isReady := false // ready itself stays: the select below reads it
		for lines.Scan() {
			if v, ok := strings.CutPrefix(lines.Text(), throttledLine); ok {
				if n, err := strconv.ParseUint(v, 10, 64); err == nil {
					select {
					case srv.throttled <- n:
					default: // not asked for: nobody waits
					}
				}
				continue
			}
			if addr, ok := strings.CutPrefix(lines.Text(), matchLine); ok && !isReady {
				srv.addrs = append(srv.addrs, addr) // read once ready is closed
			}
			if lines.Text() == "READY" && !isReady {
				close(ready)
				isReady = true
			}
			srv.mu.Lock()
			srv.out.WriteString(lines.Text() + "\n")
			srv.mu.Unlock()
		}
		io.Copy(io.Discard, stdout) // a line over the scanner's bound: the process is not held
		close(srv.done)
	}()
	select {
	case <-ready:
		if len(srv.addrs) == matches {
			return srv, nil
		}
		err = fmt.Errorf("%d matches ready of %d", len(srv.addrs), matches)
	case <-srv.done:
		err = errors.New("ended")
	case <-time.After(60 * time.Second):
		err = errors.New("not listening after 60 s")
	}
	srv.stop()
	return nil, fmt.Errorf("players: %s server: %w:\n%s", kind, err, srv.output())
}

func (s *server) pid() int { return s.proc.Pid() }

// throttledLine begins the line a Go server prints on SIGUSR1: the
// unreliable packets its ENet hosts' throttles dropped.
const throttledLine = "THROTTLED "

// throttleDropped asks a Go server for the unreliable packets its ENet
// hosts' throttles have dropped, and waits at most 5 s for the answer.
func (s *server) throttleDropped() (uint64, error) {
	if err := s.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
		return 0, err
	}
	select {
	case n := <-s.throttled:
		return n, nil
	case <-s.done:
		return 0, errors.New("players: the server ended before it counted its throttle's drops")
	case <-time.After(5 * time.Second):
		return 0, fmt.Errorf("players: the server did not count its throttle's drops within 5 s:\n%s", s.output())
	}
}

func (s *server) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// stop ends the server: SIGTERM, then SIGKILL if it lingers.
func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		s.proc.Stop()
		<-s.done
	}
	if s.home != "" {
		os.RemoveAll(s.home)
	}
}

// lockedWriter is an io.Writer through a mutex.
type lockedWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// freePort returns a port nobody listens on now, TCP or UDP, outside
// the range sockets bound to port 0 take theirs from (godot.Port).
func freePort(transport multiplayer.Transport) (int, error) {
	if transport == multiplayer.ENet {
		return godot.Port("udp")
	}
	return godot.Port("tcp")
}

// findEngine returns Godot 4's launcher as the tests find it.
func findEngine(flagged string) string {
	if flagged != "" {
		return flagged
	}
	return godot.Find(godot.Godot4)
}
