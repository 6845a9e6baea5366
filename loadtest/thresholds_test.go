package loadtest

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestThresholdsSet(t *testing.T) {
	var th Thresholds
	require.NoError(t, th.Set("min_delivered_pct=99"))
	require.NoError(t, th.Set("max_p99_ms=50"))
	require.NoError(t, th.Set(`max_disconnects_by={"timed out": 0}`))
	require.NoError(t, th.Set("max_p99_ms=40"), "again: the last")
	assert.Equal(t, `{"min_delivered_pct":99,"max_p99_ms":40,"max_disconnects_by":{"timed out":0}}`, func() string { b, _ := json.Marshal(&th); return string(b) }())
	for _, tc := range []struct{ set, says string }{
		{"max_p99_ms", `"max_p99_ms": want NAME=VALUE`},
		{"p99=3", `no threshold "p99": one of min_delivered_pct, max_p99_ms`},
		{"max_p99_ms=fast", `max_p99_ms: "fast": `},
		{"max_p99_ms=-1", "max_p99_ms -1: from 0 to 1e+12"},
		{"min_joined_pct=101", "min_joined_pct 101: from 0 to 100"},
		{"max_disconnects=-2", "max_disconnects -2: from 0"},
		{`max_disconnects_by={"": 1}`, `max_disconnects_by: "": 1: a text of 1 to 120 bytes`},
	} {
		before := th
		assert.ErrorContains(t, th.Set(tc.set), tc.says, tc.set)
		assert.Equal(t, before, th, "%s: unchanged", tc.set)
	}
}

func TestReadScenarioThresholds(t *testing.T) {
	sc, err := ReadScenario(strings.NewReader(`{"thresholds": {"min_kept_pct": 100, "max_server_rss_mib": 512}}`))
	require.NoError(t, err)
	require.NotNil(t, sc.Thresholds.MinKeptPct)
	assert.Equal(t, 100.0, *sc.Thresholds.MinKeptPct)
	_, err = ReadScenario(strings.NewReader(`{"thresholds": {"min_kept_pct": 200}}`))
	assert.ErrorIs(t, err, ErrScenario)
	assert.ErrorContains(t, err, "thresholds: min_kept_pct 200: from 0 to 100")
	_, err = ReadScenario(strings.NewReader(`{"thresholds": {"p99": 2}}`))
	assert.ErrorContains(t, err, `unknown field "p99"`)
}

// Each threshold held to the report's figure, naming it, its limit and
// the figure; the verdict; the table marking each outcome.
func TestOutcomes(t *testing.T) {
	rep := twoBots() // 2 bots, 1 kept, 1 disconnected (EOF); over its third second: 100% delivered, p99 2 ms, server CPU 12%, RSS 64 MiB
	rep.latency = new(histogram)
	rep.latency.record(2 * time.Millisecond)
	for _, set := range []string{"min_delivered_pct=99", "max_p99_ms=1", "max_p999_ms=5", "min_joined_pct=100", "min_kept_pct=100",
		"max_disconnects=0", `max_disconnects_by={"EOF":1,"timed out":0}`, "max_server_cpu_pct=10", "max_server_rss_mib=100"} {
		require.NoError(t, rep.Thresholds.Set(set))
	}
	got := map[string]string{}
	for _, o := range rep.Summary().Thresholds {
		got[o.Name+" "+o.Note] = o.String()
	}
	assert.Equal(t, map[string]string{
		"min_delivered_pct ": "min_delivered_pct: 100 within the limit 99: passed",
		"max_p99_ms ":        "max_p99_ms: 2 over the limit 1: failed",
		"max_p999_ms ":       "max_p999_ms: 0 within the limit 5: passed",
		"min_joined_pct ":    "min_joined_pct: 100 within the limit 100: passed",
		"min_kept_pct ":      "min_kept_pct: 50 under the limit 100: failed",
		"max_disconnects ":   "max_disconnects: 1 over the limit 0: failed",
		`max_disconnects_by reasons holding "EOF"`:       `max_disconnects_by: 1 within the limit 1: passed (reasons holding "EOF")`,
		`max_disconnects_by reasons holding "timed out"`: `max_disconnects_by: 0 within the limit 0: passed (reasons holding "timed out")`,
		"max_server_cpu_pct ":                            "max_server_cpu_pct: 12 over the limit 10: failed",
		"max_server_rss_mib ":                            "max_server_rss_mib: 64 within the limit 100: passed",
	}, got)
	assert.Equal(t, VerdictFail, rep.Verdict())
	var b bytes.Buffer
	rep.WriteTable(&b)
	assert.Contains(t, b.String(), "| threshold | limit | figure | outcome |\n|---|---|---|---|\n| min_delivered_pct | ≥ 99 | 100 | passed |\n| max_p99_ms | ≤ 1 | 2 | FAILED |")

	rep.MachineLimit = "the bots used 1.9 of this machine's 2 cores"
	assert.Equal(t, VerdictMachine, rep.Verdict(), "whatever the thresholds say")
	b.Reset()
	rep.WriteTable(&b)
	assert.Contains(t, b.String(), "this machine was the limit: the bots used 1.9 of this machine's 2 cores\nthe thresholds' outcomes measure the load machine, not the server")

	rep.MachineLimit, rep.Thresholds = "", Thresholds{}
	assert.Equal(t, VerdictPass, rep.Verdict(), "none set")
}

