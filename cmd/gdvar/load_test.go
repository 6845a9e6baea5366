package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/loadcmd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const playersDir = "../../scripts/bench/players"

// gdvar load refuses what it cannot run before any bot joins: no project
// or address, flags, a scenario or segments it cannot run (usage, 2); a
// project it cannot open (1). Each error names the fix.
func TestLoadRefuses(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"tick_hz": 0.5}`), 0o644))
	unwritten := filepath.Join(t.TempDir(), "fifo.json") // held gdvar load for ever
	require.NoError(t, syscall.Mkfifo(unwritten, 0o600))
	game := []string{"-project", playersDir, "-addr", "127.0.0.1:1"}
	with := func(args ...string) []string { return append(append([]string{}, game...), args...) }
	past := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)
	ahead := time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339)
	for _, tc := range []struct {
		name string
		args []string
		env  []string
		code int
		says string
	}{
		{"no address", []string{"-project", playersDir}, nil, 2, "usage: gdvar load"},
		{"no project", []string{"-addr", "127.0.0.1:1"}, nil, 2, "usage: gdvar load"},
		{"a project that is not", []string{"-project", t.TempDir(), "-addr", "127.0.0.1:1"}, nil, 1, "gdvar load: "},
		{"a bad scenario", with("-scenario", bad), nil, 2, "bad.json: loadtest: bad scenario: tick_hz"},
		{"no scenario", with("-scenario", bad+".not"), nil, 2, "bad.json.not: no such file"},
		{"a scenario no one writes", with("-scenario", unwritten), nil, 2, "fifo.json: loadtest: bad scenario: empty"},
		{"a scenario that is a folder", with("-scenario", t.TempDir()), nil, 2, "is a folder: not a file; name a file"},
		{"a bad transport", with("-transport", "udp"), nil, 2, `a transport is enet or ws, not "udp"`},
		{"a segment past the last", with("-segment", "3/3"), nil, 2, "segment 3/3: i from 0 to 2 (from 0, as JOB_COMPLETION_INDEX)"},
		{"a segment of nothing", with("-segment", "three"), nil, 2, `segment "three": want i/n, as 0/3 for the first of 3`},
		{"bots the segments do not divide", with("-bots", "25", "-segment", "0/3"), nil, 2, "25 bots over 3 segments: give a multiple of 3 bots (24 or 27)"},
		{"fewer bots than segments", with("-bots", "2", "-segment", "0/3"), nil, 2, "2 bots over 3 segments: give a multiple of 3 bots (3)"},
		{"a Job's index without its completions", game, []string{"JOB_COMPLETION_INDEX=1"}, 2, "JOB_COMPLETION_INDEX is set but not JOB_COMPLETIONS: set it to the Job's completions in its manifest"},
		{"a Job's index past its completions", game, []string{"JOB_COMPLETION_INDEX=4", "JOB_COMPLETIONS=4"}, 2, "JOB_COMPLETION_INDEX and JOB_COMPLETIONS: loadtest: bad config: segment 4/4"},
		{"a start in the past", with("-start", past), nil, 2, "in the past (at most 10s): give every segment the same time ahead, as -start $(date -u -d '+1 min'"},
		{"a start days ahead", with("-start", ahead), nil, 2, "ahead (at most 24h0m0s): give every segment the same time ahead"},
		{"a start not RFC 3339", with("-start", "noon"), nil, 2, `-start "noon": an RFC 3339 time, as 2026-05-01T12:00:00Z`},
		{"an unknown threshold", with("-threshold", "max_p98_ms=3"), nil, 2, `no threshold "max_p98_ms": one of min_delivered_pct, max_p99_ms, max_p999_ms, min_joined_pct, min_kept_pct, max_disconnects, max_disconnects_by, max_server_cpu_pct, max_server_rss_mib`},
		{"a threshold of no value", with("-threshold", "max_p99_ms"), nil, 2, `"max_p99_ms": want NAME=VALUE, as min_delivered_pct=99`},
		{"a threshold out of range", with("-threshold", "min_kept_pct=120"), nil, 2, "min_kept_pct 120: from 0 to 100"},
		{"a server threshold without its pid", with("-threshold", "max_server_rss_mib=100"), nil, 2, "give the server's pid (-server-pid)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, kv := range tc.env {
				k, v, _ := bytes.Cut([]byte(kv), []byte("="))
				t.Setenv(string(k), string(v))
			}
			var out, errOut bytes.Buffer
			code := run(append([]string{"load"}, tc.args...), nil, &out, &errOut)
			assert.Equal(t, tc.code, code, errOut.String())
			assert.Contains(t, errOut.String(), tc.says)
			assert.Less(t, errOut.Len(), 8192, "bounded")
		})
	}
}

// With -results -, standard output holds the results alone, which merge
// reads from standard input: here of 2 bots whose joins the address
// refuses, so that nothing was measured, which standard error says.
func TestLoadResultsToStandardOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"load", "-project", playersDir, "-addr", "127.0.0.1:1", "-bots", "2", "-duration", "1s", "-results", "-"}, nil, &out, &errOut)
	// No bot joined: a busy machine is no reason for that.
	require.Equal(t, loadcmd.ExitThresholdFailed, code, errOut.String())
	assert.True(t, strings.HasPrefix(errOut.String(), "gdvar load: nothing was measured: none of the 2 bots joined"),
		"no progress, no table, the verdict: %s", errOut.String())
	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	require.Len(t, lines, 3, "head, a second, end:\n%s", out.String())
	assert.True(t, bytes.HasPrefix(lines[0], []byte(`{"head":{"version":1,"segment":"0/1","bots":2,`)), "%s", lines[0])
	assert.True(t, bytes.HasPrefix(lines[2], []byte(`{"end":{"segment":"0/1","joined":0,"failed":2,`)), "%s", lines[2])

	var table, mergeErr bytes.Buffer
	code = run([]string{"load", "merge", "-"}, &out, &table, &mergeErr)
	require.Equal(t, loadcmd.ExitThresholdFailed, code, mergeErr.String())
	assert.Contains(t, mergeErr.String(), "gdvar load: nothing was measured: none of the 2 bots joined")
	assert.Contains(t, table.String(), "| 2 | 0 | 0 | 2 |")
	assert.Contains(t, table.String(), "2 could not join: ")
}

// A segment of a test exits 0 once its results are written, its
// thresholds failing or not: the test's verdict is its merged report's
// (here, of 2 bots whose joins the address refuses, none joined).
func TestLoadSegmentLeavesTheVerdictToMerge(t *testing.T) {
	results := filepath.Join(t.TempDir(), "seg0.jsonl")
	var out, errOut bytes.Buffer
	code := run([]string{"load", "-project", playersDir, "-addr", "127.0.0.1:1", "-bots", "4", "-duration", "1s", "-q",
		"-segment", "0/2", "-threshold", "min_joined_pct=100", "-results", results}, nil, &out, &errOut)
	assert.Equal(t, 0, code, errOut.String())
	assert.Contains(t, out.String(), "| 2 | 0 | 0 | 2 |", "the segment's 2 bots")
	assert.NotContains(t, out.String(), "| threshold |", "held to the merged report")
	b, err := os.ReadFile(results)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"thresholds":{"min_joined_pct":100}`, "for merge")
}

// What the project leaves open of how its clients join is said, never
// chosen silently: the players game makes both peers, and ENet is
// taken; a flag that says it takes the line away.
func TestLoadSaysWhatTheProjectLeavesOpen(t *testing.T) {
	for _, c := range []struct {
		flags []string
		said  bool
	}{{nil, true}, {[]string{"-transport", "ws"}, false}} {
		var out, errOut bytes.Buffer
		args := append([]string{"load", "-project", playersDir, "-addr", "127.0.0.1:1", "-bots", "1", "-duration", "1s"}, c.flags...)
		run(args, nil, &out, &errOut)
		said := strings.Contains(errOut.String(), "gdvar load: transport: the scripts make both ENet and WebSocket peers")
		assert.Equal(t, c.said, said, "%v:\n%s", c.flags, errOut.String())
	}
}
