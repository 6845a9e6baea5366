package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// The figures a result gives, derived from what it measured.

// deliveredPct is the share of the syncs due that arrived, in %.
func (r result) deliveredPct() float64 {
	if r.expected == 0 {
		return 0
	}
	return 100 * float64(r.delivered) / float64(r.expected)
}

// rateHz is the ticks a client sent a second, on average.
func (r result) rateHz() float64 {
	return float64(r.sent) / float64(r.n*r.matches) / r.seconds.Seconds()
}

// serverCPUPct is the server's CPU over the sending, in % of one core.
func (r result) serverCPUPct() float64 { return 100 * r.serverCPU.Seconds() / r.elapsed.Seconds() }

// serverMsPerTick is the server's CPU a tick of the game (1/hz), in ms.
func (r result) serverMsPerTick() float64 {
	return r.serverCPU.Seconds() * 1000 / (r.elapsed.Seconds() * float64(r.hz))
}

// perSync is a CPU time per delivered sync, in µs.
func (r result) perSync(cpu time.Duration) float64 {
	if r.delivered == 0 {
		return 0
	}
	return float64(cpu.Nanoseconds()) / 1000 / float64(r.delivered)
}

// missed reports whether the run missed syncs: a match lost one, or the
// p99 of every match's syncs is over a tick. (A small match's own p99
// rests on few syncs, 600 in 10 s at 2 players, so one stall of a busy
// machine moves it; worstP99 shows it.)
func (r result) missed() bool {
	return r.worstPct < 100 || r.p99 > time.Second/time.Duration(r.hz)
}

// idleCPUPct is the servers' CPU with no peers, in % of one core a match.
func (r result) idleCPUPct() float64 {
	if r.idle == 0 {
		return 0
	}
	return 100 * r.idleCPU.Seconds() / r.idle.Seconds() / float64(r.matches)
}

// perMatchMiB is bytes shared by the run's matches, in MiB a match.
func (r result) perMatchMiB(b int64) float64 { return float64(b) / (1 << 20) / float64(r.matches) }

// counted is a count, or – for one not counted (-1).
func counted(n int64) string {
	if n < 0 {
		return "–"
	}
	return strconv.FormatInt(n, 10)
}

func ms(d time.Duration) string { return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64) }

// writeTable writes results as a markdown table.
func writeTable(w io.Writer, results []result) {
	writeHeader(w)
	for _, r := range results {
		writeRow(w, r)
	}
}

func writeHeader(w io.Writer) {
	fmt.Fprintln(w, "| server | transport | mode | N | M | Hz sent | delivered % | worst match % | p50 ms | p99 ms | worst p99 ms | server CPU % | server ms/tick | server µs/sync | server RSS MiB | RSS MiB/match | idle CPU %/match | idle RSS MiB/match | clients µs/sync | UDP drops | throttle drops clients / server |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
}

func writeRow(w io.Writer, r result) {
	fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %.1f | %.2f | %.2f | %s | %s | %s | %.0f | %.2f | %.2f | %.1f | %.1f | %.3f | %.1f | %.2f | %d | %d / %s |\n",
		r.server, r.transport, r.mode, r.n, r.matches, r.rateHz(), r.deliveredPct(), r.worstPct, ms(r.p50), ms(r.p99), ms(r.worstP99),
		r.serverCPUPct(), r.serverMsPerTick(), r.perSync(r.serverCPU), float64(r.serverRSS)/(1<<20), r.perMatchMiB(r.serverRSS),
		r.idleCPUPct(), r.perMatchMiB(r.idleRSS), r.perSync(r.clientCPU), r.udpDrops, r.clientThrottled, counted(r.serverThrottled))
}

// writeCarried writes, for each server, transport, mode and N, the most
// matches a run carried (every sync delivered, p99 under a tick), with
// that run's figures, as a markdown table.
func writeCarried(w io.Writer, results []result) {
	fmt.Fprintln(w, "| server | transport | mode | N | matches carried | server µs/sync | RSS MiB/match | idle CPU %/match | clients µs/sync |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	type key struct {
		server    string
		transport multiplayer.Transport
		mode      mode
		n         int
	}
	best := map[key]result{}
	var order []key
	for _, r := range results {
		k := key{r.server, r.transport, r.mode, r.n}
		if _, seen := best[k]; !seen {
			order = append(order, k)
			best[k] = result{}
		}
		if !r.missed() && r.matches > best[k].matches {
			best[k] = r
		}
	}
	for _, k := range order {
		r := best[k]
		if r.matches == 0 {
			fmt.Fprintf(w, "| %s | %s | %s | %d | 0 | | | | |\n", k.server, k.transport, k.mode, k.n)
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %.2f | %.1f | %.3f | %.2f |\n", k.server, k.transport, k.mode, k.n,
			r.matches, r.perSync(r.serverCPU), r.perMatchMiB(r.serverRSS), r.idleCPUPct(), r.perSync(r.clientCPU))
	}
}

// writeCSV writes results as CSV, a row each, for a plot.
func writeCSV(w io.Writer, results []result) error {
	c := csv.NewWriter(w)
	c.Write([]string{"server", "transport", "mode", "n", "matches", "hz", "seconds", "sent", "expected", "delivered",
		"delivered_pct", "worst_match_pct", "p50_ms", "p99_ms", "worst_p99_ms", "server_cpu_pct", "server_ms_per_tick",
		"server_us_per_sync", "server_rss_mib", "rss_mib_per_match", "idle_cpu_pct_per_match", "idle_rss_mib_per_match",
		"client_us_per_sync", "udp_drops", "client_throttle_drops", "server_throttle_drops", "missed"})
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	for _, r := range results {
		c.Write([]string{r.server, r.transport.String(), string(r.mode), strconv.Itoa(r.n), strconv.Itoa(r.matches), strconv.Itoa(r.hz),
			f(r.elapsed.Seconds(), 2), strconv.FormatInt(r.sent, 10), strconv.FormatInt(r.expected, 10),
			strconv.FormatInt(r.delivered, 10), f(r.deliveredPct(), 3), f(r.worstPct, 3), ms(r.p50), ms(r.p99), ms(r.worstP99),
			f(r.serverCPUPct(), 1), f(r.serverMsPerTick(), 3), f(r.perSync(r.serverCPU), 3),
			f(float64(r.serverRSS)/(1<<20), 1), f(r.perMatchMiB(r.serverRSS), 1), f(r.idleCPUPct(), 4), f(r.perMatchMiB(r.idleRSS), 1),
			f(r.perSync(r.clientCPU), 3), strconv.FormatInt(r.udpDrops, 10),
			strconv.FormatInt(r.clientThrottled, 10), strconv.FormatInt(r.serverThrottled, 10), strconv.FormatBool(r.missed())})
	}
	c.Flush()
	return c.Error()
}
