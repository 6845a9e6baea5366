package loadtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileHead is the head line of a week-long segment 0/1 of 8 bots: its
// seconds may number 604 800.
func hostileHead() string {
	f := newSegmentFile(0, 1, 8)
	f.head.DurationNs = int64(maxDuration)
	b := f.bytes()
	return string(b[:bytes.IndexByte(b, '\n')+1])
}

// hostileResults are results files of about size bytes that cost merger
// the most a byte: a merged row for each tiny line, buckets in every
// row, the longest lists of numbers, reasons by the thousand, deep
// nesting, and an ordinary file for the measure.
func hostileResults(size int) []hostile.Input {
	head := hostileHead()
	lines := func(line func(i int) string) []byte {
		var b strings.Builder
		b.WriteString(head)
		for i := 1; b.Len() < size; i++ {
			b.WriteString(line(i))
		}
		return []byte(b.String())
	}
	var every strings.Builder // a latency in each bucket
	for i := range histBuckets {
		low, _ := bucketLow(i)
		fmt.Fprintf(&every, "%d,1,", low)
	}
	buckets := strings.TrimSuffix(every.String(), ",")
	var reasons strings.Builder // distinct
	for i := 0; reasons.Len() < min(size, maxResultsLine)-80; i++ {
		fmt.Fprintf(&reasons, `"%d":1,`, i)
	}
	return []hostile.Input{
		{Name: "ordinary", Data: lines(func(i int) string {
			return fmt.Sprintf(`{"second":{"segment":"0/1","second":%d,"at_ns":%d,"joined":8,"connected":8,"syncs_per_s":1680.2,"promised_per_s":1680,"calls_in_per_s":640,"calls_out_per_s":80,"server_cpu_pct":41.5,"server_rss_bytes":90000000,"bots_cpu_pct":20.3,"machine_cpu_pct":70.1,"call_errors":0,"latency_us":[1000,40,1024,200,1040,300,1056,90,2048,9,40960,1]}}`+"\n", i, i*1e9)
		})},
		{Name: "tiny seconds", Data: lines(func(i int) string { return `{"second":{"segment":"0/1","second":` + strconv.Itoa(i) + "}}\n" })},
		{Name: "every bucket a second", Data: lines(func(i int) string {
			return `{"second":{"segment":"0/1","second":` + strconv.Itoa(i) + `,"latency_us":[` + buckets + "]}}\n"
		})},
		{Name: "the longest list of numbers", Data: []byte(head + `{"second":{"segment":"0/1","second":1,"latency_us":[` +
			strings.Repeat("0,", min(size, maxResultsLine)/2-60) + "0]}}\n")},
		{Name: "reasons by the thousand", Data: []byte(head + `{"end":{"segment":"0/1","disconnects":{` +
			strings.TrimSuffix(reasons.String(), ",") + "}}}\n")},
		{Name: "deep nesting", Data: []byte(head + `{"end":{"segment":"0/1","disconnects":` +
			strings.Repeat("[", min(size, maxResultsLine)-60) + "\n")},
	}
}

// merger holds at most 32 bytes a byte of the results it reads, plus
// 512 KiB, whatever they hold (docs/limits.md).
func TestHostileResults(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	const size = 1 << 20
	for _, in := range hostileResults(size) {
		t.Run(in.Name, func(t *testing.T) {
			var err error
			hostile.Collect()
			alloc := hostile.Allocated(func() {
				var m merger
				if err = m.add("x.jsonl", bytes.NewReader(in.Data)); err == nil {
					_, err = m.report()
				}
			})
			if err != nil {
				assert.ErrorIs(t, err, ErrResults)
				assert.Less(t, len(err.Error()), 600)
			}
			t.Logf("%d bytes: %.1f bytes allocated a byte (%v)", len(in.Data), float64(alloc)/float64(len(in.Data)), err)
			assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
		})
	}
}

// BenchmarkHostileResults measures merger's CPU a byte of each hostile
// input against the ordinary one's (docs/limits.md: within 10×).
func BenchmarkHostileResults(b *testing.B) {
	const size = 1 << 20
	for _, in := range hostileResults(size) {
		b.Run(in.Name, func(b *testing.B) {
			cputime.PerByte(b, len(in.Data), func() error {
				var m merger
				err := m.add("x.jsonl", bytes.NewReader(in.Data))
				if err == nil {
					_, err = m.report()
				}
				if errors.Is(err, ErrResults) {
					return nil
				}
				return err
			})
		})
	}
}

