package game

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
)

// TestMain plays a fake game when GDVAR_TEST_FAKE_GAME says which (see
// gametest.Fake): the games the tests launch are the test binary itself.
func TestMain(m *testing.M) {
	if how := os.Getenv("GDVAR_TEST_FAKE_GAME"); how != "" {
		os.Exit(gametest.Fake(how, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// commands are the package's commands, by name, as gdvar's command table
// names them.
var commands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"debug": Debug, "mcp": MCP, "replay": Replay,
}

// runCommand runs the command args[0] with the arguments after it, as
// gdvar's main does, and returns its exit status, output and error.
func runCommand(stdin []byte, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := commands[args[0]](args[1:], bytes.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}
