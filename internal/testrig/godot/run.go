package godot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
)

// maxRun is how long an engine may run at most: a script error leaves a
// Godot 3 engine running, and a script waiting for a peer that never comes
// waits for ever.
const maxRun = 5 * time.Minute

// RunScript runs a GDScript (a path relative to the repository root) headless
// with the given user arguments and returns what it printed on its standard
// output. The test fails, with all the engine printed, if the engine does or
// runs for too long (see Start).
func RunScript(t testing.TB, engine, script string, args ...string) string {
	t.Helper()
	p := Start(t, engine, script, args...)
	p.Wait(t)
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stdout.String()
}

// Process is an engine running a script in the background.
type Process struct {
	name   string // the engine and its arguments, for messages
	cmd    *exec.Cmd
	limit  time.Duration
	ctx    context.Context // ends at the process's limit
	cancel context.CancelFunc
	proc   *childproc.Process
	done   <-chan struct{} // closed when the process has ended

	mu     sync.Mutex
	all    bytes.Buffer // standard output and error, as they came
	stdout bytes.Buffer
	shown  bool // a failure message has shown the output
}

// Start runs a GDScript (a path relative to the repository root) in the
// background with the given user arguments (file paths among them must be
// absolute). See StartWith.
func Start(t testing.TB, engine, script string, args ...string) *Process {
	t.Helper()
	return StartWith(t, engine, append([]string{"-s", script, "--"}, args...)...)
}

// StartWith runs an engine in the background with the given arguments
// (after the headless flag), in a project of its own (see project) whose
// scripts folder is the repository's. The engine is killed when the test
// ends, if it has not ended by then, and after five minutes, or sooner to
// leave a quarter of the time before the test binary's deadline. If the test
// fails, what the engine printed is logged.
func StartWith(t testing.TB, engine string, args ...string) *Process {
	t.Helper()
	return startIn(t, engine, "", args)
}

// StartProject runs the main scene of the Godot project in src (a folder
// of the repository) in the background, with the given user arguments, as
// StartWith runs a script.
func StartProject(t testing.TB, engine, src string, args ...string) *Process {
	t.Helper()
	return startIn(t, engine, src, append([]string{"--"}, args...))
}

// startIn is StartWith, in a project of src's files if src is not empty.
func startIn(t testing.TB, engine, src string, args []string) *Process {
	t.Helper()
	headless := "--headless"
	if strings.Contains(filepath.Base(engine), "godot3") {
		headless = "--no-window"
	}
	dir, home := project(t, src)
	p := &Process{
		name:  filepath.Base(engine) + " " + strings.Join(args, " "),
		limit: runLimit(t),
	}
	ctx, cancel := context.WithTimeout(context.Background(), p.limit)
	p.ctx, p.cancel = ctx, cancel
	p.cmd = exec.CommandContext(ctx, engine, append([]string{headless}, args...)...)
	p.cmd.Dir = dir
	p.cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+home)
	p.cmd.Stdout, p.cmd.Stderr = output{p, &p.stdout}, output{p, nil}
	p.cmd.WaitDelay = 10 * time.Second // a child left holding the pipes
	proc, err := childproc.Start(p.cmd)
	if err != nil {
		cancel()
		t.Fatalf("starting %s: %v", engine, err)
	}
	p.proc, p.done = proc, proc.Done()
	t.Cleanup(func() {
		cancel()
		<-p.done
		p.mu.Lock()
		defer p.mu.Unlock()
		if t.Failed() && !p.shown {
			t.Logf("%s printed:\n%s", p.name, excerpt(p.all.String()))
		}
	})
	return p
}

// runLimit is how long an engine a test starts may run.
func runLimit(t testing.TB) time.Duration {
	d := maxRun
	if dt, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if end, ok := dt.Deadline(); ok {
			d = min(d, time.Until(end)*3/4)
		}
	}
	return d
}

// Wait waits for the process to end and returns what it printed. The test
// fails, with that output, if the engine failed or was killed.
func (p *Process) Wait(t testing.TB) string {
	t.Helper()
	<-p.done
	if err := p.err(); err != nil {
		p.fail(t, err.Error())
	}
	return p.Output()
}

// err is why the process failed, once it has ended: killed past its
// limit, said so.
func (p *Process) err() error {
	err := p.proc.Err()
	if err != nil && errors.Is(p.ctx.Err(), context.DeadlineExceeded) {
		err = fmt.Errorf("%w: killed after %v", err, p.limit)
	}
	return err
}

// WaitFor waits, for at most limit, until the engine has printed a line
// that starts with prefix, and returns the rest of it, trimmed. The test fails,
// with all the engine printed, if the engine ends or the time passes
// first.
func (p *Process) WaitFor(t testing.TB, prefix string, limit time.Duration) string {
	t.Helper()
	deadline := time.After(limit)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if rest, ok := findLine(p.Output(), prefix); ok {
			return rest
		}
		select {
		case <-p.done:
			p.fail(t, fmt.Sprintf("it ended (%v) before printing %q", p.err(), prefix))
		case <-deadline:
			p.fail(t, fmt.Sprintf("no %q within %v", prefix, limit))
		case <-tick.C:
		}
	}
}

// Line returns the rest of the first line of out (an engine's output)
// that starts with prefix; if there is none, the test fails, with out.
func Line(t testing.TB, out, prefix string) string {
	t.Helper()
	rest, ok := findLine(out, prefix)
	if !ok {
		t.Errorf("no %q line in:\n%s", prefix, out)
	}
	return rest
}

// findLine returns the rest of the first line of out that starts with
// prefix, trimmed.
func findLine(out, prefix string) (string, bool) {
	for l := range strings.Lines(out) {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// fail fails the test with why and what the engine printed so far.
func (p *Process) fail(t testing.TB, why string) {
	t.Helper()
	p.mu.Lock()
	p.shown = true
	out := excerpt(p.all.String())
	p.mu.Unlock()
	t.Fatalf("%s: %s; it printed:\n%s", p.name, why, out)
}

// Signal sends sig to the engine's process: a benchmark stops (SIGSTOP)
// a server spinning a core while it measures another, and resumes it.
func (p *Process) Signal(sig os.Signal) error { return p.cmd.Process.Signal(sig) }

// Output returns what the process printed so far, standard output and
// error together.
func (p *Process) Output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.all.String()
}

// output is one of the process's two streams: both go to p.all, under one
// lock, and standard output to its own buffer as well.
type output struct {
	p   *Process
	own *bytes.Buffer
}

func (o output) Write(b []byte) (int, error) {
	o.p.mu.Lock()
	defer o.p.mu.Unlock()
	if o.own != nil {
		o.own.Write(b)
	}
	return o.p.all.Write(b)
}

// excerpt is s, or its start and end if it is long: a failing script's
// errors come first or last, and some scripts print megabytes.
func excerpt(s string) string {
	const head, tail = 4 << 10, 12 << 10
	if len(s) <= head+tail {
		return s
	}
	return fmt.Sprintf("%s\n… %d bytes left out …\n%s", s[:head], len(s)-head-tail, s[len(s)-tail:])
}
