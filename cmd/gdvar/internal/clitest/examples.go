// Package clitest holds, for tests alone, what the tests of gdvar's
// command packages share: an example of a command's help split into its
// arguments as a shell splits it and the folder the examples run in
// (examples.go), and the engine-made cases
// and the helpers of the file filters' tests, in main (which run gdvar)
// and in package filter (which call its functions) (cases.go).
package clitest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ExamplesFolder returns a temporary folder holding the project the
// examples name, mygame: the repository's synced-player game. It is
// called from the tests of a package under cmd/gdvar/internal.
func ExamplesFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	game := filepath.Join("..", "..", "..", "..", "scripts", "bench", "players")
	if err := os.CopyFS(filepath.Join(dir, "mygame"), os.DirFS(game)); err != nil {
		t.Fatal(err)
	}
	return dir
}

// ExampleArgs returns the arguments of example e, a gdvar command line
// of cli.Examples, as the shell splits it in dir ($GODOT standing for
// godot4): gdvar's arguments, the command's name first.
func ExampleArgs(t *testing.T, dir, e string) []string {
	t.Helper()
	// The shell splits the line as a user's would, gdvar a function that
	// prints its arguments.
	sh := exec.Command("bash", "-c", `gdvar() { printf '%s\0' "$@"; }; `+e)
	sh.Dir, sh.Env = dir, append(os.Environ(), "GODOT=godot4")
	out, err := sh.Output()
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}
