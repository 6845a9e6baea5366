// Package locustmaster runs a real Locust master for the tests of gdvar
// load's Locust workers (loadtest/locust): Debian's python3-locust, or
// the locust $GDVAR_LOCUST names; headless, on a free port of the
// loopback, killed with the test, its output shown when the test fails;
// and reads the CSV it writes.
package locustmaster

import (
	"context"
	"encoding/csv"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// Locustfile is the locustfile the tests' masters run, from the
// module's root: one user class, whose users are the workers' bots.
const Locustfile = "loadtest/locust/testdata/locustfile.py"

// Find is the locust program: $GDVAR_LOCUST if set, else locust on PATH;
// "" if there is none.
func Find() string {
	if p := os.Getenv("GDVAR_LOCUST"); p != "" {
		return p
	}
	p, _ := exec.LookPath("locust")
	return p
}

// A Master is a Locust master running.
type Master struct {
	Addr string // where its workers connect: 127.0.0.1 and its --master-bind-port
	CSV  string // the prefix of its CSV files (--csv)
	name string
	cmd  *exec.Cmd
	proc *childproc.Process
	out  *childproc.Output
}

// maxRun is how long a master may run: the tests' run 30 s.
const maxRun = 3 * time.Minute

// Start runs a headless master of the locustfile at path (from the
// module's root, whose folder root is), with args after its own
// (--master --headless, the bind address, --csv), until it ends or the
// test does. It skips the test if there is no locust, and waits until
// the master listens for its workers.
func Start(t testing.TB, root string, args ...string) *Master {
	t.Helper()
	locust := Find()
	if locust == "" {
		t.Skip("Locust is not installed: apt-get install python3-locust (Debian 12's, 2.12.1), or set GDVAR_LOCUST to a locust program")
	}
	port := godot.FreePort(t, "tcp")
	m := &Master{Addr: "127.0.0.1:" + strconv.Itoa(port), CSV: filepath.Join(t.TempDir(), "locust"), out: &childproc.Output{Max: 1 << 20}}
	all := append([]string{"-f", filepath.Join(root, Locustfile), "--master", "--headless",
		"--master-bind-host", "127.0.0.1", "--master-bind-port", strconv.Itoa(port), "--csv", m.CSV}, args...)
	m.name = fmt.Sprintf("%s %v", locust, all)
	ctx, cancel := context.WithTimeout(context.Background(), maxRun)
	cmd := exec.CommandContext(ctx, locust, all...)
	cmd.Stdout, cmd.Stderr = m.out, m.out
	cmd.WaitDelay = 10 * time.Second
	proc, err := childproc.Start(cmd)
	if err != nil {
		cancel()
		t.Fatalf("starting %s: %v", m.name, err)
	}
	m.cmd, m.proc = cmd, proc
	t.Cleanup(func() {
		cancel()
		<-proc.Done()
		if t.Failed() {
			t.Logf("%s printed:\n%s", m.name, m.out.String())
		}
	})
	m.waitListening(t, time.Minute)
	return m
}

// waitListening waits until the master takes connections: Python and
// Locust load slowly on a busy machine.
func (m *Master) waitListening(t testing.TB, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		c, err := net.DialTimeout("tcp", m.Addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-m.proc.Done():
			t.Fatalf("%s ended (%v) before it listened; it printed:\n%s", m.name, m.proc.Err(), m.out.String())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not listen within %v; it printed:\n%s", m.name, limit, m.out.String())
		}
	}
}

// Wait waits at most limit for the master to end, and returns what
// waiting for it returned (its exit status): the test fails if it does
// not end.
func (m *Master) Wait(t testing.TB, limit time.Duration) error {
	t.Helper()
	select {
	case <-m.proc.Done():
		return m.proc.Err()
	case <-time.After(limit):
		t.Fatalf("%s did not end within %v", m.name, limit)
		return nil
	}
}

// WaitFor waits at most limit until the master has printed text; the
// test fails, with what it printed, if it ends or the time passes
// first.
func (m *Master) WaitFor(t testing.TB, text string, limit time.Duration) {
	t.Helper()
	deadline := time.After(limit)
	for !strings.Contains(m.out.String(), text) {
		select {
		case <-m.proc.Done():
			t.Fatalf("%s ended (%v) before printing %q; it printed:\n%s", m.name, m.proc.Err(), text, m.out.String())
		case <-deadline:
			t.Fatalf("%s did not print %q within %v; it printed:\n%s", m.name, text, limit, m.out.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Kill kills the master with SIGKILL, as a machine lost would end it:
// it tells its workers nothing.
func (m *Master) Kill() { m.cmd.Process.Signal(syscall.SIGKILL) }

// Output is what the master printed so far.
func (m *Master) Output() string { return m.out.String() }

// A Row is a row of the master's stats CSV (PREFIX_stats.csv): by its
// columns' names, "Type", "Name", "Request Count", "Failure Count",
// "50%", "99%", …
type Row map[string]string

// Int is the row's column as a whole number; the test fails if it is
// not one.
func (r Row) Int(t testing.TB, column string) int {
	t.Helper()
	n, err := strconv.Atoi(r[column])
	if err != nil {
		t.Fatalf("the column %q of %v: %v", column, r, err)
	}
	return n
}

// Stats reads the master's stats CSV, written when it ended.
func (m *Master) Stats(t testing.TB) []Row { return m.rows(t, "_stats.csv") }

// Failures reads the master's failures CSV (PREFIX_failures.csv: "Method",
// "Name", "Error", "Occurrences"), written when it ended.
func (m *Master) Failures(t testing.TB) []Row { return m.rows(t, "_failures.csv") }

// rows reads one of the master's CSV files.
func (m *Master) rows(t testing.TB, suffix string) []Row {
	t.Helper()
	f, err := os.Open(m.CSV + suffix)
	if err != nil {
		t.Fatalf("the master's CSV: %v; it printed:\n%s", err, m.out.String())
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil || len(records) == 0 {
		t.Fatalf("the master's CSV %s: %v", f.Name(), err)
	}
	var rows []Row
	for _, rec := range records[1:] {
		row := Row{}
		for i, column := range records[0] {
			row[column] = rec[i]
		}
		rows = append(rows, row)
	}
	return rows
}
