package loadtest

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// segmentFile is a segment's results, made by hand as Run writes them.
type segmentFile struct {
	head resultsHead
	rows []resultsRow
	end  resultsEnd
}

var testStart = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// newSegmentFile is segment i of n of a test of bots bots over 3 s, each
// second's row with every bot of the segment joined and connected.
func newSegmentFile(i, n, bots int) *segmentFile {
	seg := Segment{i, n}.String()
	own := bots / n
	f := &segmentFile{
		head: resultsHead{Version: resultsVersion, Segment: seg, Bots: bots, OwnBots: own, JoinRate: 50, Start: testStart,
			DurationNs: int64(3 * time.Second), Transport: "ws", Game: "Players", Scene: "res://main.tscn",
			Project: strings.Repeat("a", 64), Scenario: strings.Repeat("b", 64)},
		end: resultsEnd{Segment: seg, Joined: own, Kept: own, Disconnects: map[string]int{}, JoinErrors: map[string]int{},
			BotsCPUNs: int64(30 * time.Millisecond)},
	}
	for k := 1; k <= 3; k++ {
		f.rows = append(f.rows, resultsRow{Segment: seg, Second: k, AtNs: int64(k) * int64(time.Second), Joined: own,
			Connected: own, Syncs: 10, Promised: 10, Calls: 5, Sent: 1, BotsCPU: 2, MachineCPU: 30})
	}
	return f
}

// latencies sets each second's answers: count answers of latency d.
func (f *segmentFile) latencies(count int, d time.Duration) *segmentFile {
	var h histogram
	for range count {
		h.record(d)
	}
	for k := range f.rows {
		f.rows[k].Latency = nil
		for i, n := range h.counts {
			if n != 0 {
				low, _ := bucketLow(i)
				f.rows[k].Latency = append(f.rows[k].Latency, uint64(low), n)
			}
		}
	}
	return f
}

func (f *segmentFile) bytes() []byte {
	var b bytes.Buffer
	w := newResultsWriter(&b, Segment{})
	w.write(resultsLine{Head: &f.head})
	for i := range f.rows {
		w.write(resultsLine{Second: &f.rows[i]})
	}
	w.write(resultsLine{End: &f.end})
	return b.Bytes()
}

func merge(t *testing.T, files ...*segmentFile) (*Report, error) {
	t.Helper()
	var m merger
	for i, f := range files {
		if err := m.add("seg"+string(rune('0'+i))+".jsonl", bytes.NewReader(f.bytes())); err != nil {
			return nil, err
		}
	}
	return m.report()
}

// Three segments of a test merged: each second's rates summed, the
// percentiles of the answers' latencies those of every segment's answers
// (from their histograms merged: 900 fast and 100 slow answers a second
// have a p50 of the fast and a p99 of the slow, where an average of the
// segments' p99s would be 100 ms), totals and reasons summed, the nodes
// of departed peers the most a segment saw, and the machine limit of a
// segment named.
func TestMergeSegments(t *testing.T) {
	a := newSegmentFile(0, 3, 24).latencies(900, 2*time.Millisecond)
	b := newSegmentFile(1, 3, 24).latencies(100, 300*time.Millisecond)
	c := newSegmentFile(2, 3, 24)
	b.end.Kept, b.end.Disconnects = 6, map[string]int{"EOF": 2}
	c.end.Kept, c.end.Disconnects = 7, map[string]int{"EOF": 1}
	c.end.MachineLimit = "the bots used 1.9 of this machine's 2 cores"
	c.rows[1].ServerCPU, c.rows[1].ServerRSS = 40, 64<<20
	a.rows[2].Departed, b.rows[2].Departed = 2, 3
	rep, err := merge(t, c, a, b) // in any order
	require.NoError(t, err)
	assert.Equal(t, 24, rep.Bots)
	assert.Equal(t, 3, rep.Segments)
	assert.Equal(t, 24, rep.Joined)
	assert.Equal(t, 21, rep.Kept)
	assert.Equal(t, map[string]int{"EOF": 3}, rep.Disconnects)
	assert.Equal(t, 90*time.Millisecond, rep.BotsCPU)
	require.Len(t, rep.seconds, 3)
	s := rep.seconds[1]
	assert.Equal(t, 24, s.Joined)
	assert.Equal(t, 30.0, s.Syncs, "summed")
	assert.Equal(t, 3.0, s.Sent)
	assert.Equal(t, 6.0, s.BotsCPU, "the load processes' CPU, summed")
	assert.Equal(t, 30.0, s.MachineCPU, "the busiest machine's")
	assert.Equal(t, 40.0, s.ServerCPU, "the server measured by the segment on its machine")
	assert.Equal(t, 3, rep.seconds[2].Departed, "the most a segment's bots saw: each sees the same nodes")
	assert.InEpsilon(t, float64(2*time.Millisecond), float64(s.P50), 1.0/128)
	assert.InEpsilon(t, float64(300*time.Millisecond), float64(s.P99), 1.0/128)
	assert.Equal(t, uint64(2000), rep.latency.count(), "the answers of seconds 2 and 3, after every bot had joined in the first")
	assert.Equal(t, "segment 2/3: the bots used 1.9 of this machine's 2 cores", rep.MachineLimit)
	var table bytes.Buffer
	rep.WriteTable(&table)
	assert.Contains(t, table.String(), "| 24 | 24 | 21 | 0 | 30 | 30 | 100.0 | 15 | 3 | 301.1 | 301.1 | 20.0 | 64.0 | 6.0 | 1250 |")
	assert.Contains(t, table.String(), "a load machine was the limit: segment 2/3: ")
}

