package main

import (
	"bytes"
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/loadcmd"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/locustmaster"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A worker of the test: its exit status, what it said, and its summary.
type locustWorker struct {
	code    int
	stderr  string
	summary string
	ended   time.Time
}

// runLocustWorkers runs n gdvar load -locust workers of master against
// the corpus game's server at addr, side by side, and returns them once
// they have all ended.
func runLocustWorkers(t *testing.T, n int, master, addr string) []locustWorker {
	dir := t.TempDir()
	workers := make([]locustWorker, n)
	var wg sync.WaitGroup
	for i := range workers {
		workers[i].summary = filepath.Join(dir, "worker"+strconv.Itoa(i)+".json")
		wg.Go(func() {
			w := &workers[i]
			w.code, _, w.stderr = gdvarProcess(t, "load", "-locust", master, "-project", exampleGame, "-addr", addr, "-transport", "enet",
				"-scenario", "../../loadtest/testdata/multiplayer-example.json", "-summary", w.summary, "-q")
			w.ended = time.Now()
		})
	}
	wg.Wait()
	return workers
}

// A real Locust master, headless, runs 16 users for 30 s on two gdvar
// load -locust workers, against the corpus game's own Godot server: each
// worker runs 8 bots and ends when the master quits; the master's CSV
// has the joins of the 16 bots and the syncs of each one's player, by
// its node, none failed, and its counts are the workers' summaries'
// within 1 %. A bot the server let go is a failure on both sides,
// allowed only where a worker's machine was the limit (a busy machine's
// ENet peers time out).
func TestLiveLocustWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("40 s of a Locust master")
	}
	godot.Require(t, godot.Godot4)
	master := locustmaster.Start(t, "../..", "--expect-workers", "2", "--expect-workers-max-wait", "60", "-u", "16", "-r", "8", "-t", "30s")
	addr := exampleServer(t)
	workers := runLocustWorkers(t, 2, master.Addr, addr)
	exit := master.Wait(t, 30*time.Second) // 1 if a request failed

	var joined, syncs, dropped int
	limit := "" // a worker's machine's, if it was the limit
	for i, w := range workers {
		if w.code != 0 { // a busy machine's limit; no failure of the test's
			assert.Equal(t, loadcmd.ExitMachineLimit, w.code, "worker %d: %s", i, w.stderr)
		}
		assert.Contains(t, w.stderr, "the master quit: the bots leave", "worker %d", i)
		s := readSummary(t, w.summary)
		assert.Equal(t, 8, s.Bots, "worker %d: the master's share", i)
		assert.Equal(t, 8, s.Joined, "worker %d", i)
		limit = cmp.Or(limit, s.MachineLimit)
		joined += s.Joined
		syncs += s.Syncs
		dropped += s.Joined - s.Kept
	}

	var rows []locustmaster.Row
	nodes, masterSyncs, failed := map[string]bool{}, 0, map[string]int{}
	for _, r := range master.Stats(t) {
		rows = append(rows, r)
		switch r["Type"] {
		case "join":
			assert.Equal(t, joined, r.Int(t, "Request Count"), "joins")
		case "sync":
			nodes[r["Name"]] = true
			masterSyncs += r.Int(t, "Request Count")
		}
		if n := r.Int(t, "Failure Count"); n > 0 && r["Name"] != "Aggregated" {
			failed[r["Type"]] += n
		}
	}
	assert.Equal(t, dropped, failed["drop"], "the bots let go, on both sides")
	delete(failed, "drop")
	assert.Empty(t, failed, "no failure but drops: %v", master.Failures(t))
	if limit == "" {
		assert.Zero(t, dropped, "no bot let go")
		assert.NoError(t, exit, "the master's exit status: 0, no failure")
	} else if dropped > 0 {
		t.Logf("a load machine was the limit (%s): %d bots let go, the master's exit %v", limit, dropped, exit)
	}
	assert.Len(t, nodes, 16, "each bot's player, by its node: %v", rows)
	for node := range nodes {
		assert.True(t, strings.HasPrefix(node, "/root/Main/"), node)
	}
	assert.InEpsilon(t, syncs, masterSyncs, 0.01, "the workers' syncs")
	t.Logf("joins %d; syncs: the master %d, the workers %d", joined, masterSyncs, syncs)
}

// A Locust master killed as the test runs tells its workers nothing:
// each sees its connection close, and ends within 10 s saying so, exit
// status 1, with its summary of the bots that played.
func TestLiveLocustMasterKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("20 s of a Locust master")
	}
	godot.Require(t, godot.Godot4)
	master := locustmaster.Start(t, "../..", "--expect-workers", "2", "--expect-workers-max-wait", "60", "-u", "16", "-r", "16", "-t", "60s")
	addr := exampleServer(t)
	ran := make(chan []locustWorker, 1)
	go func() { ran <- runLocustWorkers(t, 2, master.Addr, addr) }()
	master.WaitFor(t, "All users spawned", time.Minute)
	time.Sleep(5 * time.Second)
	killed := time.Now()
	master.Kill()
	workers := <-ran
	for i, w := range workers {
		assert.Equal(t, 1, w.code, "worker %d: %s", i, w.stderr)
		assert.Contains(t, w.stderr, "locust: master gone: its connection closed", "worker %d", i)
		assert.Less(t, w.ended.Sub(killed), 10*time.Second, "worker %d ended", i)
		s := readSummary(t, w.summary)
		assert.Equal(t, 8, s.Joined, "worker %d", i)
		assert.Positive(t, s.Syncs, "worker %d", i)
		t.Logf("worker %d ended %v after the master was killed; it said:\n%s", i, w.ended.Sub(killed).Round(time.Millisecond), w.stderr)
	}
}

// A worker sent SIGTERM or SIGINT stops its bots, tells its master it
// quits (the master, headless, then ends its test), and writes its
// summary, within 10 s.
func TestLiveLocustWorkerSignalled(t *testing.T) {
	if testing.Short() {
		t.Skip("a Locust master")
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			master := locustmaster.Start(t, "../..", "--expect-workers", "1", "--expect-workers-max-wait", "60", "-u", "2", "-r", "2", "-t", "60s")
			summary := filepath.Join(t.TempDir(), "worker.json")
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN=load -locust "+master.Addr+" -project "+exampleGame+
				" -addr 127.0.0.1:1 -transport ws -summary "+summary+" -q") // no server: the bots' joins fail
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			defer cmd.Process.Kill()

			master.WaitFor(t, "All users spawned", time.Minute)
			require.NoError(t, cmd.Process.Signal(sig))
			select {
			case <-exited:
			case <-time.After(10 * time.Second):
				t.Fatalf("the worker did not end within 10 s of %v; it said:\n%s", sig, &stderr)
			}
			t.Logf("the worker said:\n%s", &stderr)
			assert.Equal(t, 2, readSummary(t, summary).Bots, "its summary")
			master.Wait(t, 30*time.Second) // it ends its test with its last worker: exit 1, for the joins failed
			assert.Contains(t, master.Output(), "The last worker quit, stopping test", "the worker told it")
		})
	}
}
