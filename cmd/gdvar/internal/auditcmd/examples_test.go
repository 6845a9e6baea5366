package auditcmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/project"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The examples of gdvar audit that need a server of their own parse as
// the command parses them before it starts the server: their flags, their
// project, in a folder holding the project they name (the main package's
// TestHelpExamplesRun runs the others as written).
func TestHelpExamplesParse(t *testing.T) {
	fixtures := clitest.ExamplesFolder(t)
	parsed := 0
	for _, e := range cli.Examples["audit"] {
		if !strings.Contains(e, " -addr ") {
			continue
		}
		parsed++
		t.Run(e, func(t *testing.T) {
			args := clitest.ExampleArgs(t, fixtures, e)
			require.Equal(t, "audit", args[0], e)
			t.Chdir(fixtures)
			var stderr bytes.Buffer
			f, code, ok := parseAuditFlags(args[1:], &stderr)
			require.True(t, ok, "%s: exit %d: %s", e, code, &stderr)
			_, err := project.Open(f.dir)
			assert.NoError(t, err, e)
		})
	}
	assert.Positive(t, parsed, "no example of audit with -addr")
}
