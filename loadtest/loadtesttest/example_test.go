package loadtesttest_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/loadtest/loadtesttest"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Go test that the synced-player game's Godot server holds 20 players:
// each receives its peers' syncs as the game promises, the server's
// answers to its inputs come within 50 ms, no one is let go, and the
// scenario's thresholds hold. When an assertion fails, the report's CSV,
// plot and summary are in the test's artifact folder (go test
// -artifacts), and the server's log.
func Example() {
	var t *testing.T // the test's: this is the body of func TestPlayersHold(t *testing.T)

	dir := debuggertest.Project(t, "scripts/bench/players") // a copy the engine may write in
	port := loadtesttest.FreePort(t, "tcp")
	server := loadtesttest.GodotServer(t, dir, "READY", "--", "server", strconv.Itoa(port), "120")
	p, err := project.Open(dir)
	require.NoError(t, err)
	sc, err := loadtest.ReadScenario(strings.NewReader(`{
	  "tick_hz": 30, "own": "id",
	  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 10,
	             "args": ["$now_us", "Vector3(1, 0, 0)"], "answer": {"method": "moved", "arg": 1}}],
	  "thresholds": {"min_delivered_pct": 99, "max_disconnects": 0}
	}`))
	require.NoError(t, err)
	rep := loadtesttest.Run(t, loadtest.Config{Project: p, Scenario: sc, Addr: "127.0.0.1:" + strconv.Itoa(port),
		Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 20, Duration: 30 * time.Second, ServerPID: server.PID})
	if rep.MachineLimit != "" {
		t.Skip("the test's machine was the limit, not the server:", rep.MachineLimit)
	}
	s := rep.Summary()
	assert.Equal(t, 20, s.Kept)
	assert.GreaterOrEqual(t, s.DeliveredPct, 99.0)
	assert.Less(t, s.WorstP99Ms, 50.0)
	assert.Equal(t, loadtest.VerdictPass, s.Verdict, "%v", s.Thresholds)
}
