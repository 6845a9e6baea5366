package loadtest

import (
	"bytes"
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

const playersProject = "../scripts/bench/players"

// goPlayersServer serves the synced-player game with the Go server on a
// loopback port, until the test ends.
func goPlayersServer(t *testing.T, p *project.Project) string {
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serveUntilEnd(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	return ln.Addr().String()
}

// serveUntilEnd runs serve until the test ends, and checks it returned
// no error.
func serveUntilEnd(t *testing.T, serve func(context.Context) error) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
}

// godotPlayersServer runs the game's Godot 4 server, as it runs by
// default, until the test ends.
func godotPlayersServer(t *testing.T) string {
	engine := godot.Require(t, godot.Godot4)
	port := godot.FreePort(t, "tcp")
	srv := godot.StartProject(t, engine, "scripts/bench/players", "server", strconv.Itoa(port), "120")
	srv.WaitFor(t, "READY", time.Minute)
	return "127.0.0.1:" + strconv.Itoa(port)
}

// TestLivePlayersGame has 3 bots play the synced-player game for 5 s
// against its Go server and its Godot 4 server over WebSocket: every bot
// joins and stays, receives its peers' syncs near the rate the game
// promises (30 a second of each peer's player), and the server's
// answers to its inputs, whose latency is measured.
func TestLivePlayersGame(t *testing.T) {
	if testing.Short() {
		t.Skip("5 s a server")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	for _, server := range []string{"go", "godot"} {
		t.Run(server, func(t *testing.T) {
			var addr string
			if server == "go" {
				addr = goPlayersServer(t, p)
			} else {
				addr = godotPlayersServer(t)
			}
			sc, err := ReadScenario(bytes.NewReader([]byte(playersScenario)))
			require.NoError(t, err)
			const bots = 3
			var progress int
			rep, err := Run(context.Background(), Config{Project: p, Scenario: sc, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket},
				Bots: bots, Duration: 5 * time.Second, Progress: func(Second) { progress++ }})
			require.NoError(t, err)
			assert.Equal(t, bots, rep.Joined, "joined: %v", rep.JoinErrors)
			assert.Equal(t, bots, rep.Kept, "kept: %v", rep.Disconnects)
			assert.GreaterOrEqual(t, progress, 4, "a snapshot a second")
			r := steadyRates(t, rep, bots)
			assert.InDelta(t, bots*(bots-1)*30, r.MostPromised, 1, "each bot is promised its 2 peers' 30 a second")
			// A busy machine delays some; none is lost over WebSocket.
			assert.Greater(t, r.Syncs, 0.8*r.Promised, "syncs received")
			assert.InDelta(t, bots*10, r.Sent, 3, "inputs sent")
			assert.InDelta(t, bots*r.Sent, r.Calls, 0.25*bots*r.Sent, "each input answered to every bot")
			assert.Positive(t, r.P99)
			var table bytes.Buffer
			rep.WriteTable(&table)
			t.Log("\n" + table.String())
		})
	}
}

// rates are a run's rates averaged over the seconds after every bot
// joined, the worst p99 of them, and the most promised in a second (the
// whole promise once every bot sees every player).
type rates struct {
	snapshot
	MostPromised float64
}

func steadyRates(t *testing.T, rep *Report, bots int) rates {
	steady := rep.steady(bots)
	require.NotEmpty(t, steady)
	var sum rates
	for _, s := range steady {
		sum.Syncs, sum.Promised, sum.Calls, sum.Sent = sum.Syncs+s.Syncs, sum.Promised+s.Promised, sum.Calls+s.Calls, sum.Sent+s.Sent
		sum.P99 = max(sum.P99, s.P99)
		sum.MostPromised = max(sum.MostPromised, s.Promised)
	}
	n := float64(len(steady))
	sum.Syncs, sum.Promised, sum.Calls, sum.Sent = sum.Syncs/n, sum.Promised/n, sum.Calls/n, sum.Sent/n
	return sum
}