// A server's threshold with the server not measured fails, saying so.
func TestOutcomeNotMeasured(t *testing.T) {
	rep := twoBots()
	rep.seconds[2].ServerRSS = 0
	require.NoError(t, rep.Thresholds.Set("max_server_rss_mib=100"))
	o := rep.Summary().Thresholds
	require.Len(t, o, 1)
	assert.False(t, o[0].Pass)
	assert.Contains(t, o[0].String(), "not measured: give the server's pid (-server-pid)")
	var b bytes.Buffer
	rep.WriteTable(&b)
	assert.Contains(t, b.String(), "| ≤ 100 | – | FAILED |")
}

// The summary holds every figure of the table, overall and a second.
func TestSummary(t *testing.T) {
	rep := twoBots()
	rep.latency = new(histogram)
	rep.latency.record(3 * time.Millisecond)
	var b bytes.Buffer
	require.NoError(t, rep.WriteSummary(&b))
	var s map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &s))
	for key, want := range map[string]any{"bots": 2.0, "joined": 2.0, "kept": 1.0, "delivered_pct": 100.0, "syncs_per_s": 60.0,
		"worst_p99_ms": 2.0, "server_cpu_pct": 12.0, "server_rss_mib": 64.0, "answers": 1.0, "verdict": "pass",
		"disconnects": map[string]any{"EOF": 1.0}, "machine_limit": ""} {
		assert.Equal(t, want, s[key], key)
	}
	assert.InDelta(t, 3.0, s["p99_ms"], 0.03)
	seconds, ok := s["seconds"].([]any)
	require.True(t, ok)
	require.Len(t, seconds, 3)
	assert.Equal(t, 50.0, seconds[1].(map[string]any)["syncs_per_s"])
}

// A run whose bots received no sync and no call, or no sync of those
// promised, measured nothing of the server, whatever they sent: its verdict says so,
// thresholds set or not, and no pass is an all-clear of it; nor is a
// busy machine the reason. One figure received is enough. Nothing says
// why, by what the bots did.
func TestVerdictNothingMeasured(t *testing.T) {
	joined := snapshot{Joined: 2, Connected: 2}
	busy := "this machine's 2 cores were 100% busy"
	for _, tc := range []struct {
		name    string
		joined  int
		second  snapshot
		machine string
		want    Verdict
		why     string
	}{
		{"nothing", 2, joined, "", VerdictNothing, "no sync was promised or received and no call made or received"},
		{"syncs promised, none received", 2, snapshot{Joined: 2, Connected: 2, Promised: 60}, "", VerdictNothing, "promised 60 syncs a second"},
		{"syncs promised, calls received, no sync", 2, snapshot{Joined: 2, Connected: 2, Promised: 60, Calls: 17}, "", VerdictNothing, "promised 60 syncs a second"},
		{"calls sent, nothing back", 2, snapshot{Joined: 2, Connected: 2, Sent: 20}, "", VerdictNothing, "made 20.0 calls a second, and received no call and no sync"},
		{"no bot joined, on a busy machine", 0, snapshot{}, busy, VerdictNothing, "none of the 2 bots joined (2: connection refused): check that the server is up"},
		{"nothing received, on a busy machine", 2, joined, busy, VerdictNothing, "this machine was busy too: " + busy},
		{"syncs received", 2, snapshot{Joined: 2, Connected: 2, Promised: 60, Syncs: 1}, "", VerdictPass, ""},
		{"calls received", 2, snapshot{Joined: 2, Connected: 2, Calls: 1}, "", VerdictPass, ""},
		{"syncs received, on a busy machine", 2, snapshot{Joined: 2, Connected: 2, Syncs: 60}, busy, VerdictMachine, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := &Report{Bots: 2, Joined: tc.joined, Kept: tc.joined, Failed: 2 - tc.joined, seconds: []snapshot{tc.second, tc.second},
				MachineLimit: tc.machine, JoinErrors: map[string]int{}}
			if tc.joined == 0 {
				rep.JoinErrors["connection refused"] = 2
			}
			s := rep.Summary()
			assert.Equal(t, tc.want, s.Verdict)
			if tc.why == "" {
				assert.Empty(t, s.Nothing())
			} else {
				assert.Contains(t, s.Nothing(), tc.why)
			}
		})
	}
}

// A threshold given as a flag is refused with an ErrScenario of one line
// of at most 300 bytes, whatever its length: the JSON decoder's error
// holds a number whole (a 10 000-digit max_disconnects made one of
// 10 171 bytes, and no error errors.Is could tell).
func TestThresholdsSetRefusalsBounded(t *testing.T) {
	digits := strings.Repeat("9", 10000)
	for _, set := range []string{
		"max_disconnects=" + digits,
		"max_p99_ms=" + digits,
		"min_delivered_pct=-" + digits,
		`max_disconnects_by={"a":` + digits + "}",
		`max_disconnects_by={"` + strings.Repeat(`\u00e9`, 10000) + `":1}`,
		"max_p99_ms=" + strings.Repeat("[", 10000),
		strings.Repeat("x", 10000) + "=1",
		strings.Repeat("x", 10000),
	} {
		var th Thresholds
		err := th.Set(set)
		require.ErrorIs(t, err, ErrScenario, "%.40s", set)
		assert.LessOrEqual(t, len(err.Error()), 300, "%.40s", set)
		assert.NotContains(t, err.Error(), "\n")
		assert.Equal(t, Thresholds{}, th)
	}
}
