package loadcmd

import (
	"bytes"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The examples of gdvar load, which need a server of their own, parse as
// the command parses them before it joins the server: their flags, their
// project and scenario, in a folder holding the project they name.
func TestHelpExamplesParse(t *testing.T) {
	fixtures := clitest.ExamplesFolder(t)
	require.NotEmpty(t, cli.Examples["load"])
	for _, e := range cli.Examples["load"] {
		t.Run(e, func(t *testing.T) {
			args := clitest.ExampleArgs(t, fixtures, e)
			require.Equal(t, "load", args[0], e)
			t.Chdir(fixtures)
			var stderr bytes.Buffer
			_, code, ok := parseLoadFlags(args[1:], &stderr)
			assert.True(t, ok, "%s: exit %d: %s", e, code, &stderr)
		})
	}
}