// What merger refuses, each with an ErrResults naming the file and line.
func TestMergeRefuses(t *testing.T) {
	three := func() []*segmentFile {
		return []*segmentFile{newSegmentFile(0, 3, 24), newSegmentFile(1, 3, 24), newSegmentFile(2, 3, 24)}
	}
	for _, tc := range []struct {
		name  string
		spoil func(f []*segmentFile) []*segmentFile
		says  string
	}{
		{"another scenario", func(f []*segmentFile) []*segmentFile { f[2].head.Scenario = strings.Repeat("c", 64); return f },
			"seg2.jsonl:1: the scenario (cccccccccccc…) differs from seg0.jsonl's"},
		{"another game", func(f []*segmentFile) []*segmentFile { f[1].head.Game = "Pong"; return f },
			`seg1.jsonl:1: the game ("Pong"`},
		{"another start", func(f []*segmentFile) []*segmentFile { f[1].head.Start = testStart.Add(time.Second); return f },
			"seg1.jsonl:1: the start (2026-05-01T12:00:01Z) differs"},
		{"other thresholds", func(f []*segmentFile) []*segmentFile {
			f[1].head.Thresholds.MaxDisconnects = new(int)
			return f
		}, "seg1.jsonl:1: the thresholds differ"},
		{"other bots", func(f []*segmentFile) []*segmentFile {
			f[1] = newSegmentFile(1, 3, 30)
			return f
		}, "seg1.jsonl:1: the bots (30 in 3 segments) differ"},
		{"a segment twice", func(f []*segmentFile) []*segmentFile { f[2] = newSegmentFile(1, 3, 24); return f },
			"seg2.jsonl:1: segment 1/3 again: seg1.jsonl had it"},
		{"a segment missing", func(f []*segmentFile) []*segmentFile { return f[:2] },
			"seg0.jsonl: 1 of the test's 3 segments missing (2/3): merge the results of every segment"},
		{"a second again", func(f []*segmentFile) []*segmentFile { f[0].rows[2].Second = 2; return f },
			"seg0.jsonl:4: second: second 2 after second 2: from 1 to 3, each once and in order"},
		{"a second past the run", func(f []*segmentFile) []*segmentFile { f[0].rows[2].Second = 9; return f },
			"seg0.jsonl:4: second: second 9 after second 2"},
		{"a second of another segment", func(f []*segmentFile) []*segmentFile { f[0].rows[0].Segment = "1/3"; return f },
			`seg0.jsonl:2: second: of segment "1/3", in the file of 0/3`},
		{"more joined than the segment's bots", func(f []*segmentFile) []*segmentFile { f[0].rows[0].Joined = 9; return f },
			"seg0.jsonl:2: second: 9 joined, 8 connected: from 0 to the segment's 8 bots"},
		{"a rate out of range", func(f []*segmentFile) []*segmentFile { f[0].rows[0].Syncs = 1e300; return f },
			"seg0.jsonl:2: second: syncs_per_s 1e+300: from 0 to 1e+12"},
		{"a latency between buckets", func(f []*segmentFile) []*segmentFile { f[0].rows[0].Latency = []uint64{129, 1}; return f },
			"seg0.jsonl:2: second: latency_us: 129 µs counted 1: each a bucket's least µs"},
		{"latencies out of order", func(f []*segmentFile) []*segmentFile { f[0].rows[0].Latency = []uint64{5, 1, 3, 1}; return f },
			"seg0.jsonl:2: second: latency_us: 3 µs counted 1"},
		{"a latency counted 0 times", func(f []*segmentFile) []*segmentFile { f[0].rows[0].Latency = []uint64{5, 0}; return f },
			"seg0.jsonl:2: second: latency_us: 5 µs counted 0"},
		{"more kept than joined", func(f []*segmentFile) []*segmentFile { f[2].end.Kept = 9; return f },
			"seg2.jsonl:5: end: 8 joined, 0 failed, 9 kept: of the segment's 8 bots"},
		{"more disconnects than bots", func(f []*segmentFile) []*segmentFile {
			f[2].end.Kept, f[2].end.Disconnects = 7, map[string]int{"EOF": 5}
			return f
		}, `seg2.jsonl:5: end: disconnects: "EOF" counted 5`},
		{"a version to come", func(f []*segmentFile) []*segmentFile { f[1].head.Version = 2; return f },
			"seg1.jsonl:1: results of version 2; this gdvar reads version 1"},
		{"a segment of none", func(f []*segmentFile) []*segmentFile { f[1].head.Segment = "3/3"; return f },
			"seg1.jsonl:1: loadtest: bad config: segment 3/3: i from 0 to 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := merge(t, tc.spoil(three())...)
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrResults)
			var re *resultsError
			assert.ErrorAs(t, err, &re)
			assert.Contains(t, err.Error(), tc.says)
			assert.Less(t, len(err.Error()), 600, "bounded")
		})
	}
}

