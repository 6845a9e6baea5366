package loadtest

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A bot times the answers to its own calls, each once, and those whose
// time tells of the server's fault (older than answerWait); another
// bot's answers, which its paced reads may have held, are not timed, nor
// are those ahead of its clock, which no call of its carried. The calls
// awaited are bounded.
func TestBotTimesItsAnswers(t *testing.T) {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	sc, err := ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	cfg, err := Config{Project: p, Scenario: sc, Addr: "127.0.0.1:1", Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 1, Duration: time.Second}.Check()
	require.NoError(t, err) // the scene: the project's main
	require.Equal(t, sc.tick(), cfg.readPace(), "paced at the tick by default")
	cfg.FrameReads = true
	require.Zero(t, cfg.readPace())
	var tl tally
	b, err := newBot(p, cfg.Scenario, cfg.Net, &tl, 0, time.Second/30)
	require.NoError(t, err)
	defer b.m.Close()

	now := time.Now().UnixMicro()
	b.await(now-5, "input")
	b.await(now-3, "input")
	assert.True(t, b.timed(now-3, now), "its own")
	assert.False(t, b.timed(now-3, now), "once")
	assert.False(t, b.timed(now-4, now), "another bot's")
	assert.False(t, b.timed(now+1, now), "ahead of its clock: no call of its")
	assert.True(t, b.timed(now-answerWait.Microseconds()-1, now), "lost")
	assert.NotNil(t, b.prompt, "one call still awaited")
	assert.True(t, b.timed(now-5, now))
	assert.Nil(t, b.prompt, "none awaited: the reads are paced again")

	for i := range 3 * maxAwaited {
		b.await(time.Now().UnixMicro()+int64(i), "input")
	}
	assert.Len(t, b.awaited, maxAwaited)
}

// Check returns the config with its defaults filled in, and leaves the
// caller's config and scenario as they were.
func TestCheckLeavesItsInput(t *testing.T) {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	sc := &Scenario{Own: "id"}
	in := Config{Project: p, Scenario: sc, Addr: "127.0.0.1:1", Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 1, Duration: time.Second}
	cfg, err := in.Check()
	require.NoError(t, err)
	assert.NotEmpty(t, cfg.Scenario.Scene, "the project's main scene")
	assert.Equal(t, 60.0, cfg.Scenario.TickHz)
	assert.Equal(t, 50.0, cfg.JoinRate)
	assert.Equal(t, Scenario{Own: "id"}, *sc)
	assert.Zero(t, in.JoinRate)
}

// Check fills in the project's Net where the Config has none (the players
// game makes both peers: ENet, Godot's usual, said in Unknown), and
// refuses an address without a port the project does not tell.
func TestCheckTakesTheProjectsNet(t *testing.T) {
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	in := Config{Project: p, Scenario: &Scenario{Own: "id"}, Addr: "127.0.0.1:1", Bots: 1, Duration: time.Second}
	cfg, err := in.Check()
	require.NoError(t, err)
	require.NotNil(t, cfg.Net)
	assert.Equal(t, multiplayer.ENet, cfg.Net.Transport)
	assert.NotEmpty(t, cfg.Net.Unknown)
	assert.Nil(t, in.Net, "the caller's left as it was")

	in.Addr = "127.0.0.1"
	_, err = in.Check()
	require.ErrorIs(t, err, ErrConfig)
	assert.ErrorContains(t, err, "has no port, and the project's create_server tells none")
	in.Net = &fromproject.Net{Transport: multiplayer.WebSocket, Port: 8910}
	cfg, err = in.Check()
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:8910", cfg.Addr, "the project's port")
}

// A bot whose server takes its time to admit it (its authentication)
// makes its calls once admitted: none goes to a server not there yet.
func TestCallsWaitForAdmission(t *testing.T) {
	if testing.Short() {
		t.Skip("2 s against a server")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	m.OnAuth(func(peer multiplayer.PeerID, _ []byte) {
		time.AfterFunc(500*time.Millisecond, func() { m.CompleteAuth(peer) })
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serveUntilEnd(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	sc, err := ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id", "auth": "bot-$bot",
	  "calls": [{"node": "/root/Main", "method": "input", "rate_hz": 50, "args": ["$now_us", "Vector3(1, 0, 0)"]}]}`))
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Project: p, Scenario: sc, Addr: ln.Addr().String(),
		Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 2, Duration: 2 * time.Second})
	require.NoError(t, err)
	require.Equal(t, 2, rep.Joined, "%v", rep.JoinErrors)
	s := rep.Summary()
	require.NotEmpty(t, s.Seconds)
	assert.Zero(t, s.Seconds[len(s.Seconds)-1].CallErrors, "no call before the bots were admitted")
	assert.Positive(t, s.CallsOutPerS, "calls made once admitted")
}
