package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/loadcmd"
	"github.com/gdvar/gdvar/internal/testrig/playersgame"
	"github.com/gdvar/gdvar/loadtest/loadtesttest"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvarProcess runs gdvar (this test binary as the command, TestMain)
// with args, split at spaces, within two minutes, and returns its exit
// status and what it printed.
func gdvarProcess(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN="+strings.Join(args, " "))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), out.String(), errOut.String()
	}
	require.NoError(t, err, errOut.String())
	return 0, out.String(), errOut.String()
}

// segmentResults writes the results file of segment i of n of a 3 s test
// of bots bots, as gdvar load -results writes them: each second with all
// the segment's bots joined, syncs delivered as promised, and 100 answers
// of 2 ms; the end says limit, the machine's, if not "".
func segmentResults(t *testing.T, dir string, i, n, bots int, limit string) string {
	t.Helper()
	seg := fmt.Sprintf("%d/%d", i, n)
	own := bots / n
	lines := []map[string]any{{"head": map[string]any{"version": 1, "segment": seg, "bots": bots, "own_bots": own,
		"join_rate": 50, "start": "2026-05-01T12:00:00Z", "duration_ns": 3e9, "transport": "ws", "game": "Players",
		"scene": "res://main.tscn", "project_sha256": strings.Repeat("a", 64), "scenario_sha256": strings.Repeat("b", 64),
		"thresholds": map[string]any{}}}}
	for k := 1; k <= 3; k++ {
		lines = append(lines, map[string]any{"second": map[string]any{"segment": seg, "second": k, "at_ns": k * 1e9,
			"joined": own, "connected": own, "syncs_per_s": 30, "promised_per_s": 30, "calls_in_per_s": 100,
			"calls_out_per_s": 10, "latency_us": []int{2000, 100}}})
	}
	lines = append(lines, map[string]any{"end": map[string]any{"segment": seg, "joined": own, "kept": own,
		"disconnects": map[string]int{}, "join_errors": map[string]int{}, "bots_cpu_ns": 3e7, "machine_limit": limit}})
	var b bytes.Buffer
	for _, l := range lines {
		line, err := json.Marshal(l)
		require.NoError(t, err)
		b.Write(append(line, '\n'))
	}
	path := filepath.Join(dir, fmt.Sprintf("seg%d.jsonl", i))
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	return path
}

// gdvar load merge, run as a process, exits with the verdict: 0 when the
// thresholds hold, 1 when one fails (naming it, its limit and the
// figure), 3 when a load machine was the limit (whatever the thresholds
// say), 2 for results that are not one test's whole.
func TestLoadMergeExitCodes(t *testing.T) {
	dir := t.TempDir()
	a, b := segmentResults(t, dir, 0, 2, 8, ""), segmentResults(t, dir, 1, 2, 8, "")
	starved := filepath.Join(t.TempDir(), "starved")
	require.NoError(t, os.Mkdir(starved, 0o755))
	c := segmentResults(t, starved, 1, 2, 8, "the bots used 1.9 of this machine's 2 cores")
	summary := filepath.Join(dir, "summary.json")
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"the thresholds hold", []string{"-threshold", "min_delivered_pct=99", "-threshold", "max_p99_ms=50", "-summary", summary, a, b}, 0,
			"| min_delivered_pct | ≥ 99 | 100 | passed |", ""},
		{"a threshold fails", []string{"-threshold", "max_p99_ms=1", a, b}, 1,
			"| max_p99_ms | ≤ 1 | 2.01 | FAILED |", "gdvar load: threshold max_p99_ms: 2.01 over the limit 1: failed"},
		{"a load machine was the limit", []string{"-threshold", "max_p99_ms=1", a, c}, 3,
			"a load machine was the limit: segment 1/2: the bots used 1.9", "gdvar load: a load machine was the limit, not the server: segment 1/2: the bots used 1.9 of this machine's 2 cores"},
		{"a segment missing", []string{a}, 2, "", "gdvar load merge: " + a + ": 1 of the test's 2 segments missing (1/2): merge the results of every segment"},
		{"a file that is not there", []string{a, a + "x"}, 2, "", "no such file"},
		{"a segment twice", []string{a, a}, 2, "", a + ":1: segment 0/2 again"},
		{"no files", nil, 2, "", "give the results file of each segment of the test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := gdvarProcess(t, append([]string{"load", "merge"}, tc.args...)...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stdout, tc.stdout)
			assert.Contains(t, stderr, tc.stderr)
		})
	}
	var s struct {
		Bots       int     `json:"bots"`
		Delivered  float64 `json:"delivered_pct"`
		WorstP99   float64 `json:"worst_p99_ms"`
		Verdict    string  `json:"verdict"`
		Thresholds []struct {
			Name string `json:"name"`
			Pass bool   `json:"pass"`
		} `json:"thresholds"`
		Seconds []struct {
			Joined int `json:"joined"`
		} `json:"seconds"`
	}
	b2, err := os.ReadFile(summary)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b2, &s))
	assert.Equal(t, 8, s.Bots)
	assert.Equal(t, 100.0, s.Delivered)
	assert.InDelta(t, 2.0, s.WorstP99, 0.02)
	assert.Equal(t, "pass", s.Verdict)
	assert.Len(t, s.Thresholds, 2)
	require.Len(t, s.Seconds, 3)
	assert.Equal(t, 8, s.Seconds[0].Joined, "both segments' bots")
}

