package loadtest

import (
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
)

// WriteTable writes the report's summary as a markdown table, then each
// threshold's outcome, if any, the disconnects and failed joins by
// reason, and the load machine's limit if it was one. The rates are over
// the seconds after every bot had joined (all of the run if some never
// did).
func (r *Report) WriteTable(w io.Writer) error {
	s := r.Summary()
	var b strings.Builder // written at once: the error is w's alone
	fmt.Fprintln(&b, "| bots | joined | kept | failed | syncs/s | promised/s | delivered % | calls in/s | calls out/s | worst p99 ms | worst p99.9 ms | server CPU % | server RSS MiB | bots CPU % | bots CPU µs/s a bot |")
	fmt.Fprintln(&b, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	server := "– | –" // not measured: no -server-pid
	if s.ServerCPUPct != nil {
		server = fmt.Sprintf("%.1f | %.1f", *s.ServerCPUPct, *s.ServerRSSMiB)
	}
	fmt.Fprintf(&b, "| %d | %d | %d | %d | %.0f | %.0f | %.1f | %.0f | %.0f | %.1f | %.1f | %s | %.1f | %.0f |\n",
		s.Bots, s.Joined, s.Kept, s.Failed, s.SyncsPerS, s.PromisedPerS, s.DeliveredPct, s.CallsInPerS, s.CallsOutPerS,
		s.WorstP99Ms, s.WorstP999Ms, server, s.BotsCPUPct, s.BotsCPUUsABot)
	if len(s.Thresholds) > 0 {
		fmt.Fprintln(&b, "\n| threshold | limit | figure | outcome |")
		fmt.Fprintln(&b, "|---|---|---|---|")
		for _, o := range s.Thresholds {
			limit, figure, outcome := "≤ "+number(o.Limit), number(o.Figure), "passed"
			if strings.HasPrefix(o.Name, "min_") {
				limit = "≥ " + number(o.Limit)
			}
			if !o.Pass {
				outcome = "FAILED"
			}
			name := o.Name
			if o.Note != "" {
				name += " (" + o.Note + ")"
			}
			if !o.measured() {
				figure = "–"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", name, limit, figure, outcome)
		}
	}
	if s.DepartedNodes > 0 {
		fmt.Fprintf(&b, "\n%d nodes of peers that left (the server's DEL_PEER) not promised: the most a bot saw", s.DepartedNodes)
	}
	for _, kind := range []struct {
		name string
		m    map[string]int
	}{{"disconnected", s.Disconnects}, {"could not join", s.JoinErrors}} {
		for _, why := range slices.Sorted(maps.Keys(kind.m)) {
			fmt.Fprintf(&b, "\n%d %s: %s", kind.m[why], kind.name, why)
		}
	}
	if s.MachineLimit != "" {
		if s.Segments > 1 {
			fmt.Fprintf(&b, "\na load machine was the limit: %s", s.MachineLimit)
		} else {
			fmt.Fprintf(&b, "\nthis machine was the limit: %s", s.MachineLimit)
		}
		if s.Verdict == VerdictMachine && len(s.Thresholds) > 0 {
			fmt.Fprint(&b, "\nthe thresholds' outcomes measure the load machine, not the server")
		}
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// steady returns the seconds after the one in which every bot had
// joined (the spawns of the last joins reach the others within it), or
// all of them if there are none.
func (r *Report) steady(bots int) []snapshot {
	for i, s := range r.seconds {
		if s.Joined >= bots && i+1 < len(r.seconds) {
			return r.seconds[i+1:]
		}
	}
	return r.seconds
}

func (r *Report) runSeconds() float64 {
	if len(r.seconds) == 0 {
		return 1
	}
	return max(r.seconds[len(r.seconds)-1].At.Seconds(), 1e-3)
}

// WriteCSV writes a row a second.
func (r *Report) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write([]string{"seconds", "joined", "connected", "syncs_per_s", "promised_per_s", "calls_in_per_s", "calls_out_per_s",
		"p50_ms", "p99_ms", "server_cpu_pct", "server_rss_mib", "bots_cpu_pct", "call_errors", "machine_cpu_pct", "p999_ms", "departed_nodes"})
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	for _, s := range r.seconds {
		c.Write([]string{f(s.At.Seconds(), 1), strconv.Itoa(s.Joined), strconv.Itoa(s.Connected), f(s.Syncs, 1), f(s.Promised, 1),
			f(s.Calls, 1), f(s.Sent, 1), msText(s.P50), msText(s.P99), f(s.ServerCPU, 1), f(float64(s.ServerRSS)/(1<<20), 1),
			f(s.BotsCPU, 1), strconv.FormatInt(s.CallErrors, 10), f(s.MachineCPU, 1), msText(s.P999), strconv.Itoa(s.Departed)})
	}
	c.Flush()
	return c.Error()
}

func msText(d time.Duration) string { return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64) }
