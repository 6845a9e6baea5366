package peers

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// smallRounds is how many interleaved rounds TestSmallRatios takes the best
// of; smallRoundTime is about how long one measurement runs.
const (
	smallRounds    = 11
	smallRoundTime = 10 * time.Millisecond
)

// smallJob is one codec doing one operation on one shape, over the records
// in turn.
type smallJob struct {
	op, shape, codec string
	run              func(i int) error
	n                int           // operations per measurement
	best             time.Duration // per operation, the best round's
	allocs           float64       // per operation (testing.AllocsPerRun)
	bytes            uint64        // allocated per operation
}

// smallJobs is every operation of every codec on every shape, in the order
// the rounds run them: the codecs of one operation on one shape one after
// the other, so that they see the same state of the machine.
func smallJobs(shapes []smallShape) []*smallJob {
	var jobs []*smallJob
	for _, op := range []string{"unmarshal", "marshal", "append", "any"} {
		for _, s := range shapes {
			for _, f := range s.forms {
				var run func(i int) error
				switch op {
				case "unmarshal":
					run = func(i int) error { f.clear(); return f.codec.unmarshal(f.encoded[i], f.dst) }
				case "marshal":
					run = func(i int) error { _, err := f.codec.marshal(f.values[i]); return err }
				case "append":
					if f.codec.appendTo == nil {
						continue
					}
					var buf []byte
					run = func(i int) (err error) { buf, err = f.codec.appendTo(buf[:0], f.values[i]); return err }
				case "any":
					run = func(i int) error { _, err := f.codec.toAny(f.encoded[i]); return err }
				}
				jobs = append(jobs, &smallJob{op: op, shape: s.name, codec: f.codec.name, run: run})
			}
		}
	}
	return jobs
}

// measure runs j.n operations and returns the time of one.
func (j *smallJob) measure() (time.Duration, error) {
	start := time.Now()
	for k := range j.n {
		if err := j.run(k % smallPicks); err != nil {
			return 0, fmt.Errorf("%s %s %s: %w", j.op, j.shape, j.codec, err)
		}
	}
	return time.Since(start) / time.Duration(j.n), nil
}

// allocatedPer is the bytes one operation of j allocates, on average over
// the records.
func allocatedPer(j *smallJob) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range smallPicks {
		_ = j.run(i)
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / smallPicks
}

// TestSmallRatios prints, for each shape, each peer's time per message over
// gdvar's (above 1: gdvar is faster), best of interleaved rounds of about
// 10 ms each, with gdvar's time and allocations. msgp is tinylib/msgp's
// generated code, a floor for reference. Set PEERS_SMALL=1; it takes under
// a minute.
func TestSmallRatios(t *testing.T) {
	if os.Getenv("PEERS_SMALL") == "" {
		t.Skip("set PEERS_SMALL=1 to measure the small-message ratios")
	}
	shapes := smallShapesFor(t)
	jobs := smallJobs(shapes)
	for _, j := range jobs { // warm up, size each measurement, count allocations
		j.n = smallPicks
		per, err := j.measure()
		if err != nil {
			t.Fatal(err)
		}
		j.n = max(smallPicks, int(smallRoundTime/max(per, 1)))
		i := 0
		j.allocs = testing.AllocsPerRun(smallPicks, func() { _ = j.run(i); i = (i + 1) % smallPicks })
		j.bytes = allocatedPer(j)
	}
	for range smallRounds {
		for _, j := range jobs {
			per, err := j.measure()
			if err != nil {
				t.Fatal(err)
			}
			if j.best == 0 || per < j.best {
				j.best = per
			}
		}
	}
	t.Logf("\n%s, GOMAXPROCS %d, best of %d rounds%s", runtime.Version(), runtime.GOMAXPROCS(0), smallRounds, smallReport(shapes, jobs))
}

// smallReport is the Markdown tables of the ratios, one per operation, and
// the mean message size of each codec.
func smallReport(shapes []smallShape, jobs []*smallJob) string {
	find := map[string]*smallJob{}
	for _, j := range jobs {
		find[j.op+" "+j.shape+" "+j.codec] = j
	}
	var names []string
	for _, f := range shapes[0].forms[1:] {
		names = append(names, f.codec.name)
	}
	var b strings.Builder
	for _, op := range []struct{ op, title string }{
		{"unmarshal", "Unmarshal into the Go type"},
		{"marshal", "Marshal"},
		{"any", "Unmarshal into interface{}"},
	} {
		fmt.Fprintf(&b, "\n%s: each peer's time over gdvar's (above 1: gdvar is faster), allocations in brackets; msgp is generated code, a floor\n\n", op.title)
		fmt.Fprintf(&b, "| shape | gdvar ns | allocs | B |")
		if op.op == "marshal" {
			fmt.Fprintf(&b, " append ns | allocs | B |")
		}
		for _, n := range names {
			fmt.Fprintf(&b, " %s |", n)
		}
		fmt.Fprintf(&b, " fastest peer |\n|---|---|---|---|")
		if op.op == "marshal" {
			fmt.Fprintf(&b, "---|---|---|")
		}
		fmt.Fprintf(&b, "%s---|\n", strings.Repeat("---|", len(names)))
		for _, s := range shapes {
			g := find[op.op+" "+s.name+" gdvar"]
			fmt.Fprintf(&b, "| %s | %d | %.0f | %d |", s.name, g.best.Nanoseconds(), g.allocs, g.bytes)
			if op.op == "marshal" {
				a := find["append "+s.name+" gdvar"]
				fmt.Fprintf(&b, " %d | %.0f | %d |", a.best.Nanoseconds(), a.allocs, a.bytes)
			}
			fastest := 0.0
			for _, f := range s.forms[1:] {
				p := find[op.op+" "+s.name+" "+f.codec.name]
				r := float64(p.best) / float64(g.best)
				fmt.Fprintf(&b, " %.2f (%.0f) |", r, p.allocs)
				if !f.codec.floor && (fastest == 0 || r < fastest) {
					fastest = r
				}
			}
			fmt.Fprintf(&b, " %.2f |\n", fastest)
		}
	}
	for _, s := range shapes {
		if s.note != "" {
			fmt.Fprintf(&b, "\n%s: %s\n", s.name, s.note)
		}
	}
	fmt.Fprintf(&b, "\nMean message size in bytes\n\n| shape | gdvar |")
	for _, n := range names {
		fmt.Fprintf(&b, " %s |", n)
	}
	fmt.Fprintf(&b, "\n|---|---|%s\n", strings.Repeat("---|", len(names)))
	for _, s := range shapes {
		fmt.Fprintf(&b, "| %s |", s.name)
		for _, f := range s.forms {
			total := 0
			for _, e := range f.encoded {
				total += len(e)
			}
			fmt.Fprintf(&b, " %.0f |", float64(total)/float64(len(f.encoded)))
		}
		b.WriteString("\n")
	}
	return b.String()
}
