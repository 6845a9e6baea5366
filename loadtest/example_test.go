package loadtest_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// Twenty bots play the synced-player game against its server for 30 s,
// each syncing its own player at 30 Hz, and the report is printed.
func ExampleRun() {
	p, err := project.Open("scripts/bench/players")
	if err != nil {
		log.Fatal(err)
	}
	sc, err := loadtest.ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id"}`))
	if err != nil {
		log.Fatal(err)
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Project: p, Scenario: sc, Addr: "127.0.0.1:8910", Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 20, Duration: 30 * time.Second,
		Progress: func(s loadtest.Second) {
			fmt.Fprintf(os.Stderr, "%.0fs: %d bots, %.0f syncs/s\n", s.Seconds, s.Connected, s.SyncsPerS)
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	rep.WriteTable(os.Stdout)
}

// The results of a test's two segments, each a file written by a
// process of its own (Config.Results, gdvar load -results), merged into
// the test's report: each second's rates summed, the answers'
// percentiles from the segments' latencies together.
func ExampleMerge() {
	head := `{"head":{"version":1,"segment":"%d/2","bots":4,"own_bots":2,"join_rate":50,"start":"2026-05-01T12:00:00Z",` +
		`"duration_ns":2000000000,"transport":"ws","game":"Players","scene":"res://main.tscn","project_sha256":"a1","scenario_sha256":"b2","thresholds":{"max_p99_ms":50}}}`
	second := `{"second":{"segment":"%d/2","second":%d,"at_ns":%d000000000,"joined":2,"connected":2,"syncs_per_s":60,` +
		`"promised_per_s":60,"calls_in_per_s":80,"calls_out_per_s":20,"latency_us":[%d,20]}}`
	end := `{"end":{"segment":"%d/2","joined":2,"kept":2,"bots_cpu_ns":20000000}}`
	files := map[string]string{}
	for i, latencyUs := range []int{2048, 61440} { // the second segment's answers are slow
		files[fmt.Sprintf("seg%d.jsonl", i)] = strings.Join([]string{fmt.Sprintf(head, i), fmt.Sprintf(second, i, 1, 1, latencyUs),
			fmt.Sprintf(second, i, 2, 2, latencyUs), fmt.Sprintf(end, i)}, "\n")
	}
	open := func(name string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(files[name])), nil }
	rep, err := loadtest.Merge([]string{"seg0.jsonl", "seg1.jsonl"}, open) // os.Open for files on disk
	if err != nil {
		log.Fatal(err)
	}
	rep.WriteTable(os.Stdout)
	fmt.Println("verdict:", rep.Verdict())
	// Output:
	// | bots | joined | kept | failed | syncs/s | promised/s | delivered % | calls in/s | calls out/s | worst p99 ms | worst p99.9 ms | server CPU % | server RSS MiB | bots CPU % | bots CPU µs/s a bot |
	// |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
	// | 4 | 4 | 4 | 0 | 120 | 120 | 100.0 | 160 | 40 | 61.7 | 61.7 | – | – | 0.0 | 5000 |
	//
	// | threshold | limit | figure | outcome |
	// |---|---|---|---|
	// | max_p99_ms | ≤ 50 | 61.7 | FAILED |
	//
	// verdict: fail
}
