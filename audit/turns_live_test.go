package audit

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// turnsScenario is how testdata/turns's match goes: the victim starts
// it, then each plays once, the victim first.
const turnsScenario = `{
  "start": [{"call": "/root/Main:start"}],
  "running": {"node": "/root/Main", "property": "started", "value": "true"},
  "turn": {"node": "/root/Main", "property": "current", "value": "$attacker"},
  "calls": [{"call": "/root/Main:play", "args": ["1"], "by": "victim"},
            {"call": "/root/Main:play", "args": ["2"], "by": "attacker"}]
}`

// auditTurns audits testdata/turns run with its user arguments
// COMPRESSION and MAX_CLIENTS (its scripts tell neither), cfg's Net and
// Scenario; it returns the report and Run's error, and shows what the
// server printed on failure.
func auditTurns(t *testing.T, compression, maxClients int, cfg Config) (*Report, error) {
	rep, _, err := auditTestGame(t, "turns", 4*time.Minute, cfg, strconv.Itoa(compression), strconv.Itoa(maxClients))
	return rep, err
}

// auditTestGame audits a copy of the game testdata/name, its Godot
// server started with its port and extra as its user arguments, within
// limit, cfg's other fields as given. It returns the report, the copy's
// folder and Run's error; what the server printed is shown on failure,
// and the server must be gone within 10 s of Run's return. The tests
// that call it run in parallel, each its game on a port of its own.
func auditTestGame(t *testing.T, name string, limit time.Duration, cfg Config, extra ...string) (*Report, string, error) {
	engine := godot.Require(t, godot.Godot4)
	dir := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))))
	port := strconv.Itoa(godot.FreePort(t, "udp"))
	p, err := project.Open(dir)
	require.NoError(t, err)
	w := godot.ShownOnFailure(t, "the server")
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cfg.Project, cfg.Addr, cfg.Godot = p, "127.0.0.1:"+port, engine
	if cfg.FreezeAfter == 0 {
		cfg.FreezeAfter = corpusFreeze // the tests run two games at once: a busy machine's second is not a freeze
	}
	cfg.Args = append([]string{"--headless", "--path", dir, "--", port}, extra...)
	cfg.LaunchOptions = []debugger.Option{debugger.WithStdout(w), debugger.WithStderr(w)}
	rep, err := Run(ctx, cfg)
	require.NotNil(t, rep)
	assert.Eventually(t, func() bool { return !running(dir) }, 10*time.Second, 20*time.Millisecond, "the server is left running")
	return rep, dir, err
}

// A server compressing with the range coder, which its scripts do not
// tell, is joined with each mode tried (the clients' own error,
// enet.ErrCompression, tells the others at once); the report says which,
// found. The lifecycle attack on its turn-based match (turnsScenario)
// finds what main.gd does when a peer leaves: before the first move, the
// match ends for all (main.gd:32-35, the server drops every peer),
// whether the peer that left had just joined (the match the attacks'
// start began runs), had just called play or start, or left after the
// scenario's start; after the victim's move, during the attacker's
// turn, the attacker's place is erased with the turn index left at 1,
// and the next call of play is a script error at main.gd:51
// (order[turn], out of range). After the attacker's move nothing is
// wrong. main.gd's start assigns the turn without a sender check
// (no-sender-check-shared), and play takes any int.
func TestLiveLifecycle(t *testing.T) {
	t.Parallel() // a game of its own, on a port of its own (auditTestGame)
	sc, err := ReadScenario(strings.NewReader(turnsScenario))
	require.NoError(t, err)
	rep, err := auditTurns(t, 1, 32, Config{Scenario: sc})
	require.NoError(t, err)
	assert.Equal(t, &Network{Transport: 0, Compression: "RANGE_CODER", CompressionFound: true, Clients: 2,
		Unknown: rep.Net.Unknown}, rep.Net)
	assert.Equal(t, []string{
		"high match-ended (right after joining)",
		"high match-ended /root/Main.play",
		"high match-ended /root/Main.start",
		"high match-ended /root/Main.start(scenario start)",
		"high no-sender-check-shared /root/Main.start",
		"medium leave-error /root/Main.play(scenario call 1)",
		"low accepts-nan /root/Main.play(_move)",
		"info accepts-extreme-int /root/Main.play(_move)",
	}, rep.Keys())
	byKey := map[string]Finding{}
	for _, f := range rep.Findings {
		byKey[f.Key()] = f
	}
	leave := byKey["medium leave-error /root/Main.play(scenario call 1)"]
	assert.Equal(t, []any{"res://main.gd", 51}, []any{leave.Script, leave.Line}, "order[turn]")
	assert.Contains(t, leave.Message, "after a peer left after the scenario's call 1 (/root/Main:play), during its turn")
	assert.Contains(t, byKey["high match-ended /root/Main.start(scenario start)"].Message, "after the game's start: the server dropped the other peer")
	assert.Empty(t, rep.Stopped)
}

// A server that takes one client is audited with the attacker alone, the
// attacks that need a victim listed as not run; one compressing otherwise
// than the clients were told (-compression NONE) is a MismatchError
// naming its mode, within a join's time.
func TestLiveJoinMismatch(t *testing.T) {
	t.Run("one client", func(t *testing.T) {
		t.Parallel() // a game of its own, on a port of its own (auditTestGame)
		rep, err := auditTurns(t, 0, 1, Config{Duration: 2 * time.Minute})
		require.NoError(t, err)
		assert.Equal(t, 1, rep.Net.Clients)
		assert.Contains(t, rep.Net.OneClient, "the server did not take a second client")
		assert.Subset(t, rep.Keys(), []string{"info not-checked (amplification)", "info not-checked (leave)"})
	})
	t.Run("compression", func(t *testing.T) {
		t.Parallel() // a game of its own, on a port of its own (auditTestGame)
		started := time.Now()
		rep, err := auditTurns(t, 3, 32, Config{Net: &fromproject.Net{Compression: "NONE"}})
		require.ErrorIs(t, err, ErrMismatch)
		assert.ErrorIs(t, err, ErrJoin)
		var m *MismatchError
		require.ErrorAs(t, err, &m)
		assert.Equal(t, MismatchError{Setting: "compression", Clients: "NONE", Server: "ZLIB", Err: m.Err}, *m)
		assert.Less(t, time.Since(started), 30*time.Second, "the server's start, and a join's time")
		assert.Equal(t, StatusCouldNotAudit, rep.Status())
	})
}

// corpusFreeze is the FreezeAfter of the live tests' games: a huge
// String some of them put in a Label takes the server about a second,
// and a busy machine's second is not a game's (TestLiveFreezes tests the
// default).
const corpusFreeze = 5 * time.Second
