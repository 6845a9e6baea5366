package loadtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/gdvar/gdvar/multiplayer"
)

// The bounds of a results file Merge reads: a line of a second holds at
// most 2 numbers a bucket (70 KiB), an end line 2 × 101 reasons.
const (
	maxResultsLine = 1 << 20
	maxFigure      = 1e12    // a rate, a CPU %: far above what a process measures
	maxRSS         = 1 << 50 // bytes
	maxCount       = 1 << 53
	maxText        = 1024 // a name, a machine limit
)

// Merge joins the results files of a test's segments, each written by
// Run (Config.Results) in a process of its own, into the test's report:
// the rates of each second summed, the latencies' percentiles taken from
// the segments' histograms merged, the totals and reasons summed. It
// opens each of names with open (a path, or another name the caller
// knows), reads it and closes it before the next: a test of many
// segments holds one file open at a time. It reads what it is given as
// a hostile file: each line at most 1 MiB, each figure in its range, the
// files of one test (the same game, scenario, bots, segments, start and
// duration), each segment once and all of them; its memory grows with
// the seconds of the run, not its bots. An error is open's, or an
// ErrResults naming the file and line.
func Merge(names []string, open func(name string) (io.ReadCloser, error)) (*Report, error) {
	var m merger
	for _, name := range names {
		f, err := open(name)
		if err != nil {
			return nil, err
		}
		err = m.add(name, f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return m.report()
}

// merger is a merge's state, the files read so far. Its zero value is
// ready to use.
type merger struct {
	head    *resultsHead
	first   string         // the file of head
	files   map[int]string // by segment index
	rows    map[int]*mergedRow
	limits  map[int]string // machine limits, by segment index
	err     error          // the first error of add: a merger that had one has no report
	totals  Report
	started bool
}

// A mergedRow is a second of every segment's so far: snapshot sums, and
// the latencies' buckets in order.
type mergedRow struct {
	s   snapshot
	lat []bucketCount
}

// A bucketCount is a histogram's bucket that counts some latencies.
type bucketCount struct {
	i int
	n uint64
}

// add reads the results file of one segment, named name in errors (its
// path), into the merge. An error is a *resultsError naming the file and
// line; after one, the merger has no report.
func (m *merger) add(name string, r io.Reader) error {
	if m.err != nil {
		return m.err
	}
	m.err = m.read(name, r)
	return m.err
}

func (m *merger) read(name string, r io.Reader) error {
	if !m.started {
		m.started = true
		m.files, m.rows, m.limits = map[int]string{}, map[int]*mergedRow{}, map[int]string{}
		m.totals.Disconnects, m.totals.JoinErrors = map[string]int{}, map[string]int{}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxResultsLine)
	line := 0
	fail := func(format string, args ...any) error {
		return &resultsError{File: name, Line: line, Reason: cut(fmt.Sprintf(format, args...), 512)}
	}
	var head *resultsHead
	var segment Segment
	lastKey, ended := 0, false
	for sc.Scan() {
		line++
		if ended {
			return fail("a line after the end line: one segment's results a file")
		}
		var l resultsLine
		if err := decodeStrict(sc.Bytes(), &l); err != nil {
			return fail("not a line of gdvar load's results: %v", err)
		}
		switch {
		case kinds(&l) != 1:
			return fail("a line of one kind: head, second or end")
		case l.Head != nil:
			if line != 1 {
				return fail("a second head: one segment's results a file")
			}
			var err error
			if segment, err = m.addHead(name, l.Head); err != nil {
				return fail("%v", err)
			}
			head = l.Head
		case head == nil:
			return fail("no head: the first line of a results file says which test they are of")
		case l.Second != nil:
			if err := m.addRow(head, l.Second, &lastKey); err != nil {
				return fail("second: %v", err)
			}
		default:
			if err := m.addEnd(head, segment, l.End); err != nil {
				return fail("end: %v", err)
			}
			ended = true
		}
	}
	if err := sc.Err(); err != nil {
		line++
		if errors.Is(err, bufio.ErrTooLong) {
			return fail("a line over %d bytes: not gdvar load's results", maxResultsLine)
		}
		return fail("%v", err)
	}
	switch {
	case line == 0:
		return fail("empty: not gdvar load's results")
	case !ended:
		return fail("the file ends before its end line: its segment did not finish (it was killed, or is still running)")
	}
	return nil
}

// kinds is how many kinds of line l is: 1, or it is none.
func kinds(l *resultsLine) int {
	n := 0
	for _, set := range []bool{l.Head != nil, l.Second != nil, l.End != nil} {
		if set {
			n++
		}
	}
	return n
}

// decodeStrict decodes a line of JSON into v: one object, its fields all
// known.
func decodeStrict(b []byte, v any) error {
	if err := jsonv2.Unmarshal(b, v, jsonv2.RejectUnknownMembers(true)); err != nil {
		return errors.New(cut(strings.TrimPrefix(err.Error(), "json: "), 200))
	}
	return nil
}

// addHead checks a file's head against the first file's, and takes its
// segment.
func (m *merger) addHead(name string, h *resultsHead) (Segment, error) {
	if h.Version != resultsVersion {
		return Segment{}, fmt.Errorf("results of version %d; this gdvar reads version %d: merge with the gdvar that ran the segments", h.Version, resultsVersion)
	}
	s, err := ParseSegment(h.Segment)
	if err != nil {
		return s, err
	}
	if h.Bots < 1 || h.Bots > maxBots {
		return s, fmt.Errorf("%d bots: from 1 to %d", h.Bots, maxBots)
	}
	if own, err := s.checkBots(h.Bots); err != nil || own != h.OwnBots {
		return s, fmt.Errorf("segment %s of %d bots runs %d, not %d", s, h.Bots, h.Bots/s.count(), h.OwnBots)
	}
	switch {
	case !(h.JoinRate >= minRateHz && h.JoinRate <= maxJoinRate):
		return s, fmt.Errorf("join rate %g: from %g to %d", h.JoinRate, minRateHz, maxJoinRate)
	case h.DurationNs <= 0 || h.DurationNs > int64(maxDuration):
		return s, fmt.Errorf("duration %v: above 0, at most %v", time.Duration(h.DurationNs), maxDuration)
	case h.Start.IsZero():
		return s, errors.New("no start")
	case len(h.Game) > maxText || len(h.Scene) > maxText || len(h.Project) > maxText || len(h.Scenario) > maxText:
		return s, fmt.Errorf("a name over %d bytes", maxText)
	}
	t, err := multiplayer.ParseTransport(h.Transport)
	if err != nil {
		return s, err
	}
	h.Transport = t.String() // "websocket" is "ws": the same test's
	if err := h.Thresholds.check(); err != nil {
		return s, err
	}
	if m.head == nil {
		m.head, m.first = h, name
	} else if why := differ(m.head, h); why != "" {
		return s, fmt.Errorf("%s differs from %s's: merge the segments of one test, all of them run with the same flags and scenario", why, m.first)
	}
	if other, ok := m.files[s.Index]; ok {
		return s, fmt.Errorf("segment %s again: %s had it: each segment's results once", s, other)
	}
	m.files[s.Index] = name
	return s, nil
}

// differ names what tells two heads apart as of different tests, or "".
func differ(a, b *resultsHead) string {
	ta, _ := json.Marshal(&a.Thresholds)
	tb, _ := json.Marshal(&b.Thresholds)
	sa, _ := ParseSegment(a.Segment)
	sb, _ := ParseSegment(b.Segment)
	for _, d := range []struct {
		what string
		same bool
	}{
		{fmt.Sprintf("the game (%.60q, %.60q, project.godot %.12s…)", b.Game, b.Scene, b.Project), a.Game == b.Game && a.Scene == b.Scene && a.Project == b.Project},
		{fmt.Sprintf("the scenario (%.12s…)", b.Scenario), a.Scenario == b.Scenario},
		{fmt.Sprintf("the bots (%d in %d segments)", b.Bots, sb.count()), a.Bots == b.Bots && sa.count() == sb.count()},
		{fmt.Sprintf("the start (%s)", b.Start.Format(time.RFC3339Nano)), a.Start.Equal(b.Start)},
		{fmt.Sprintf("the duration (%v)", time.Duration(b.DurationNs)), a.DurationNs == b.DurationNs},
		{fmt.Sprintf("the join rate (%g)", b.JoinRate), a.JoinRate == b.JoinRate},
		{fmt.Sprintf("the transport (%s)", b.Transport), a.Transport == b.Transport},
		{"the thresholds", bytes.Equal(ta, tb)},
	} {
		if !d.same {
			return d.what
		}
	}
	return ""
}

// addRow checks a second of a segment's and adds it to the merge.
func (m *merger) addRow(h *resultsHead, r *resultsRow, lastKey *int) error {
	keys := seconds(time.Duration(h.DurationNs))
	delivered := r.Syncs
	if r.Delivered != nil {
		delivered = *r.Delivered
	}
	switch {
	case r.Segment != h.Segment:
		return fmt.Errorf("of segment %.20q, in the file of %s", r.Segment, h.Segment)
	case r.Second <= *lastKey || r.Second > keys:
		return fmt.Errorf("second %d after second %d: from 1 to %d, each once and in order", r.Second, *lastKey, keys)
	case r.AtNs < 0 || r.AtNs > 2*int64(maxDuration):
		return fmt.Errorf("at_ns %d: out of range", r.AtNs)
	case r.Joined < 0 || r.Joined > h.OwnBots || r.Connected < 0 || r.Connected > h.OwnBots:
		return fmt.Errorf("%d joined, %d connected: from 0 to the segment's %d bots", r.Joined, r.Connected, h.OwnBots)
	case r.ServerRSS < 0 || r.ServerRSS > maxRSS || r.CallErrors < 0 || r.CallErrors > maxCount || r.Departed < 0 || int64(r.Departed) > maxCount:
		return errors.New("server_rss_bytes, call_errors or departed_nodes out of range")
	case len(r.Latency)%2 != 0 || len(r.Latency) > 2*histBuckets:
		return fmt.Errorf("latency_us of %d numbers: pairs of a bucket's least µs and its count, at most %d", len(r.Latency), 2*histBuckets)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"syncs_per_s", r.Syncs}, {"promised_per_s", r.Promised}, {"delivered_per_s", delivered}, {"calls_in_per_s", r.Calls}, {"calls_out_per_s", r.Sent},
		{"server_cpu_pct", r.ServerCPU}, {"bots_cpu_pct", r.BotsCPU}, {"machine_cpu_pct", r.MachineCPU}} {
		if !(f.v >= 0 && f.v <= maxFigure) {
			return fmt.Errorf("%s %g: from 0 to %g", f.name, f.v, maxFigure)
		}
	}
	lat := make([]bucketCount, 0, len(r.Latency)/2)
	for j := 0; j < len(r.Latency); j += 2 {
		us, n := r.Latency[j], r.Latency[j+1]
		i := bucketOf(int64(min(us, 1<<62)))
		if low, _ := bucketLow(i); uint64(low) != us || n == 0 || len(lat) > 0 && lat[len(lat)-1].i >= i {
			return fmt.Errorf("latency_us: %d µs counted %d: each a bucket's least µs, in order, counted once or more", us, n)
		}
		lat = append(lat, bucketCount{i, n})
	}
	*lastKey = r.Second
	row := m.rows[r.Second]
	if row == nil {
		row = &mergedRow{}
		m.rows[r.Second] = row
	}
	s := &row.s
	s.At = max(s.At, time.Duration(r.AtNs))
	s.Joined += r.Joined
	s.Connected += r.Connected
	s.Syncs += r.Syncs
	s.Promised += r.Promised
	s.Delivered += delivered
	s.Departed = max(s.Departed, r.Departed) // each segment's bots see the same nodes
	s.Calls += r.Calls
	s.Sent += r.Sent
	s.ServerCPU = max(s.ServerCPU, r.ServerCPU) // a server measured by the segment on its machine, or by several
	s.ServerRSS = max(s.ServerRSS, r.ServerRSS)
	s.BotsCPU += r.BotsCPU
	s.MachineCPU = max(s.MachineCPU, r.MachineCPU) // the busiest machine's
	s.CallErrors += r.CallErrors
	row.lat = mergeBuckets(row.lat, lat)
	return nil
}

// mergeBuckets adds b's counts to a's, both in bucket order, in place
// from a's end: no more is allocated than the buckets a did not have.
func mergeBuckets(a, b []bucketCount) []bucketCount {
	added := 0
	for i, j := 0, 0; j < len(b); {
		switch {
		case i < len(a) && a[i].i < b[j].i:
			i++
		case i < len(a) && a[i].i == b[j].i:
			i, j = i+1, j+1
		default:
			added, j = added+1, j+1
		}
	}
	n := len(a)
	a = slices.Grow(a, added)[:n+added]
	for i, j, k := n-1, len(b)-1, n+added-1; j >= 0; k-- {
		switch {
		case i >= 0 && a[i].i > b[j].i:
			a[k], i = a[i], i-1
		case i >= 0 && a[i].i == b[j].i:
			a[k] = bucketCount{a[i].i, addSat(a[i].n, b[j].n)}
			i, j = i-1, j-1
		default:
			a[k], j = b[j], j-1
		}
	}
	return a
}

// addEnd checks a segment's totals and adds them to the merge.
func (m *merger) addEnd(h *resultsHead, s Segment, e *resultsEnd) error {
	switch {
	case e.Segment != h.Segment:
		return fmt.Errorf("of segment %.20q, in the file of %s", e.Segment, h.Segment)
	case e.Joined < 0 || e.Failed < 0 || e.Kept < 0 || e.Joined+e.Failed > h.OwnBots || e.Kept > e.Joined:
		return fmt.Errorf("%d joined, %d failed, %d kept: of the segment's %d bots", e.Joined, e.Failed, e.Kept, h.OwnBots)
	case e.BotsCPUNs < 0 || e.BotsCPUNs > 1<<62:
		return fmt.Errorf("bots_cpu_ns %d: out of range", e.BotsCPUNs)
	case len(e.MachineLimit) > maxText:
		return fmt.Errorf("a machine limit over %d bytes", maxText)
	}
	for _, r := range []struct {
		name string
		m    map[string]int
		most int
	}{{"disconnects", e.Disconnects, e.Joined - e.Kept}, {"join_errors", e.JoinErrors, e.Failed}} {
		if len(r.m) > maxReasons+1 {
			return fmt.Errorf("%s of %d reasons: at most %d", r.name, len(r.m), maxReasons+1)
		}
		total := 0
		for why, n := range r.m {
			if len(why) > maxReason+len("…") || n < 1 || n > r.most {
				return fmt.Errorf("%s: %.40q counted %d: a reason of at most %d bytes, counted from 1 to %d", r.name, why, n, maxReason, r.most)
			}
			total += n
		}
		if total > r.most {
			return fmt.Errorf("%s: %d counted, of %d bots", r.name, total, r.most)
		}
	}
	t := &m.totals
	t.Joined += e.Joined
	t.Failed += e.Failed
	t.Kept += e.Kept
	t.BotsCPU += time.Duration(e.BotsCPUNs)
	for why, n := range e.Disconnects {
		countReasonN(t.Disconnects, why, n)
	}
	for why, n := range e.JoinErrors {
		countReasonN(t.JoinErrors, why, n)
	}
	if e.MachineLimit != "" {
		m.limits[s.Index] = e.MachineLimit
	}
	return nil
}

// countReasonN counts n of the reason why in m, past maxReasons as the
// others.
func countReasonN(m map[string]int, why string, n int) {
	if _, ok := m[why]; !ok && len(m) >= maxReasons {
		why = otherReasons
	}
	m[why] += n
}

// report is the test's report, of every segment's results: each one's,
// or a *resultsError naming those missing.
func (m *merger) report() (*Report, error) {
	switch {
	case m.err != nil:
		return nil, m.err
	case m.head == nil:
		return nil, &resultsError{File: "merge", Reason: "no results: give each segment's file"}
	}
	seg, _ := ParseSegment(m.head.Segment)
	n := seg.count()
	var missing []string
	for i := range n {
		if _, ok := m.files[i]; !ok {
			missing = append(missing, Segment{i, n}.String())
		}
	}
	if len(missing) > 0 {
		if len(missing) > 10 {
			missing = append(missing[:10], "…")
		}
		return nil, &resultsError{File: m.first, Reason: fmt.Sprintf("%d of the test's %d segments missing (%s): merge the results of every segment",
			len(missing), n, strings.Join(missing, ", "))}
	}
	rep := m.totals
	rep.Bots, rep.Segments, rep.Thresholds = m.head.Bots, n, m.head.Thresholds
	rep.Disconnects, rep.JoinErrors = maps.Clone(m.totals.Disconnects), maps.Clone(m.totals.JoinErrors)
	keys := slices.Sorted(maps.Keys(m.rows))
	rep.seconds = make([]snapshot, len(keys))
	for i, k := range keys {
		row := m.rows[k]
		s := row.s
		total := countOf(row.lat)
		s.P50, s.P99, s.P999 = sparseQuantile(row.lat, total, 0.5), sparseQuantile(row.lat, total, 0.99), sparseQuantile(row.lat, total, 0.999)
		rep.seconds[i] = s
	}
	var all, steady histogram // as Run counts them
	joinedAll := false
	for i, k := range keys {
		for _, b := range m.rows[k].lat {
			all.add(b.i, b.n)
			if joinedAll {
				steady.add(b.i, b.n)
			}
		}
		joinedAll = joinedAll || rep.seconds[i].Joined >= rep.Bots
	}
	rep.latency = &all
	if len(rep.steady(rep.Bots)) < len(rep.seconds) {
		rep.latency = &steady
	}
	rep.MachineLimit = m.machineLimit(n)
	return &rep, nil
}

// maxLimitsShown bounds the segments whose machine limit a report says.
const maxLimitsShown = 5

// machineLimit is the segments' machine limits, each named, or the one
// segment's.
func (m *merger) machineLimit(n int) string {
	if n == 1 {
		return m.limits[0]
	}
	var limits []string
	for _, i := range slices.Sorted(maps.Keys(m.limits)) {
		if len(limits) == maxLimitsShown {
			limits = append(limits, fmt.Sprintf("and %d other segments", len(m.limits)-maxLimitsShown))
			break
		}
		limits = append(limits, "segment "+Segment{i, n}.String()+": "+m.limits[i])
	}
	return strings.Join(limits, "; ")
}

func countOf(lat []bucketCount) uint64 {
	var total uint64
	for _, b := range lat {
		total = addSat(total, b.n)
	}
	return total
}

func sparseQuantile(lat []bucketCount, total uint64, q float64) time.Duration {
	return quantileOf(total, q, func(yield func(int, uint64) bool) {
		for _, b := range lat {
			if !yield(b.i, b.n) {
				return
			}
		}
	})
}
