// Package godot finds and runs the real Godot engines that
// scripts/install-godot.sh installs, for tests that check gdvar against them.
// Tests that need an engine skip, with a message saying how to install it,
// when it is absent.
package godot

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Engine names: the launchers scripts/install-godot.sh writes.
const (
	Godot4   = "godot4"
	Godot3_6 = "godot3.6"
	Godot3_2 = "godot3.2"
)

// Find returns the launcher of the named engine, from $GDVAR_GODOT4,
// $GDVAR_GODOT3_6, $GDVAR_GODOT3_2 or $GDVAR_ENGINES/bin (default
// ~/.cache/gdvar/engines/bin), or "" if it is not installed.
func Find(name string) string {
	if p := os.Getenv("GDVAR_" + strings.ReplaceAll(upper(name), ".", "_")); p != "" {
		return p
	}
	dir := os.Getenv("GDVAR_ENGINES")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".cache", "gdvar", "engines")
	}
	p := filepath.Join(dir, "bin", name)
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return ""
	}
	return p
}

func upper(s string) string { return string(bytes.ToUpper([]byte(s))) }

// Require returns the named engine's launcher or skips the test.
func Require(t testing.TB, name string) string {
	t.Helper()
	p := Find(name)
	if p == "" {
		t.Skipf("%s is not installed: run scripts/install-godot.sh %s (CI does) to run this test against the real engine", name, strings.TrimPrefix(name, "godot"))
	}
	return p
}

// root returns the repository root (the directory holding
// scripts/install-godot.sh, found from a test of any module in the
// repository), where scripts are run from so that their res:// paths are
// stable.
func root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "scripts", "install-godot.sh")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no scripts/install-godot.sh above the test's directory")
		}
		dir = parent
	}
}

// RunScript runs a GDScript (a path relative to the repository root) headless
// with the given user arguments and returns what it printed. The test fails
// if the engine does, or runs for more than five minutes (a script error
// leaves a Godot 3 engine running).
func RunScript(t testing.TB, engine, script string, args ...string) string {
	t.Helper()
	headless := "--headless"
	if strings.Contains(filepath.Base(engine), "godot3") {
		headless = "--no-window"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmdArgs := append([]string{headless, "-s", script, "--"}, args...)
	cmd := exec.CommandContext(ctx, engine, cmdArgs...)
	cmd.Dir = root(t)
	cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", engine, script, err, stderr.String())
	}
	return stdout.String()
}

// Process is an engine running a script in the background.
type Process struct {
	cmd    *exec.Cmd
	out    bytes.Buffer
	done   chan error
	cancel context.CancelFunc
}

// Start runs a GDScript (a path relative to the repository root) in the
// background with the given user arguments. The process is killed when the
// test ends, if it has not ended by then.
func Start(t testing.TB, engine, script string, args ...string) *Process {
	t.Helper()
	return StartWith(t, engine, append([]string{"-s", script, "--"}, args...)...)
}

// StartWith runs an engine in the background with the given arguments
// (after the headless flag), from the repository root.
func StartWith(t testing.TB, engine string, args ...string) *Process {
	t.Helper()
	headless := "--headless"
	if strings.Contains(filepath.Base(engine), "godot3") {
		headless = "--no-window"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	p := &Process{done: make(chan error, 1), cancel: cancel}
	p.cmd = exec.CommandContext(ctx, engine, append([]string{headless}, args...)...)
	p.cmd.Dir = root(t)
	p.cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	out := &syncWriter{w: &p.out} // one lock for both streams
	p.cmd.Stdout, p.cmd.Stderr = out, out
	if err := p.cmd.Start(); err != nil {
		cancel()
		t.Fatalf("starting %s: %v", engine, err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		cancel()
		<-p.done
	})
	return p
}

// Wait waits for the process to end and returns what it printed.
func (p *Process) Wait(t testing.TB) string {
	t.Helper()
	err := <-p.done
	p.done <- err // for the cleanup, which waits for the end too
	if err != nil {
		t.Fatalf("engine: %v\n%s", err, p.Output())
	}
	return p.Output()
}

// Output returns what the process printed so far.
func (p *Process) Output() string {
	w := p.cmd.Stdout.(*syncWriter)
	w.mu.Lock()
	defer w.mu.Unlock()
	return p.out.String()
}

// syncWriter lets stdout and stderr share one buffer.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

// FreePort returns a loopback TCP (or UDP) port nobody listens on now.
func FreePort(t testing.TB, network string) int {
	t.Helper()
	if network == "udp" {
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		return c.LocalAddr().(*net.UDPAddr).Port
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
