package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"
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
	return float64(r.sent) / float64(r.n) / r.seconds.Seconds()
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

func ms(d time.Duration) string { return strconv.FormatFloat(d.Seconds()*1000, 'f', 1, 64) }

// writeTable writes results as a markdown table.
func writeTable(w io.Writer, results []result) {
	writeHeader(w)
	for _, r := range results {
		writeRow(w, r)
	}
}

func writeHeader(w io.Writer) {
	fmt.Fprintln(w, "| server | transport | mode | N | Hz sent | delivered % | p50 ms | p99 ms | server CPU % | server ms/tick | server µs/sync | server RSS MiB | clients µs/sync | UDP drops |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
}

func writeRow(w io.Writer, r result) {
	fmt.Fprintf(w, "| %s | %s | %s | %d | %.1f | %.2f | %s | %s | %.0f | %.2f | %.2f | %.1f | %.2f | %d |\n",
		r.server, r.transport, r.mode, r.n, r.rateHz(), r.deliveredPct(), ms(r.p50), ms(r.p99),
		r.serverCPUPct(), r.serverMsPerTick(), r.perSync(r.serverCPU), float64(r.serverRSS)/(1<<20), r.perSync(r.clientCPU), r.udpDrops)
}

// writeCSV writes results as CSV, a row each, for a plot.
func writeCSV(w io.Writer, results []result) error {
	c := csv.NewWriter(w)
	c.Write([]string{"server", "transport", "mode", "n", "hz", "seconds", "sent", "expected", "delivered",
		"delivered_pct", "p50_ms", "p99_ms", "server_cpu_pct", "server_ms_per_tick", "server_us_per_sync",
		"server_rss_mib", "client_us_per_sync", "udp_drops"})
	f := func(v float64, prec int) string { return strconv.FormatFloat(v, 'f', prec, 64) }
	for _, r := range results {
		c.Write([]string{r.server, r.transport, string(r.mode), strconv.Itoa(r.n), strconv.Itoa(r.hz),
			f(r.elapsed.Seconds(), 2), strconv.FormatInt(r.sent, 10), strconv.FormatInt(r.expected, 10),
			strconv.FormatInt(r.delivered, 10), f(r.deliveredPct(), 3), ms(r.p50), ms(r.p99),
			f(r.serverCPUPct(), 1), f(r.serverMsPerTick(), 3), f(r.perSync(r.serverCPU), 3),
			f(float64(r.serverRSS)/(1<<20), 1), f(r.perSync(r.clientCPU), 3), strconv.FormatInt(r.udpDrops, 10)})
	}
	c.Flush()
	return c.Error()
}
