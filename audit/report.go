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
// (docs/audit.md lists its fields), which holds its Status and its
// worst level too.
type Report struct {
	// FailOn is the level the Status is judged at: High in the reports
	// of Static and Run, until set (gdvar audit -fail-on).
	FailOn Level `json:"fail_on"`
	// Error, if not "", says why the audit could not be done (its
	// Status is StatusCouldNotAudit): the report holds what was done.
	Error   string `json:"error,omitempty"`
	Project string `json:"project"` // the project's folder
	Scene   string `json:"scene"`   // the main scene audited ("" the project's)
	// Static says the project alone was audited, with no server.
	Static bool `json:"static"`
	// Addr is the server's address, host:port.
	Addr string `json:"addr,omitempty"`
	// Net is how the clients joined the server, and what the project
	// did not tell of its peer.
	Net *Network `json:"net,omitempty"`
	// Engine is the server's engine version, as its banner says
	// ("4.6"), when it ran under the debugger.
	Engine        string        `json:"engine,omitempty"`
	Started       time.Time     `json:"started"`
	Elapsed       time.Duration `json:"elapsed_ns"`
	Methods       int           `json:"methods"`       // @rpc methods of the nodes of Scenes
	Spawners      int           `json:"spawners"`      // MultiplayerSpawners
	Synchronizers int           `json:"synchronizers"` // MultiplayerSynchronizers
	Calls         int           `json:"calls"`         // hostile calls, syncs and spawns sent
	// Scenes are the scenes holding methods, spawners or synchronizers,
	// each with how the game reaches it.
	Scenes []SceneReach `json:"scenes"`
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
	// Errors counts the errors and warnings the server reported while
	// audited, ErrorLines keeps them (their first and last lines, as
	// "ERROR: text at: func (file:line)"); Output counts the lines it
	// printed, OutputLines keeps them. The audit's own fences are not
	// counted.
	Errors      int   `json:"errors"`
	ErrorLines  Lines `json:"error_lines"`
	Output      int   `json:"output"`
	OutputLines Lines `json:"output_lines"`
}

// Result is one call's outcome.
type Result struct {
	Node   string `json:"node"`
	Method string `json:"method"`
	// Attack is the class of the call (see docs/audit.md): valid,
	// missing, extra, wrong-type, huge-string, huge-array, deep, nan,
	// extreme-int, object, foreign-path, authority, sync, replay, spawn
	// (whose Node is the spawner's, and Param the scene's path); owned-…
	// and burst (whose Method is the synchronizer's path, and Param the
	// property's), amplify, leave (whose Param is the point) and again.
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

	objectRefused bool          // the engine did not decode an Object argument
	stalled       bool          // its fence did not come back within the wait
	lost          bool          // dropped: the client's connection failed, the server did not drop it
	took          time.Duration // how long its fence took to come back, the audit's breakpoints not counted
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
	return &Report{FailOn: High, Project: p.Dir, Scene: scene, Static: true, Started: time.Now()}
}

// finish sorts the findings and sets the elapsed time.
func (r *Report) finish() {
	sortFindings(r.Findings)
	r.Elapsed = time.Since(r.Started)
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

// MarshalJSON writes the report's fields after its Status ("status")
// and its worst level ("worst", null without a finding), which a reader
// of the JSON should not have to work out; no findings are [].
func (r *Report) MarshalJSON() ([]byte, error) {
	type fields Report // the report's fields, without this method
	c := *r
	if c.Findings == nil {
		c.Findings = []Finding{}
	}
	var worst *Level
	if w, any := r.Worst(); any {
		worst = &w
	}
	return json.Marshal(struct {
		Status Status `json:"status"`
		Worst  *Level `json:"worst"`
		*fields
	}{r.Status(), worst, (*fields)(&c)})
}

// WriteTable writes the report for a person: what was audited, the
// outcomes of the calls by method, then the findings, a line each.
func (r *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	what := "project alone"
	if !r.Static {
		what = "server " + r.Addr
		if r.Net != nil {
			what += " (" + r.Net.String() + ")"
		}
		if r.Engine != "" {
			what += ", Godot " + r.Engine
		}
	}
	fmt.Fprintf(tw, "audit of %s, %s: %d methods, %d spawners, %d synchronizers; %d calls in %s\n",
		r.Project, what, r.Methods, r.Spawners, r.Synchronizers, r.Calls, r.Elapsed.Round(time.Millisecond))
	if r.Net != nil {
		r.Net.writeNotes(tw)
	}
	writeNotReached(tw, r.Scenes)
	if r.Error != "" {
		fmt.Fprintln(tw, oneLine(r.Error, 400))
	}
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
	writeScenes(tw, r.Scenes)
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
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", nodeMethod(res.Node, res.Method), attack, res.Outcome, oneLine(msg, 120))
		}
	}
	fmt.Fprintf(tw, "\n%d findings\n", len(r.Findings))
	if len(r.Findings) > 0 {
		fmt.Fprintln(tw, "LEVEL\tKIND\tWHERE\tMESSAGE")
	}
	for _, f := range r.Findings {
		where := nodeMethod(f.Node, f.Method)
		if f.Param != "" {
			where += "(" + f.Param + ")"
		}
		if f.Script != "" {
			where += " " + f.Script
		}
		if f.Line > 0 {
			where += fmt.Sprintf(":%d", f.Line)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Level, f.Kind, strings.TrimSpace(where), oneLine(f.Message, 160))
	}
	return tw.Flush()
}

// nodeMethod says where a method is: NODE.METHOD, or the method alone
// for a function the server ran of no node the audit names (an error
// at a peer's leave, in a signal's handler).
func nodeMethod(node, method string) string {
	if node == "" || method == "" {
		return node + method
	}
	return node + "." + method
}

// oneLine returns s on one line, cut at n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}
