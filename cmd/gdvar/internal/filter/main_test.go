package filter

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
)

// The test data: engine-written vectors, the framing tests' files (in
// cmd/gdvar/testdata), and package fileaccess's saves.
var (
	goldenDir  = golden.Path("golden", "godot4")
	framingDir = filepath.Join("..", "..", "testdata", "framing")
)

// engineSave is the Godot 4 save file of package fileaccess's tests in
// the container mode ("pass": encrypted with a password, …).
func engineSave(t *testing.T, mode string) string {
	return filepath.Join("..", "..", "..", "..", "fileaccess", "testdata", "godot4", mode+".bin")
}

// run runs the filter args[0] with the rest of args, as gdvar does, and
// returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	i := slices.IndexFunc(Commands, func(c Command) bool { return c.Name == args[0] })
	return Commands[i].Run(args[1:], stdin, stdout, stderr)
}

// runGdvar runs the filter args[0] with stdin and returns its exit code,
// stdout and stderr.
func runGdvar(stdin []byte, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}
