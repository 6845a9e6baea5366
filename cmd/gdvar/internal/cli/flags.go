// Package cli holds what gdvar's commands share on their command lines:
// the exit codes of their own flags' parsing, usage errors, the wait for
// a file a flag names, the examples each command's help ends with, and
// gdvar's version.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

// FlagFileWait bounds the reading of a file a flag names (-scenario,
// -like, load merge's results): a named pipe, as a shell's <(command)
// makes, must have come within it, and one no one writes reads as empty.
const FlagFileWait = time.Minute

// UsageError reports a mistake in the command line, as the flag package
// reports its own: the error, then the command's usage.
func UsageError(fs *flag.FlagSet, stderr io.Writer, err error) error {
	fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
	fs.Usage()
	return err
}

// ParseOwnFlags parses the flags of a command that has its own: whether
// the command goes on, and else its exit code (0 after -h, 2 after a
// flag the FlagSet refused and reported).
func ParseOwnFlags(fs *flag.FlagSet, args []string) (int, bool) {
	switch err := fs.Parse(args); {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		return 0, false
	}
	return 2, false
}
