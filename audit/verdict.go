package audit

import (
	"errors"
	"fmt"
)

// Status is an audit's verdict, as CI reads it: the "status" of the
// report's JSON, which gdvar audit's exit status says too.
type Status string

// The statuses.
const (
	// StatusClean: no finding at the report's FailOn or above (exit 0).
	StatusClean Status = "clean"
	// StatusFindings: a finding at FailOn or above (exit 1).
	StatusFindings Status = "findings"
	// StatusCouldNotAudit: the audit could not be done, as Report.Error
	// says; its findings are those of what was done (exit 3).
	StatusCouldNotAudit Status = "could-not-audit"
)

// The errors of a Run that could not audit the server. Each matches
// ErrCouldNotAudit (errors.Is), and wraps its cause: the server's exit
// and the last lines it printed, the clients' own error. Run returns
// the report of what was done with it.
var (
	ErrCouldNotAudit = errors.New("audit: could not audit the server")
	// ErrServerStart: the server did not start, or ended before it took
	// a client.
	ErrServerStart = fmt.Errorf("%w: it did not start", ErrCouldNotAudit)
	// ErrJoin: the server runs, and the audit's clients could not join
	// it: nothing listens at Config.Addr, or not with Config.Transport.
	ErrJoin = fmt.Errorf("%w: the audit's clients could not join it", ErrCouldNotAudit)
	// ErrClients: the audit's clients could not be declared from the
	// project (package fromproject), as a server of the game refuses
	// none of it: what the clients cannot serve. Its message names the
	// file; the server is not started.
	ErrClients = fmt.Errorf("%w: its clients could not be declared from the project", ErrCouldNotAudit)
)

// Status returns the report's verdict at its FailOn.
func (r *Report) Status() Status {
	switch {
	case r.Error != "":
		return StatusCouldNotAudit
	case r.Fails(r.FailOn):
		return StatusFindings
	}
	return StatusClean
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
