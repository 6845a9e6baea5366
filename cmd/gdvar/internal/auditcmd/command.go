// Package auditcmd is gdvar audit: what any peer can make a Godot 4
// game's server do, from its project alone (-static) or with hostile calls
// to the server under the debugger, a table and a JSON report of the
// findings, and exit statuses that CI reads.
package auditcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gdvar/gdvar/audit"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/project"
)

// gdvar audit's exit statuses: what CI reads of its verdict.
const (
	auditExitClean    = 0
	auditExitFindings = 1
	auditExitUsage    = 2
	auditExitCouldNot = 3
)

// Command is gdvar audit: its arguments, standard input (unread),
// output and error; it returns the exit status.
func Command(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseAuditFlags(args, stderr)
	if !ok {
		return code
	}
	started := time.Now()
	rep, err := f.audit(stderr)
	if errors.Is(err, audit.ErrConfig) {
		fmt.Fprintf(stderr, "gdvar audit: %v\n", err)
		return auditExitUsage
	}
	if rep == nil { // the project, unread: nothing audited
		rep = &audit.Report{Project: f.dir, Scene: f.scene, Static: f.static, Addr: f.addr,
			Started: started, Elapsed: time.Since(started), Error: "could not audit the project: " + err.Error()}
	}
	rep.FailOn = f.level
	werr := writeAuditReport(rep, f.jsonPath, stdout)
	if err != nil {
		f.couldNotAudit(stderr, err, rep)
	}
	if werr != nil {
		fmt.Fprintf(stderr, "gdvar audit: could not write the report: %v\n", werr)
		return auditExitCouldNot
	}
	if rep.Stopped != "" {
		fmt.Fprintf(stderr, "gdvar audit: stopped early: %s\n", rep.Stopped)
	}
	switch rep.Status() {
	case audit.StatusCouldNotAudit:
		return auditExitCouldNot
	case audit.StatusFindings:
		worst, _ := rep.Worst()
		fmt.Fprintf(stderr, "gdvar audit: a finding at %s, at or above -fail-on %s\n", worst, f.level)
		return auditExitFindings
	}
	return auditExitClean
}

// audit reads the project and audits it, alone or with its server. Its
// report is nil when the project could not be read.
func (f *auditFlags) audit(stderr io.Writer) (*audit.Report, error) {
	p, err := project.Open(f.dir)
	if err != nil {
		return nil, err
	}
	if f.static {
		return audit.Static(p, f.scene)
	}
	cfg, err := f.config(p, stderr)
	if err != nil {
		return nil, err
	}
	// A signal ends gdvar as killed by it (temps.RemoveOnSignal), and
	// the server with it: debugger.Launch's process dies with gdvar.
	return audit.Run(context.Background(), cfg)
}

// couldNotAudit says on stderr why the audit could not be done: the
// reason and its fix first, then the error itself.
func (f *auditFlags) couldNotAudit(stderr io.Writer, err error, rep *audit.Report) {
	reason := "the project could not be read (check -project and -scene): " + firstLine(err.Error())
	var mismatch *audit.MismatchError
	switch {
	case errors.Is(err, audit.ErrClients):
		reason = "the audit's clients could not be declared from the project: " +
			firstLine(strings.TrimPrefix(err.Error(), audit.ErrClients.Error()+": "))
	case errors.As(err, &mismatch) && mismatch.Server != "":
		reason = fmt.Sprintf("the server's %s is %s, not the clients' %s: -%s %s joins it",
			mismatch.Setting, mismatch.Server, mismatch.Clients, mismatch.Setting, mismatch.Server)
	case errors.As(err, &mismatch):
		reason = fmt.Sprintf("the server refused the clients' %s (%s): give the game's with -%s",
			mismatch.Setting, mismatch.Clients, mismatch.Setting)
	case errors.Is(err, audit.ErrServerStart):
		reason = "the server did not start, or ended before it took a client: check the command after -- " +
			"(a debug build of Godot 4, and the project's --path) and what it printed, below"
	case errors.Is(err, audit.ErrCodeAdded):
		reason = "the server runs none of the project's methods and synchronizers as it starts, and its scripts add the scenes " +
			"holding them in code (named below), through no spawner the audit reads (one made with MultiplayerSpawner.new()): " +
			"-scene audits one the server runs as it starts; -static audits the project alone"
	case errors.Is(err, audit.ErrNothingSent):
		reason = "the server runs none of the project's methods and synchronizers as it starts: give -scene the scene that holds them"
	case errors.Is(err, audit.ErrNotReached):
		reason = "the server runs none of the nodes the audit called: give -root (the root its scripts pass set_multiplayer) " +
			"or -scene (the scene it runs), below the roots tried"
	case errors.Is(err, audit.ErrJoin) && unloaded(rep) != "":
		reason = fmt.Sprintf("the audit's clients could not join the server at %s, and the engine runs the game without scripts "+
			"it refuses (%s): the one that starts the server may be among them (the not-checked findings list them); "+
			"else check -addr and -transport", f.addr, unloaded(rep))
	case errors.Is(err, audit.ErrJoin):
		reason = fmt.Sprintf("the audit's clients could not join the server at %s: check that the game listens there "+
			"(-addr, -transport, as its create_server says)", f.addr)
	}
	fmt.Fprintf(stderr, "gdvar audit: could not audit: %s\n", reason)
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "gdvar audit: %s\n", line)
	}
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// writeAuditReport writes the report's table on stdout, and its JSON to
// jsonPath ("-": on stdout, alone).
func writeAuditReport(rep *audit.Report, jsonPath string, stdout io.Writer) error {
	table := stdout
	var err error
	if jsonPath == "-" {
		table = io.Discard
		err = rep.WriteJSON(stdout)
	} else if jsonPath != "" {
		err = outfile.Write(jsonPath, rep.WriteJSON)
	}
	if werr := rep.WriteTable(table); err == nil {
		err = werr
	}
	return err
}

// unloaded names the first script or autoload the engine runs the game
// without, as the report's not-checked findings say ("" for none).
func unloaded(rep *audit.Report) string {
	if rep == nil {
		return ""
	}
	for _, f := range rep.Findings {
		if f.Kind == audit.NotChecked && strings.HasPrefix(f.Message, "the engine ") && f.Script != "" {
			if f.Line > 0 {
				return fmt.Sprintf("%s:%d", f.Script, f.Line)
			}
			return f.Script
		}
	}
	return ""
}
