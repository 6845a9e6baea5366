package loadtesttest_test

import (
	"context"
	"encoding/xml"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/internal/testrig/tbrecorder"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/loadtest/loadtesttest"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const playersProject = "../../scripts/bench/players"

// playersScenario is the synced-player game's: each bot syncs its own
// player at 30 Hz and calls input at 10 Hz, which the server answers
// with moved, carrying the call's time, to every peer.
const playersScenario = `{
  "tick_hz": 30,
  "own": "id",
  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 10,
             "args": ["$now_us", "Vector3(1, 0, 0)"],
             "answer": {"method": "moved", "arg": 1}}]
}`

// goPlayers serves the synced-player game with its Go server until the
// test ends, and returns the config of 3 bots playing it for 2 s.
func goPlayers(t testing.TB) loadtest.Config {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	loadtesttest.Serve(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	sc, err := loadtest.ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	return loadtest.Config{Project: p, Scenario: sc, Addr: ln.Addr().String(), Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 3, Duration: 2 * time.Second}
}

// A load test whose test fails attaches the report: its table in the
// log, its CSV, plot and summary in the test's artifact folder, their
// paths logged.
func TestLiveFailureAttachesTheReport(t *testing.T) {
	if testing.Short() {
		t.Skip("2 s against a server")
	}
	r := &tbrecorder.Recorder{Artifacts: t.TempDir()}
	r.Subtest(t, "the failing test", func() {
		rep := loadtesttest.Run(r, goPlayers(r))
		if p99 := rep.Summary().WorstP99Ms; p99 >= 0 { // an assertion that fails
			r.Errorf("worst p99 %v ms", p99)
		}
	})
	said := r.Text()
	assert.Contains(t, said, "the load test's report:\n| bots | joined |")
	for _, f := range []struct{ name, what string }{{"load.csv", "a row a second"}, {"load.svg", "plot"}, {"load.json", "summary"}} {
		path := filepath.Join(r.Artifacts, f.name)
		assert.Contains(t, said, "the load test's "+f.what+": "+path)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.NotEmpty(t, b)
	}
	b, err := os.ReadFile(filepath.Join(r.Artifacts, "load.svg"))
	require.NoError(t, err)
	assert.NoError(t, xml.Unmarshal(b, new(struct{})), "an SVG")
}

// A test that passes attaches nothing.
func TestLiveNoAttachmentsWhenPassing(t *testing.T) {
	if testing.Short() {
		t.Skip("2 s against a server")
	}
	r := &tbrecorder.Recorder{Artifacts: t.TempDir()}
	r.Subtest(t, "the passing test", func() {
		rep := loadtesttest.Run(r, goPlayers(r))
		assert.Equal(r, 3, rep.Joined)
	})
	assert.False(t, r.Failed())
	assert.Empty(t, r.Text())
	entries, err := os.ReadDir(r.Artifacts)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// A Config Run refuses fails the test at once, saying why.
func TestRunRefusesAConfig(t *testing.T) {
	r := &tbrecorder.Recorder{TB: t, Artifacts: t.TempDir()}
	r.Run(func() {
		loadtesttest.Run(r, loadtest.Config{})
		r.Errorf("Run went on")
	})
	assert.Equal(t, "load test: loadtest: bad config: a project and a scenario", r.Text())
}

// The synced-player game's own Godot server, started for the test: the
// bots play it, and its CPU and memory are measured by its pid.
func TestLiveGodotServer(t *testing.T) {
	dir := debuggertest.Project(t, playersProject)
	port := loadtesttest.FreePort(t, "tcp")
	server := loadtesttest.GodotServer(t, dir, "READY", "--", "server", strconv.Itoa(port), "120")
	p, err := project.Open(dir)
	require.NoError(t, err)
	sc, err := loadtest.ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	rep := loadtesttest.Run(t, loadtest.Config{Project: p, Scenario: sc, Addr: "127.0.0.1:" + strconv.Itoa(port),
		Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 4, Duration: 4 * time.Second, ServerPID: server.PID})
	s := rep.Summary()
	require.NotNil(t, s.ServerRSSMiB, "measured by its pid")
	assert.Positive(t, *s.ServerRSSMiB)
	if rep.MachineLimit != "" { // its figures measure this machine, which other processes took
		t.Logf("this machine was the limit, not the server: %s", rep.MachineLimit)
		return
	}
	assert.Equal(t, 4, rep.Kept, "kept: %v", rep.Disconnects)
	assert.Greater(t, s.DeliveredPct, 50.0, "a busy machine delays some")
	assert.Positive(t, s.WorstP99Ms)
}

// A Godot server that ends before it is ready fails the test, with what
// it printed.
func TestLiveGodotServerNotReady(t *testing.T) {
	dir := debuggertest.Project(t, playersProject)
	r := &tbrecorder.Recorder{Artifacts: t.TempDir()}
	r.Subtest(t, "the failing test", func() {
		loadtesttest.GodotServer(r, dir, "READY", "--", "client") // which it quits at once
		r.Errorf("GodotServer went on")
	})
	said := r.Text()
	assert.Contains(t, said, `the server ended before it printed "READY"; it printed:`)
	assert.Contains(t, said, "the server's log: "+filepath.Join(r.Artifacts, "server.log"))
}

func TestFreePort(t *testing.T) {
	for _, network := range []string{"tcp", "udp"} {
		port := loadtesttest.FreePort(t, network)
		assert.Positive(t, port, network)
		var err error
		if network == "tcp" {
			var ln net.Listener
			ln, err = net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
			if err == nil {
				ln.Close()
			}
		} else {
			var c net.PacketConn
			c, err = net.ListenPacket("udp", "127.0.0.1:"+strconv.Itoa(port))
			if err == nil {
				c.Close()
			}
		}
		assert.NoError(t, err, "free")
	}
}
