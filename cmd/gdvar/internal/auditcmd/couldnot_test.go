package auditcmd

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar/audit"
)

// The first line of a refusal names its cause: a server the clients
// could not join, in a game whose scripts the engine refuses, names the
// first refused script before -addr; one that ran none of the game's
// nodes names -scene or -root, or the scenes its scripts add in code.
func TestCouldNotAuditFirstLine(t *testing.T) {
	refused := &audit.Report{Findings: []audit.Finding{{Kind: audit.NotChecked, Script: "res://net.gd", Line: 67,
		Message: "the engine runs the node without its script, which does not load: argument 1 of @rpc names \"any_peer\""}}}
	for _, c := range []struct {
		err  error
		rep  *audit.Report
		want string
	}{
		{fmt.Errorf("%w: joining: timeout", audit.ErrJoin), refused, "the engine runs the game without scripts it refuses (res://net.gd:67)"},
		{fmt.Errorf("%w: joining: timeout", audit.ErrJoin), &audit.Report{}, "check that the game listens there (-addr"},
		{fmt.Errorf("%w: …, so %w: give -scene", audit.ErrNotReached, audit.ErrNothingSent), &audit.Report{}, "give -scene the scene that holds them"},
		{fmt.Errorf("%w: …, so %w: give -scene …; or %w: res://p.tscn", audit.ErrNotReached, audit.ErrNothingSent, audit.ErrCodeAdded), &audit.Report{},
			"its scripts add the scenes holding them in code (named below)"},
		{fmt.Errorf("%w: roots tried (/root)", audit.ErrNotReached), &audit.Report{}, "give -root"},
	} {
		var b bytes.Buffer
		f := &auditFlags{addr: "127.0.0.1:7000"}
		f.couldNotAudit(&b, c.err, c.rep)
		first, _, _ := strings.Cut(b.String(), "\n")
		assert.Contains(t, first, c.want)
	}
}
