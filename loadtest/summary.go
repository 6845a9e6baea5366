package loadtest

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"strings"
	"time"
)

// A Verdict is what a report says of the server: whether it held the
// thresholds, or the load machine was the limit, or nothing of it was
// measured. gdvar load exits with 0, 1, 3 and 1 for them; a summary's
// JSON holds its text.
type Verdict string

// The verdicts of a report.
const (
	VerdictPass    Verdict = "pass"    // every threshold held (or none was set)
	VerdictFail    Verdict = "fail"    // a threshold failed
	VerdictMachine Verdict = "machine" // a load machine was the limit: its figures measure it, not the server
	VerdictNothing Verdict = "nothing" // no bot joined, or the bots received no sync and no call: the server was not measured (Summary.Nothing says why)
)

// A Summary is every figure of a report's table, overall and a second,
// the thresholds' outcomes and the verdict: what -summary writes, as
// JSON, for a CI to read, and what a Go test asserts on. The overall
// rates are averaged over the seconds after every bot had joined (all of
// them if some never did), as are the percentiles of the answers'
// latencies (a driven run's: over all its seconds, as its coordinator
// counts them); worst_p99_ms and worst_p999_ms are the highest of those
// seconds'.
type Summary struct {
	Bots          int                `json:"bots"`
	Segments      int                `json:"segments"`
	Joined        int                `json:"joined"`
	Kept          int                `json:"kept"`
	Failed        int                `json:"failed"`
	Syncs         uint64             `json:"syncs"` // received over the whole run, every second's
	SyncsPerS     float64            `json:"syncs_per_s"`
	PromisedPerS  float64            `json:"promised_per_s"`
	DeliveredPct  float64            `json:"delivered_pct"` // of the syncs promised, those received within each node's promise
	DepartedNodes int                `json:"departed_nodes"`
	CallsInPerS   float64            `json:"calls_in_per_s"`
	CallsOutPerS  float64            `json:"calls_out_per_s"`
	Answers       uint64             `json:"answers"`
	P50Ms         float64            `json:"p50_ms"`
	P99Ms         float64            `json:"p99_ms"`
	P999Ms        float64            `json:"p999_ms"`
	WorstP99Ms    float64            `json:"worst_p99_ms"`
	WorstP999Ms   float64            `json:"worst_p999_ms"`
	ServerCPUPct  *float64           `json:"server_cpu_pct"` // null: not measured
	ServerRSSMiB  *float64           `json:"server_rss_mib"` // the largest
	BotsCPUPct    float64            `json:"bots_cpu_pct"`
	BotsCPUUsABot float64            `json:"bots_cpu_us_per_s_a_bot"`
	Disconnects   map[string]int     `json:"disconnects"`
	JoinErrors    map[string]int     `json:"join_errors"`
	MachineLimit  string             `json:"machine_limit"`
	Thresholds    []ThresholdOutcome `json:"thresholds"`
	Verdict       Verdict            `json:"verdict"`
	Seconds       []Second           `json:"seconds"`
}

// A Second is a second's figures, as the CSV's row: what Config.Progress
// is given as each second ends, and a Summary holds of each.
type Second struct {
	Seconds      float64 `json:"seconds"` // since the start
	Joined       int     `json:"joined"`
	Connected    int     `json:"connected"`
	SyncsPerS    float64 `json:"syncs_per_s"`
	PromisedPerS float64 `json:"promised_per_s"`
	Departed     int     `json:"departed_nodes"`
	CallsInPerS  float64 `json:"calls_in_per_s"`
	CallsOutPerS float64 `json:"calls_out_per_s"`
	P50Ms        float64 `json:"p50_ms"`
	P99Ms        float64 `json:"p99_ms"`
	P999Ms       float64 `json:"p999_ms"`
	ServerCPUPct float64 `json:"server_cpu_pct"`
	ServerRSSMiB float64 `json:"server_rss_mib"`
	BotsCPUPct   float64 `json:"bots_cpu_pct"`
	CallErrors   int64   `json:"call_errors"`
	MachineCPU   float64 `json:"machine_cpu_pct"`
}