// Many segments' files, each tiny: what merger holds grows with the
// bytes read.
func TestHostileManySegments(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	const n = 2000
	files := make([][]byte, n)
	total := 0
	for i := range n {
		f := newSegmentFile(i, n, n)
		f.rows = f.rows[:0]
		files[i] = f.bytes()
		total += len(files[i])
	}
	hostile.Collect()
	var err error
	alloc := hostile.Allocated(func() {
		var m merger
		for i, f := range files {
			if err = m.add("seg"+strconv.Itoa(i), bytes.NewReader(f)); err != nil {
				return
			}
		}
		_, err = m.report()
	})
	require.NoError(t, err)
	t.Logf("%d files, %d bytes: %.1f bytes allocated a byte", n, total, float64(alloc)/float64(total))
	assert.LessOrEqual(t, alloc, hostile.Bound(total))
}

// The end line's reasons and a machine limit of every segment: the
// report's text stays bounded.
func TestMergedReasonsBounded(t *testing.T) {
	const n = 300
	var m merger
	for i := range n {
		f := newSegmentFile(i, n, n)
		f.end.Kept, f.end.Disconnects = 0, map[string]int{"reason " + strconv.Itoa(i): 1}
		f.end.MachineLimit = "the bots used 1.9 of this machine's 2 cores"
		require.NoError(t, m.add("seg"+strconv.Itoa(i), bytes.NewReader(f.bytes())))
	}
	rep, err := m.report()
	require.NoError(t, err)
	assert.Len(t, rep.Disconnects, maxReasons+1)
	assert.Equal(t, n-maxReasons, rep.Disconnects[otherReasons])
	assert.Less(t, len(rep.MachineLimit), 400)
	assert.Contains(t, rep.MachineLimit, "and 295 other segments")
}

// hostileAnswersServer serves the synced-player game with a Go server
// that answers each input with a flood of moved calls whose times are
// any int64: from before the epoch to past the end of time.
func hostileAnswersServer(t *testing.T, p *project.Project) string {
	m := multiplayer.MustNew()
	game, err := fromproject.Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	main, err := game.Node("/root/Main")
	require.NoError(t, err)
	times := []int64{math.MinInt64, -1, 0, 1, time.Now().Add(time.Hour).UnixMicro(), math.MaxInt64}
	err = game.Handle("/root/Main", "input", func(c *multiplayer.Call, _ int64, dir gdvar.Vector3) error {
		for i := range 50 {
			if err := main.Call(c.From, "moved", int64(c.From), times[i%len(times)], dir); err != nil {
				return err
			}
		}
		return nil
	})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serveUntilEnd(t, func(ctx context.Context) error { return m.Serve(ctx, ln) })
	return ln.Addr().String()
}

// A server's answers carry any time: each before the bot's clock by
// 71 minutes or more is counted in the histogram's last bucket, each
// ahead of it not at all (no call of the bot's carried it), and no
// percentile is out of the histogram's range.
func TestLiveHostileAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("2 s against a server")
	}
	p, err := project.Open(playersProject)
	require.NoError(t, err)
	addr := hostileAnswersServer(t, p)
	sc, err := ReadScenario(strings.NewReader(playersScenario))
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Project: p, Scenario: sc, Addr: addr, Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Bots: 2, Duration: 2 * time.Second})
	require.NoError(t, err)
	assert.Equal(t, 2, rep.Kept, "kept: %v", rep.Disconnects)
	require.Positive(t, rep.latency.count())
	top := time.Duration(1<<topBit) * time.Microsecond
	for _, s := range rep.seconds {
		for _, q := range []time.Duration{s.P50, s.P99, s.P999} {
			assert.True(t, q >= 0 && q <= top, "%v", q)
		}
	}
	assert.Equal(t, rep.latency.count(), rep.latency.counts[histBuckets-1], "each answer timed in the last bucket")
}

// Disconnects are counted by at most 100 reasons: a server that lets
// each bot go with a reason of its own (a port in it, say) has the
// others counted together.
func TestCountReasonBounded(t *testing.T) {
	m := map[string]int{}
	for i := range 1000 {
		countReason(m, fmt.Errorf("read tcp 127.0.0.1:%d: connection reset by peer", 40000+i))
	}
	countReason(m, errors.New(strings.Repeat("é", 100)))
	assert.Len(t, m, maxReasons+1)
	assert.Equal(t, 901, m[otherReasons])
	for why := range m {
		assert.LessOrEqual(t, len(why), maxReason+len("…"))
	}
}
