// Package loadtesttest runs load tests from Go tests: a game's server
// started for the test, its Godot server (GodotServer) or a Go one
// (Serve), bots playing a scenario against it (Run), and the report to
// assert on, as
//
//	rep := loadtesttest.Run(t, loadtest.Config{…})
//	s := rep.Summary()
//	assert.GreaterOrEqual(t, s.DeliveredPct, 99.0)
//	assert.Less(t, s.WorstP99Ms, 50.0)
//
// When the test fails, the report's table is logged, and its CSV, plot
// (SVG) and JSON summary are written to the test's artifact folder
// (t.ArtifactDir: kept with go test -artifacts), with what a Godot
// server printed, their paths logged, as debuggertest does for a game's
// screenshot.
package loadtesttest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar/loadtest"
)

// runSlack bounds a run past its duration: the wait for a start, the
// bots' leaving.
const runSlack = 2 * time.Minute

// Run runs the load test cfg, within its start and duration and two
// minutes more, and returns its report; the test fails at once if it
// cannot run (a Config that Run refuses). When the test fails, at its
// end, the report is attached (see the package's doc).
func Run(t testing.TB, cfg loadtest.Config) *loadtest.Report {
	t.Helper()
	start := cfg.Start
	if start.IsZero() {
		start = time.Now()
	}
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(cfg.Duration+runSlack))
	defer cancel()
	rep, err := loadtest.Run(ctx, cfg)
	if rep == nil {
		t.Fatalf("load test: %v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			attach(t, rep)
		}
	})
	if err != nil {
		t.Errorf("load test: %v", err)
	}
	return rep
}

// attach logs the report's table and writes its CSV, plot and summary
// to the test's artifact folder, naming them apart from an earlier
// report's of the same test.
func attach(t testing.TB, rep *loadtest.Report) {
	var table bytes.Buffer
	rep.WriteTable(&table)
	t.Logf("the load test's report:\n%s", table.String())
	dir := t.ArtifactDir()
	name := uniqueName(dir, "load")
	for _, out := range []struct {
		ext, what string
		write     func(io.Writer) error
	}{{".csv", "a row a second", rep.WriteCSV}, {".svg", "plot", rep.WritePlot}, {".json", "summary", rep.WriteSummary}} {
		var b bytes.Buffer
		path := filepath.Join(dir, name+out.ext)
		err := out.write(&b)
		if err == nil {
			err = os.WriteFile(path, b.Bytes(), 0o644)
		}
		if err != nil {
			t.Logf("the load test's %s: %v", out.what, err)
			continue
		}
		t.Logf("the load test's %s: %s", out.what, path)
	}
}

// uniqueName is base, or base-2, base-3, … if dir holds a file of that
// name already, of any extension.
func uniqueName(dir, base string) string {
	name := base
	for i := 2; ; i++ {
		if matches, _ := filepath.Glob(filepath.Join(dir, name+".*")); len(matches) == 0 {
			return name
		}
		name = base + "-" + strconv.Itoa(i)
	}
}

// Serve runs serve, a Go server's (multiplayer's Serve,
// ListenAndServeENet), until the test ends; the test fails if it
// returns an error.
func Serve(t testing.TB, serve func(ctx context.Context) error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("the server: %v", err)
			}
		case <-time.After(time.Minute):
			t.Errorf("the server did not stop within a minute of the test's end")
		}
	})
}

// FreePort returns a port of this machine's loopback that no one
// listens on, over network ("tcp" for WebSocket, "udp" for ENet), for a
// server the test starts.
func FreePort(t testing.TB, network string) int {
	t.Helper()
	switch network {
	case "tcp":
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatalf("a free port: %v", err)
		}
		defer ln.Close()
		return ln.Addr().(*net.TCPAddr).Port
	case "udp":
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			t.Fatalf("a free port: %v", err)
		}
		defer c.Close()
		return c.LocalAddr().(*net.UDPAddr).Port
	}
	t.Fatalf("a free port: network %q: tcp or udp", network)
	return 0
}
