package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/loadcmd"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/loadtest/loadtesttest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exampleGame is a game of the real-world corpus: a player for each
// peer, named by its id, which owns it and syncs its position Always,
// every frame, over ENet.
const exampleGame = "../../testdata/projects/Ultraegern__godot-multiplayer-example"

// exampleServer runs the corpus game's own Godot server (--host) until
// the test ends, on a free port: its script fixes 9999, the test's copy
// has another. The corpus keeps the game's text alone: its player's
// sprite, icon.svg, is given a stand-in, without which the scene fails
// to load.
func exampleServer(t *testing.T) string {
	src := t.TempDir()
	require.NoError(t, os.CopyFS(src, os.DirFS(exampleGame)))
	icon := `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#478cbf"/></svg>`
	require.NoError(t, os.WriteFile(filepath.Join(src, "icon.svg"), []byte(icon), 0o644))
	script := filepath.Join(src, "scripts", "main.gd")
	b, err := os.ReadFile(script)
	require.NoError(t, err)
	const fixed = "const PORT: int = 9999"
	require.Contains(t, string(b), fixed)
	port := strconv.Itoa(loadtesttest.FreePort(t, "udp"))
	require.NoError(t, os.WriteFile(script, bytes.Replace(b, []byte(fixed), []byte("const PORT: int = "+port), 1), 0o644))
	loadtesttest.GodotServer(t, debuggertest.Project(t, src), "Started ENet server on port", "--host")
	return "127.0.0.1:" + port
}

// loadSummary is what the test reads of a -summary file.
type loadSummary struct {
	Bots         int     `json:"bots"`
	Segments     int     `json:"segments"`
	Joined       int     `json:"joined"`
	Kept         int     `json:"kept"`
	Failed       int     `json:"failed"`
	DeliveredPct float64 `json:"delivered_pct"`
	Syncs        int     `json:"syncs"`
	Seconds      []struct {
		Joined   int     `json:"joined"`
		Promised float64 `json:"promised_per_s"`
		Syncs    float64 `json:"syncs_per_s"`
	} `json:"seconds"`
	MachineLimit string `json:"machine_limit"`
}

func readSummary(t *testing.T, path string) loadSummary {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var s loadSummary
	require.NoError(t, json.Unmarshal(b, &s))
	return s
}

// The same test of the corpus game's Godot server, 24 bots for 6 s, as
// one process and as 3 segments of 8, separate processes begun together
// by -start against a second server, merged. Both reports count every
// bot, a row a second, and the syncs every bot was promised; each merged
// second is its segments' seconds added up, whatever the timing of this
// machine made of the deliveries (which the Godot server's own losses
// move by tens of points on a busy machine). Each run and merge exits 0,
// or 3 if this busy machine was the limit (whose figures, measuring the
// machine, are then not compared); each segment 0.
func TestLiveLoadSegments(t *testing.T) {
	if testing.Short() {
		t.Skip("12 s against a server")
	}
	// A server for each run: the first run's bots leave with an ENet
	// disconnect sent once, unreliably, which a busy server may miss, and
	// its peers then hold 24 of its 32 places until they time out.
	addrs := []string{exampleServer(t), exampleServer(t)}
	dir := t.TempDir()
	with := func(addr string, args ...string) []string {
		return append([]string{"load", "-project", exampleGame, "-addr", addr, "-transport", "enet", "-bots", "24",
			"-duration", "6s", "-scenario", "../../loadtest/testdata/multiplayer-example.json", "-q"}, args...)
	}
	exited := func(what string, code int, stderr string) {
		t.Helper()
		if code != 0 {
			assert.Equal(t, loadcmd.ExitMachineLimit, code, "%s: %s", what, stderr)
			assert.Contains(t, stderr, "a load machine was the limit, not the server", what)
		}
	}

	single := filepath.Join(dir, "single.jsonl")
	code, _, stderr := gdvarProcess(t, with(addrs[0], "-results", single)...)
	exited("one process", code, stderr)

	start := time.Now().Add(5 * time.Second).UTC().Truncate(time.Second).Format(time.RFC3339)
	var wg sync.WaitGroup
	segments, segSummaries := make([]string, 3), make([]string, 3)
	for i := range segments {
		segments[i] = filepath.Join(dir, "seg"+strconv.Itoa(i)+".jsonl")
		segSummaries[i] = filepath.Join(dir, "seg"+strconv.Itoa(i)+".json")
		wg.Go(func() {
			code, _, stderr := gdvarProcess(t, with(addrs[1], "-segment", strconv.Itoa(i)+"/3", "-start", start,
				"-results", segments[i], "-summary", segSummaries[i])...)
			assert.Equal(t, 0, code, "segment %d: a segment's verdict is the merge's: %s", i, stderr)
		})
	}
	wg.Wait()

	oneSummary, mergedSummary := filepath.Join(dir, "one.json"), filepath.Join(dir, "merged.json")
	code, table, stderr := gdvarProcess(t, "load", "merge", "-summary", oneSummary, single)
	exited("merge of one", code, stderr)
	t.Log("one process:\n" + table)
	code, table, stderr = gdvarProcess(t, append([]string{"load", "merge", "-summary", mergedSummary}, segments...)...)
	exited("merge of 3", code, stderr)
	t.Log("3 segments:\n" + table)

	one, merged := readSummary(t, oneSummary), readSummary(t, mergedSummary)
	assert.Equal(t, 1, one.Segments)
	assert.Equal(t, 3, merged.Segments)
	for _, s := range []loadSummary{one, merged} {
		assert.Equal(t, 24, s.Bots)
		assert.Equal(t, 24, s.Joined+s.Failed, "each segment's 8")
		require.NotEmpty(t, s.Seconds)
	}
	for _, s := range []loadSummary{one, merged} {
		if s.MachineLimit != "" { // its figures measure this machine, which other processes took: none to compare
			t.Logf("this machine was the limit, not the server: %s", s.MachineLimit)
			return
		}
	}
	for name, s := range map[string]loadSummary{"one process": one, "3 segments": merged} {
		assert.Equal(t, 24, s.Joined, "%s: every bot joined", name)
		assert.Equal(t, 24, s.Kept, name)
		require.Len(t, s.Seconds, 6, "%s: a row a second, the segments' lined up", name)
		assert.Equal(t, 24, s.Seconds[len(s.Seconds)-1].Joined, name)
		most := 0.0
		for _, sec := range s.Seconds {
			most = max(most, sec.Promised)
		}
		assert.InDelta(t, 24*23*60, most, 1, "%s: each bot promised its 23 peers' 60 a second, whichever segment they are in", name)
		assert.Positive(t, s.DeliveredPct, "%s: syncs came through the server", name)
	}
	// The merge adds the segments' seconds up: each one's promised and
	// received syncs, as its own summary has them.
	for i, path := range segSummaries {
		seg := readSummary(t, path)
		require.Len(t, seg.Seconds, len(merged.Seconds), "segment %d lines up with the merge", i)
		for k, sec := range seg.Seconds {
			merged.Seconds[k].Promised -= sec.Promised
			merged.Seconds[k].Syncs -= sec.Syncs
		}
	}
	for k, sec := range merged.Seconds {
		assert.InDelta(t, 0, sec.Promised, 1e-6, "second %d: the merge's promised syncs are its segments' sum", k)
		assert.InDelta(t, 0, sec.Syncs, 1e-6, "second %d: the merge's received syncs are its segments' sum", k)
	}
}
