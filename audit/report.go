package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gdvar/gdvar/project"
)

// Report is an audit's outcome: what was checked, each call's result
// and the findings. Its JSON form is the -json file of gdvar audit
// (docs/audit.md lists its fields).
type Report struct {
	Project string `json:"project"` // the project's folder
	Scene   string `json:"scene"`   // the main scene audited ("" the project's)
	// Static says the project alone was audited, with no server.
	Static    bool   `json:"static"`
	Addr      string `json:"addr,omitempty"`
	Transport string `json:"transport,omitempty"`
	// Engine is the server's engine version, as its banner says
	// ("4.6"), when it ran under the debugger.
	Engine        string        `json:"engine,omitempty"`
	Started       time.Time     `json:"started"`
	Elapsed       time.Duration `json:"elapsed_ns"`
	Methods       int           `json:"methods"`       // @rpc methods of the running game's nodes
	Spawners      int           `json:"spawners"`      // MultiplayerSpawners
	Synchronizers int           `json:"synchronizers"` // MultiplayerSynchronizers
	Calls         int           `json:"calls"`         // hostile calls, syncs and spawns sent
	// Results are each call's outcome, in the order sent.
	Results []Result `json:"results,omitempty"`
	// Findings, highest level first.
	Findings []Finding `json:"findings"`
	// Server is what was seen of the server's process.
	Server *ServerStats `json:"server,omitempty"`
	// Stopped, if not "", says why the audit ended before it had sent
	// every call: its duration over, its context cancelled, the server
	// gone for good.
	Stopped string `json:"stopped,omitempty"`
}

// ServerStats are the server's process, as the audit saw it.
type ServerStats struct {
	Launched bool `json:"launched"` // started by the audit, under the debugger
	Restarts int  `json:"restarts"` // started again after it ended
	// PeakRSS is the most resident memory seen (bytes), CPU the CPU time
	// it used while audited; both 0 when it is not a process here.
	PeakRSS int64         `json:"peak_rss"`
	CPU     time.Duration `json:"cpu_ns"`
	// StaticMemory is the engine's memory/static monitor at the end.
	StaticMemory float64 `json:"static_memory"`
	// Errors are the errors and warnings the server reported while
	// audited; Output the lines it printed.
	Errors int `json:"errors"`
	Output int `json:"output"`
}

// Result is one call's outcome.
type Result struct {
	Node   string `json:"node"`
	Method string `json:"method"`
	// Attack is the class of the call (see docs/audit.md): valid,
	// missing, extra, wrong-type, huge-string, huge-array, deep, nan,
	// extreme-int, object, foreign-path, authority, sync, replay, spawn
	// (whose Node is the spawner's, and Param the scene's path).
	Attack string `json:"attack"`
	Param  string `json:"param,omitempty"` // the parameter given the hostile value
	// Args describes what was sent, in short.
	Args    string  `json:"args"`
	Outcome Outcome `json:"outcome"`
	// Ran says the handler ran: its first line was hit (a script error
	// may have followed).
	Ran bool `json:"ran"`
	// Message is the engine's refusal, the script error, how the server
	// ended.
	Message string `json:"message,omitempty"`
	Script  string `json:"script,omitempty"` // a script error's
	Line    int    `json:"line,omitempty"`
	// Changed says which watched property the call changed, from what
	// to what.
	Changed string `json:"changed,omitempty"`

	objectRefused bool // the engine did not decode an Object argument
}

// Outcome is what a call did on the server.
type Outcome string

// The outcomes.
const (
	// Accepted: the handler ran (its first line's breakpoint hit, called
	// from the engine's RPC).
	Accepted Outcome = "accepted"
	// Refused: the engine refused the call, with a message.
	Refused Outcome = "refused"
	// ScriptFailed: a script error followed the call.
	ScriptFailed Outcome = "script-error"
	// Crashed: the server's process ended.
	Crashed Outcome = "crash"
	// Dropped: the server dropped the client.
	Dropped Outcome = "disconnected"
	// NoEffect: nothing was seen before the fence came back: the
	// packet was dropped, or the handler is one the audit cannot see.
	NoEffect Outcome = "no-effect"
)

// newReport returns a report of p, started now.
func newReport(p *project.Project, scene string) *Report {
	return &Report{Project: p.Dir, Scene: scene, Static: true, Started: time.Now()}
}

// finish sorts the findings and sets the elapsed time.
func (r *Report) finish() {
	sortFindings(r.Findings)
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
	r.Elapsed = time.Since(r.Started)
}

// Worst returns the highest level of the findings, and false if there
// are none.
func (r *Report) Worst() (Level, bool) {
	worst, any := Info, false
	for _, f := range r.Findings {
		if !any || f.Level > worst {
			worst, any = f.Level, true
		}
	}
	return worst, any
}

// Fails says a finding is at level or above: what gdvar audit -fail-on
// exits 1 for.
func (r *Report) Fails(level Level) bool {
	worst, any := r.Worst()
	return any && worst >= level
}

// Keys returns each finding's Key, in the report's order.
func (r *Report) Keys() []string {
	keys := make([]string, len(r.Findings))
	for i, f := range r.Findings {
		keys[i] = f.Key()
	}
	return keys
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteTable writes the report for a person: what was audited, the
// outcomes of the calls by method, then the findings, a line each.
func (r *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	what := "project alone"
	if !r.Static {
		what = fmt.Sprintf("server %s (%s)", r.Addr, r.Transport)
		if r.Engine != "" {
			what += ", Godot " + r.Engine
		}
	}
	fmt.Fprintf(tw, "audit of %s, %s: %d methods, %d spawners, %d synchronizers; %d calls in %s\n",
		r.Project, what, r.Methods, r.Spawners, r.Synchronizers, r.Calls, r.Elapsed.Round(time.Millisecond))
	if r.Stopped != "" {
		fmt.Fprintf(tw, "stopped early: %s\n", r.Stopped)
	}
	if s := r.Server; s != nil {
		fmt.Fprintf(tw, "server: %d restarts, %d errors, %d lines of output", s.Restarts, s.Errors, s.Output)
		if s.PeakRSS > 0 {
			fmt.Fprintf(tw, ", peak RSS %.1f MiB, CPU %s", float64(s.PeakRSS)/(1<<20), s.CPU.Round(time.Millisecond))
		}
		fmt.Fprintln(tw)
	}
	if len(r.Results) > 0 {
		fmt.Fprintln(tw, "\nNODE.METHOD\tATTACK\tOUTCOME\tMESSAGE")
		for _, res := range r.Results {
			attack := res.Attack
			if res.Param != "" {
				attack += "(" + res.Param + ")"
			}
			msg := res.Message
			if res.Script != "" {
				msg = fmt.Sprintf("%s:%d: %s", res.Script, res.Line, msg)
			}
			where := res.Node
			if res.Method != "" {
				where += "." + res.Method
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", where, attack, res.Outcome, oneLine(msg, 120))
		}
	}
	fmt.Fprintf(tw, "\n%d findings\n", len(r.Findings))
	if len(r.Findings) > 0 {
		fmt.Fprintln(tw, "LEVEL\tKIND\tWHERE\tMESSAGE")
	}
	for _, f := range r.Findings {
		where := f.Node
		if f.Method != "" {
			where += "." + f.Method
		}
		if f.Param != "" {
			where += "(" + f.Param + ")"
		}
		if f.Script != "" {
			where += fmt.Sprintf(" %s:%d", f.Script, f.Line)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Level, f.Kind, strings.TrimSpace(where), oneLine(f.Message, 160))
	}
	return tw.Flush()
}

// oneLine returns s on one line, cut at n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}
