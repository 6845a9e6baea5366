package loadtest

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// Results files of any bytes are merged, or refused with a *resultsError
// of bounded size, never a panic; what merges writes its table, CSV, plot
// and summary.
func FuzzResults(f *testing.F) {
	whole := newSegmentFile(0, 1, 8).latencies(3, 2000000)
	whole.end.Disconnects, whole.end.Kept = map[string]int{"EOF": 1}, 7
	f.Add(whole.bytes())
	f.Add(newSegmentFile(0, 2, 8).bytes())
	half := whole.bytes()
	f.Add(half[:len(half)/2])
	for _, seed := range []string{
		"", "\n", "{}\n", `{"head": {}}`,
		`{"head": {"version": 1, "segment": "0/1", "bots": 1, "own_bots": 1, "join_rate": 1, "start": "2026-01-01T00:00:00Z", "duration_ns": 1000000000, "transport": "ws"}}` + "\n" +
			`{"second": {"segment": "0/1", "second": 1, "latency_us": [0, 1, 64, 2]}}` + "\n" +
			`{"end": {"segment": "0/1", "joined": 1, "kept": 1}}` + "\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m merger
		err := m.add("f.jsonl", bytes.NewReader(b))
		var rep *Report
		if err == nil {
			rep, err = m.report()
		}
		if err != nil {
			var re *resultsError
			if !errors.As(err, &re) || !errors.Is(err, ErrResults) {
				t.Fatalf("not a *resultsError: %v", err)
			}
			if len(err.Error()) > 600 {
				t.Fatalf("an error of %d bytes", len(err.Error()))
			}
			return
		}
		rep.WriteTable(io.Discard)
		for _, write := range []func(io.Writer) error{rep.WriteCSV, rep.WritePlot, rep.WriteSummary} {
			if err := write(io.Discard); err != nil {
				t.Fatal(err)
			}
		}
	})
}