// A truncated results file, as a killed segment leaves it: refused,
// naming its last line (2).
func TestLoadMergeTruncated(t *testing.T) {
	dir := t.TempDir()
	a := segmentResults(t, dir, 0, 1, 4, "")
	b, err := os.ReadFile(a)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(a, b[:bytes.LastIndexByte(b[:len(b)-1], '\n')+1], 0o644))
	code, _, stderr := gdvarProcess(t, "load", "merge", a)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, a+":4: the file ends before its end line: its segment did not finish")
}

// A run, as a process, against the synced-player game's Go server, held
// to a p99 no server meets: it exits 1, naming the threshold, its limit
// and the figure; or 3 if this busy machine was the limit, saying so.
func TestLiveLoadThresholdFails(t *testing.T) {
	if testing.Short() {
		t.Skip("2 s against a server")
	}
	p, err := project.Open(playersDir)
	require.NoError(t, err)
	m := multiplayer.MustNew()
	require.NoError(t, playersgame.Declare(m, p))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	loadtesttest.Serve(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	code, stdout, stderr := gdvarProcess(t, "load", "-project", playersDir, "-addr", ln.Addr().String(), "-transport", "ws", "-bots", "2",
		"-duration", "2s", "-scenario", playersDir+"/load/players.json", "-threshold", "max_p99_ms=0.001", "-q")
	if code == loadcmd.ExitMachineLimit { // the busy machine's verdict, whatever the thresholds say
		assert.Contains(t, stderr, "gdvar load: a load machine was the limit, not the server: ")
		assert.NotContains(t, stderr, "gdvar load: threshold")
		return
	}
	assert.Equal(t, loadcmd.ExitThresholdFailed, code, stderr)
	assert.Regexp(t, `gdvar load: threshold max_p99_ms: [0-9.]+ over the limit 0\.001: failed`, stderr)
	assert.Regexp(t, `\| max_p99_ms \| ≤ 0\.001 \| [0-9.]+ \| FAILED \|`, stdout)
}

// gdvar load's bots join as the project's scripts set up their peer: a
// game whose WebSocket server has supported_protocols, and that makes no
// ENet peer, is joined over WebSocket offering its subprotocol, which
// the server requires; -subprotocols, given, replaces it.
func TestLoadJoinsWithTheProjectsSubprotocols(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"project.godot", "main.tscn", "player.gd", "player.tscn"} {
		b, err := os.ReadFile(filepath.Join(playersDir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	script, err := os.ReadFile(filepath.Join(playersDir, "main.gd"))
	require.NoError(t, err)
	peers := regexp.MustCompile(`(?s)\tif args\.has\("enet"\):\n.*?\t\terr = peer\.create_server\(int\(args\[1\]\), "127\.0\.0\.1"\)\n`)
	require.True(t, peers.Match(script), "main.gd makes its peer as this test expects")
	script = peers.ReplaceAll(script, []byte("\tpeer = WebSocketMultiplayerPeer.new()\n"+
		"\tpeer.supported_protocols = [\"ludus\"]\n\terr = peer.create_server(int(args[1]), \"127.0.0.1\")\n"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.gd"), script, 0o644))
	p, err := project.Open(dir)
	require.NoError(t, err)
	n, err := fromproject.NetOf(p)
	require.NoError(t, err)
	require.Equal(t, multiplayer.WebSocket, n.Transport, "%v", n.Unknown)
	require.Equal(t, []string{"ludus"}, n.Subprotocols)

	m := multiplayer.MustNew(multiplayer.WithSubprotocols("ludus"))
	require.NoError(t, playersgame.Declare(m, p))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	loadtesttest.Serve(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	joined := func(more ...string) int {
		summary := filepath.Join(t.TempDir(), "summary.json")
		var out, errOut bytes.Buffer
		code := run(append([]string{"load", "-project", dir, "-addr", ln.Addr().String(), "-bots", "2", "-duration", "2s", "-q",
			"-summary", summary}, more...), nil, &out, &errOut)
		b, err := os.ReadFile(summary)
		require.NoError(t, err)
		var s struct{ Joined, Failed int }
		require.NoError(t, json.Unmarshal(b, &s), string(b))
		switch {
		case s.Joined == 0: // no bot, nothing measured: no all-clear, however busy the machine
			require.Equal(t, loadcmd.ExitThresholdFailed, code, errOut.String())
			require.Contains(t, errOut.String(), "gdvar load: nothing was measured: none of the 2 bots joined")
		case code == loadcmd.ExitMachineLimit: // this busy machine's verdict
		default:
			require.Equal(t, 0, code, errOut.String())
		}
		return s.Joined
	}
	assert.Equal(t, 2, joined(), "over WebSocket, offering ludus")
	assert.Zero(t, joined("-subprotocols", "other"), "refused: the server requires ludus")
}
