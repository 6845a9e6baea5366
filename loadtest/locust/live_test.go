package locust

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/locustmaster"
	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/loadtest/loadtesttest"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const playersProject = "../../scripts/bench/players"

// slowPlayersServer serves the synced-player game as its Go server does
// (playersgame), but answers each input to its caller alone, 2 to 41 ms
// after it came, by the call's time: answers whose latencies spread over
// a range Locust's histogram resolves to the ms. It admits each bot
// once it has authenticated, and keeps what each sent.
func slowPlayersServer(t *testing.T, p *project.Project) (addr string, auths func() []string) {
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	auths = playersgame.KeepAuths(t, m)
	main := m.Lookup("/root/Main")
	require.NoError(t, main.SetHandler("input", func(c *multiplayer.Call, at int64, dir gdvar.Vector3) error {
		time.AfterFunc(time.Duration(2+at/1000%40)*time.Millisecond, func() { main.Call(c.From, "moved", int64(c.From), at, dir) })
		return nil
	}))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	loadtesttest.Serve(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	return ln.Addr().String(), auths
}

// playersScenario has each bot authenticate with its number and call
// input 10 times a second, answered by moved with the call's time.
const playersScenario = `{"tick_hz": 30, "own": "id", "auth": "bot-$bot",
  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 10, "args": ["$now_us", "Vector3(1, 0, 0)"],
             "answer": {"method": "moved", "arg": 1}}]}`

// A real Locust master runs 8 users on one worker of this package for
// 15 s, against the players game's Go server: its CSV has the 8 bots'
// joins, the syncs of each bot's player by its node, and the answers to
// input, none failed; its counts are the worker's report's within 1 %,
// and the answers' p50 and p99 are the report's within the two
// histograms' resolution (Locust's: 1 ms under 100 ms; ours 0.8 %).
func TestLiveLocustPercentiles(t *testing.T) {
	if testing.Short() {
		t.Skip("20 s of a Locust master")
	}
	master := locustmaster.Start(t, "../..", "--expect-workers", "1", "--expect-workers-max-wait", "60", "-u", "8", "-r", "100", "-t", "15s")
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	sc, err := loadtest.ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	addr, _ := slowPlayersServer(t, p)
	w := &Worker{Master: master.Addr, Config: loadtest.Config{Project: p, Scenario: sc, Addr: addr,
		Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 100, Duration: 2 * time.Minute}, Log: func(s string) { t.Log(s) }}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := w.Run(ctx)
	require.NoError(t, err)
	exit := master.Wait(t, 30*time.Second)
	require.NoError(t, exit, "the master's exit status: 0, no failure: %v", master.Failures(t))
	s := rep.Summary()
	require.Equal(t, 8, s.Bots, "the users the master asked for")
	require.Equal(t, 8, s.Joined, "%v", s.JoinErrors)

	rows := map[string][]locustmaster.Row{}
	for _, r := range master.Stats(t) {
		rows[r["Type"]] = append(rows[r["Type"]], r)
		if r["Name"] != "Aggregated" {
			assert.Zero(t, r.Int(t, "Failure Count"), "%v", r)
		}
	}
	require.Len(t, rows["join"], 1)
	assert.Equal(t, 8, rows["join"][0].Int(t, "Request Count"))
	assert.Len(t, rows["sync"], 8, "a node each bot's player")
	syncs := 0
	for _, r := range rows["sync"] {
		assert.True(t, strings.HasPrefix(r["Name"], "/root/Main/"), r["Name"])
		syncs += r.Int(t, "Request Count")
	}
	assert.InEpsilon(t, s.Syncs, syncs, 0.01, "the syncs the worker counted")
	require.Len(t, rows["call"], 1)
	call := rows["call"][0]
	assert.Equal(t, "input", call["Name"])
	assert.InEpsilon(t, s.Answers, call.Int(t, "Request Count"), 0.01, "the answers the worker timed")
	if n := call.Int(t, "Request Count"); n != int(s.Answers) { // an answer as the bots left, after the worker's last second
		t.Logf("the percentiles not compared: Locust has %d answers, the worker %d", n, s.Answers)
	} else {
		for column, ours := range map[string]float64{"50%": s.P50Ms, "99%": s.P99Ms} {
			// The worker's latency, keyed as Locust keys it, is Locust's
			// key or its neighbour: the worker's is within 0.8 % of the
			// latency Locust keyed.
			assert.InDelta(t, bucket(ours), call.Int(t, column), keyStep(ours), "%s: Locust's %s ms, the worker's %.2f", column, call[column], ours)
		}
	}
	t.Logf("answers: %d timed (Locust %s), p50 %.2f ms (Locust %s), p99 %.2f ms (Locust %s); syncs %d (Locust %d)",
		s.Answers, call["Request Count"], s.P50Ms, call["50%"], s.P99Ms, call["99%"], s.Syncs, syncs)
}

// keyStep is how far apart Locust's keys of response times are around
// ms: they keep its two first digits.
func keyStep(ms float64) float64 {
	step := 1.0
	for ms >= 100 {
		ms /= 10
		step *= 10
	}
	return step
}
