package loadtesttest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/childproc"
)

// readyWait bounds the wait for a Godot server to say it is ready: a
// project's first run on a busy machine takes seconds.
const readyWait = 2 * time.Minute

// maxPrinted bounds what a server printed that a test keeps.
const maxPrinted = 1 << 20

// A Server is a game server a test started.
type Server struct {
	PID int // its process's, for loadtest.Config.ServerPID

	out *childproc.Output
}

// Printed is what the server printed so far, its standard output and
// error, at most 1 MiB.
func (s *Server) Printed() string { return s.out.String() }

// GodotServer starts the Godot project in the folder dir headless, with
// args after its path (a scene, "--host", or user arguments after "--"),
// waits until it prints a line holding ready (2 minutes at most), and
// ends it when the test ends. The engine is Godot 4's, as
// debuggertest.Godot finds it (the test is skipped if there is none);
// dir must be a folder the engine may write in, as debuggertest.Project
// makes. If the test fails, what the server printed is logged and
// attached (server.log).
func GodotServer(t testing.TB, dir, ready string, args ...string) *Server {
	t.Helper()
	engine := debuggertest.Godot(t)
	cmd := exec.Command(engine, append([]string{"--headless", "--path", dir}, args...)...)
	cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir()) // gdvar's engine cache keeps the engine's settings apart
	s := &Server{out: &childproc.Output{Max: maxPrinted}}
	cmd.Stdout, cmd.Stderr = s.out, s.out
	cmd.WaitDelay = 10 * time.Second // a child left holding the pipes
	proc, err := childproc.Start(cmd)
	if err != nil {
		t.Fatalf("starting %s: %v", engine, err)
	}
	s.PID = proc.Pid()
	exited := proc.Done()
	t.Cleanup(func() {
		proc.Stop()
		if t.Failed() {
			path := filepath.Join(t.ArtifactDir(), "server.log")
			if os.WriteFile(path, []byte(s.Printed()), 0o644) == nil {
				t.Logf("the server's log: %s", path)
			}
			t.Logf("the server printed:\n%s", s.Printed())
		}
	})
	deadline := time.After(readyWait)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !strings.Contains(s.Printed(), ready) {
		select {
		case <-exited:
			t.Fatalf("the server ended before it printed %q; it printed:\n%s", ready, s.Printed())
		case <-deadline:
			t.Fatalf("the server printed no %q within %v; it printed:\n%s", ready, readyWait, s.Printed())
		case <-tick.C:
		}
	}
	return s
}