// Files that are not whole results, each refused naming its line.
func TestMergeRefusesBrokenFiles(t *testing.T) {
	whole := newSegmentFile(0, 1, 8).bytes()
	lines := strings.SplitAfter(string(whole), "\n")
	require.Len(t, lines, 6) // head, 3 seconds, end, ""
	for _, tc := range []struct {
		name, file, says string
		also             string
	}{
		{"empty", "", "x.jsonl: empty: not gdvar load's results", ""},
		{"cut after a second", strings.Join(lines[:3], ""), "x.jsonl:3: the file ends before its end line: its segment did not finish", ""},
		{"cut inside a line", string(whole[:len(whole)-20]), "x.jsonl:5: not a line of gdvar load's results: jsontext: unexpected EOF within \"/end\"", ""},
		{"no head", strings.Join(lines[1:], ""), "x.jsonl:1: no head: the first line of a results file says which test they are of", ""},
		{"a line after the end", string(whole) + lines[1], "x.jsonl:6: a line after the end line", ""},
		{"two heads", lines[0] + lines[0], "x.jsonl:2: a second head", ""},
		{"a line of two kinds", `{"head": {}, "end": {}}` + "\n", "x.jsonl:1: a line of one kind", ""},
		{"a line of none", "{}\n", "x.jsonl:1: a line of one kind", ""},
		{"not JSON", "hello\n", "x.jsonl:1: not a line of gdvar load's results: jsontext: invalid character 'h' at start of value", ""},
		{"an unknown field", `{"head": {"bots_count": 3}}` + "\n", `x.jsonl:1: not a line of gdvar load's results: `, `unknown object member name "bots_count" within "/head"`},
		{"more after the object", `{"head": {}} {}` + "\n", "x.jsonl:1: not a line of gdvar load's results: jsontext: invalid character '{' after top-level value", ""},
		{"a line of 2 MiB", `{"head": {"game": "` + strings.Repeat("a", 2<<20) + `"}}`, "x.jsonl:1: a line over 1048576 bytes: not gdvar load's results", ""},
		{"a long unknown field", `{"head": {"` + strings.Repeat("a", 100000) + `": 1}}`, `x.jsonl:1: not a line of gdvar load's results: `, `unknown object member name "aaaa`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var m merger
			err := m.add("x.jsonl", strings.NewReader(tc.file))
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrResults)
			assert.Contains(t, err.Error(), tc.says)
			assert.Contains(t, err.Error(), tc.also)
			assert.Less(t, len(err.Error()), 600, "bounded")
			_, again := m.report()
			assert.Equal(t, err, again, "no report after an error")
		})
	}
}

// A merger given nothing has no report.
func TestMergeNothing(t *testing.T) {
	var m merger
	_, err := m.report()
	assert.True(t, errors.Is(err, ErrResults))
	assert.Contains(t, err.Error(), "no results: give each segment's file")
}

// A merge sums the segments' delivered syncs, each second's; a file of a
// version before them (no delivered_per_s) counts its syncs received.
func TestMergeDelivered(t *testing.T) {
	half := newSegmentFile(0, 2, 4)
	five := 5.0
	for k := range half.rows {
		half.rows[k].Delivered = &five
	}
	assert.Contains(t, string(half.bytes()), `"delivered_per_s":5`)
	older := newSegmentFile(1, 2, 4)
	assert.NotContains(t, string(older.bytes()), "delivered_per_s")
	rep, err := merge(t, half, older)
	require.NoError(t, err)
	s := rep.Summary()
	assert.Equal(t, 20.0, s.SyncsPerS)
	assert.Equal(t, 75.0, s.DeliveredPct, "(5 + 10) of 20")
	for _, v := range []float64{-1, 2 * maxFigure} {
		bad := newSegmentFile(0, 1, 2)
		bad.rows[0].Delivered = &v
		_, err := merge(t, bad)
		assert.ErrorContains(t, err, "delivered_per_s", "%v", v)
	}
}