// Summary returns the report's figures.
func (r *Report) Summary() Summary {
	steady := r.steady(r.Bots)
	s := Summary{Bots: r.Bots, Segments: max(r.Segments, 1), Joined: r.Joined, Kept: r.Kept, Failed: r.Failed,
		Disconnects: maps.Clone(r.Disconnects), JoinErrors: maps.Clone(r.JoinErrors), MachineLimit: r.MachineLimit}
	if s.Disconnects == nil {
		s.Disconnects = map[string]int{}
	}
	if s.JoinErrors == nil {
		s.JoinErrors = map[string]int{}
	}
	var cpu, delivered float64
	var rss int64
	var worst99, worst999 time.Duration
	for _, sec := range steady {
		s.SyncsPerS += sec.Syncs
		s.PromisedPerS += sec.Promised
		delivered += sec.Delivered
		s.DepartedNodes = max(s.DepartedNodes, sec.Departed)
		s.CallsInPerS += sec.Calls
		s.CallsOutPerS += sec.Sent
		cpu += sec.ServerCPU
		s.BotsCPUPct += sec.BotsCPU
		rss = max(rss, sec.ServerRSS)
		worst99, worst999 = max(worst99, sec.P99), max(worst999, sec.P999)
	}
	n := float64(max(len(steady), 1))
	s.SyncsPerS, s.PromisedPerS, s.CallsInPerS, s.CallsOutPerS, s.BotsCPUPct =
		s.SyncsPerS/n, s.PromisedPerS/n, s.CallsInPerS/n, s.CallsOutPerS/n, s.BotsCPUPct/n
	if s.PromisedPerS > 0 { // at most maxFigure: a promise of 1e-300 a second is read from a file
		s.DeliveredPct = min(100*delivered/n/s.PromisedPerS, maxFigure)
	}
	s.WorstP99Ms, s.WorstP999Ms = ms(worst99), ms(worst999)
	if r.latency != nil {
		s.Answers = r.latency.count()
		s.P50Ms, s.P99Ms, s.P999Ms = ms(r.latency.quantile(0.5)), ms(r.latency.quantile(0.99)), ms(r.latency.quantile(0.999))
	}
	if rss > 0 { // measured: -server-pid
		cpu, mib := cpu/n, float64(rss)/(1<<20)
		s.ServerCPUPct, s.ServerRSSMiB = &cpu, &mib
	}
	if r.Joined > 0 {
		s.BotsCPUUsABot = 1e6 * r.BotsCPU.Seconds() / r.runSeconds() / float64(r.Joined)
	}
	var syncs float64
	var last time.Duration
	for _, sec := range r.seconds {
		s.Seconds = append(s.Seconds, sec.second())
		syncs += sec.Syncs * (sec.At - last).Seconds() // the count the second's rate is of
		last = sec.At
	}
	s.Syncs = uint64(math.Round(syncs))
	s.Thresholds = r.Thresholds.outcomes(&s)
	s.Verdict = VerdictPass
	for _, o := range s.Thresholds {
		if !o.Pass {
			s.Verdict = VerdictFail
		}
	}
	if r.MachineLimit != "" {
		s.Verdict = VerdictMachine
	}
	// A pass would be an all-clear of a server no bot measured, and a
	// busy machine does not explain bots that could not join or got
	// nothing back: a machine at its limit is slow, not silent. Syncs
	// promised and none received is nothing measured of the syncs,
	// whatever calls came.
	if s.Joined == 0 || s.SyncsPerS == 0 && (s.CallsInPerS == 0 || s.PromisedPerS > 0) {
		s.Verdict = VerdictNothing
	}
	return s
}

// Nothing says why a run measured nothing of the server (VerdictNothing),
// and what to look at; "" for a run that measured something.
func (s Summary) Nothing() string {
	if s.Verdict != VerdictNothing {
		return ""
	}
	var why string
	switch {
	case s.Joined == 0:
		why = fmt.Sprintf("none of the %d bots joined", s.Bots)
		if reason := mostCounted(s.JoinErrors); reason != "" {
			why += fmt.Sprintf(" (%s)", reason)
		}
		why += ": check that the server is up at the address given, and that -transport is its peer's (the project's create_server tells it)"
	case s.PromisedPerS > 0:
		why = fmt.Sprintf("%d of %d bots joined and were promised %.0f syncs a second by their peers' nodes, and received none: "+
			"the server relayed none of the bots' states, or the bots sent none: a bot syncs only the nodes it owns "+
			`(the scenario's "own": "id" where the game gives each player the node named by its id)`,
			s.Joined, s.Bots, s.PromisedPerS)
	case s.CallsOutPerS > 0:
		why = fmt.Sprintf("%d of %d bots joined and made %.1f calls a second, and received no call and no sync: nothing shows the server handled them; "+
			"name the call the server answers with (the scenario's answer), or give a scenario that has the game spawn the bots' players", s.Joined, s.Bots, s.CallsOutPerS)
	default:
		why = fmt.Sprintf("%d of %d bots joined, and no sync was promised or received and no call made or received: "+
			"a game that spawns its players once a lobby starts, or once a player registers, needs a scenario that makes the call that starts it (docs/load.md, The scenario)",
			s.Joined, s.Bots)
	}
	if s.MachineLimit != "" {
		why += "; this machine was busy too: " + s.MachineLimit
	}
	return why
}

// mostCounted is the reason counted most in m, with its count ("" if
// none): the first in order of a tie.
func mostCounted(m map[string]int) string {
	best, n := "", 0
	for why, k := range m {
		if k > n || k == n && why < best {
			best, n = why, k
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d: %s", n, best)
}

// second is the snapshot's figures, in the units a user reads.
func (sec *snapshot) second() Second {
	return Second{Seconds: sec.At.Seconds(), Joined: sec.Joined, Connected: sec.Connected,
		SyncsPerS: sec.Syncs, PromisedPerS: sec.Promised, Departed: sec.Departed, CallsInPerS: sec.Calls, CallsOutPerS: sec.Sent,
		P50Ms: ms(sec.P50), P99Ms: ms(sec.P99), P999Ms: ms(sec.P999), ServerCPUPct: sec.ServerCPU,
		ServerRSSMiB: float64(sec.ServerRSS) / (1 << 20), BotsCPUPct: sec.BotsCPU, CallErrors: sec.CallErrors, MachineCPU: sec.MachineCPU}
}

// disconnected counts the disconnects whose reason holds text (all of
// them for "").
func (s *Summary) disconnected(text string) int {
	n := 0
	for why, c := range s.Disconnects {
		if strings.Contains(why, text) {
			n += c
		}
	}
	return n
}

// WriteSummary writes the report's Summary as JSON, indented.
func (r *Report) WriteSummary(w io.Writer) error {
	s := r.Summary()
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(&s)
}

// Verdict is the report's verdict, as its Summary says.
func (r *Report) Verdict() Verdict { return r.Summary().Verdict }

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }
