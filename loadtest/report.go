package loadtest

import (
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"time"
)

// ProgressLine is a snapshot as the line a run prints each second.
func ProgressLine(s Snapshot) string {
	line := fmt.Sprintf("%5.0fs  bots %d/%d  syncs %.0f/s of %.0f  calls in %.0f/s out %.0f/s  p99 %s  bots CPU %.0f%%  machine %.0f%%",
		s.At.Seconds(), s.Connected, s.Joined, s.Syncs, s.Promised, s.Calls, s.Sent, msText(s.P99), s.BotsCPU, s.MachineCPU)
	if s.ServerRSS > 0 {
		line += fmt.Sprintf("  server CPU %.0f%% RSS %.1f MiB", s.ServerCPU, float64(s.ServerRSS)/(1<<20))
	}
	return line
}

// WriteTable writes the report's summary as a markdown table, then the
// disconnects and failed joins by reason, and the machine's limit if it
// was one. The rates are over the seconds after every bot had joined
// (all of the run if some never did).
func (r *Report) WriteTable(w io.Writer, bots int) {
	steady := r.steady(bots)
	var syncs, promised, calls, sent, cpu, botsCPU float64
	var rss int64
	var p99 time.Duration
	for _, s := range steady {
		syncs += s.Syncs
		promised += s.Promised
		calls += s.Calls
		sent += s.Sent
		cpu += s.ServerCPU
		botsCPU += s.BotsCPU
		rss = max(rss, s.ServerRSS)
		p99 = max(p99, s.P99)
	}
	n := float64(max(len(steady), 1))
	fmt.Fprintln(w, "| bots | joined | kept | failed | syncs/s | promised/s | delivered % | calls in/s | calls out/s | worst p99 ms | server CPU % | server RSS MiB | bots CPU % | bots CPU µs/s a bot |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	pct := 0.0
	if promised > 0 {
		pct = 100 * syncs / promised
	}
	perBot := 0.0
	if r.Joined > 0 {
		perBot = 1e6 * r.BotsCPU.Seconds() / r.runSeconds() / float64(r.Joined)
	}
	server := "– | –" // not measured: no -server-pid
	if rss > 0 {
		server = fmt.Sprintf("%.1f | %.1f", cpu/n, float64(rss)/(1<<20))
	}
	fmt.Fprintf(w, "| %d | %d | %d | %d | %.0f | %.0f | %.1f | %.0f | %.0f | %s | %s | %.1f | %.0f |\n",
		bots, r.Joined, r.Kept, r.Failed, syncs/n, promised/n, pct, calls/n, sent/n, msText(p99),
		server, botsCPU/n, perBot)
	for _, kind := range []struct {
		name string
		m    map[string]int
	}{{"disconnected", r.Disconnects}, {"could not join", r.JoinErrors}} {
		for _, why := range slices.Sorted(maps.Keys(kind.m)) {
			fmt.Fprintf(w, "\n%d %s: %s", kind.m[why], kind.name, why)
		}
	}
	if r.MachineLimit != "" {
		fmt.Fprintf(w, "\nthis machine was the limit: %s", r.MachineLimit)
	}
	fmt.Fprintln(w)
}

// steady returns the seconds after the one in which every bot had
// joined (the spawns of the last joins reach the others within it), or
// all of them if there are none.
func (r *Report) steady(bots int) []Snapshot {
	for i, s := range r.Seconds {
		if s.Joined >= bots && i+1 < len(r.Seconds) {
			return r.Seconds[i+1:]
		}
	}
	return r.Seconds
}

func (r *Report) runSeconds() float64 {
	if len(r.Seconds) == 0 {
		return 1
	}
	return max(r.Seconds[len(r.Seconds)-1].At.Seconds(), 1e-3)
}

// WriteCSV writes a row a second.
func (r *Report) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write([]string{"seconds", "joined", "connected", "syncs_per_s", "promised_per_s", "calls_in_per_s", "calls_out_per_s",
		"p50_ms", "p99_ms", "server_cpu_pct", "server_rss_mib", "bots_cpu_pct", "call_errors", "machine_cpu_pct"})
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	for _, s := range r.Seconds {
		c.Write([]string{f(s.At.Seconds(), 1), strconv.Itoa(s.Joined), strconv.Itoa(s.Connected), f(s.Syncs, 1), f(s.Promised, 1),
			f(s.Calls, 1), f(s.Sent, 1), msText(s.P50), msText(s.P99), f(s.ServerCPU, 1), f(float64(s.ServerRSS)/(1<<20), 1),
			f(s.BotsCPU, 1), strconv.FormatInt(s.CallErrors, 10), f(s.MachineCPU, 1)})
	}
	c.Flush()
	return c.Error()
}

func msText(d time.Duration) string { return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64) }
