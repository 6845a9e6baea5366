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
	"strings"
	"time"
	"unicode/utf8"
)

// FlagFileWait bounds the reading of a file a flag names (-scenario,
// -like, load merge's results): a named pipe, as a shell's <(command)
// makes, must have come within it, and one no one writes reads as empty.
const FlagFileWait = time.Minute

// UsageError reports a mistake in the command line, as the flag package
// reports its own: the error (as Refusal), then the command's usage.
func UsageError(fs *flag.FlagSet, stderr io.Writer, err error) error {
	Refusal(stderr, fs.Name(), err)
	fs.Usage()
	return err
}

// Refusal writes "name: err" on one line of at most 300 bytes: an error
// about a flag quotes its value, which may be a file's worth.
func Refusal(stderr io.Writer, name string, err error) {
	fmt.Fprintln(stderr, cutLine(name+": "+err.Error(), maxFlagError))
}

// ParseOwnFlags parses the flags of a command that has its own: whether
// the command goes on, and else its exit code (0 after -h, 2 after a
// flag the FlagSet refused and reported).
func ParseOwnFlags(fs *flag.FlagSet, args []string) (int, bool) {
	switch err := ParseFlags(fs, args); {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		return 0, false
	}
	return 2, false
}

// maxFlagError bounds the line a refused flag is reported in.
const maxFlagError = 300

// ParseFlags is fs.Parse, its refusal reported as the flag package
// reports it (the error, then the usage; the usage alone after -h), but
// on one line of at most 300 bytes: the flag package quotes the whole
// value given, which may be a file's worth.
func ParseFlags(fs *flag.FlagSet, args []string) error {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.SetOutput(out)
	fs.Usage = usage
	if err == nil {
		return nil
	}
	if !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(out, cutLine(err.Error(), maxFlagError))
	}
	if usage != nil {
		usage()
	} else {
		fmt.Fprintf(out, "Usage of %s:\n", fs.Name())
		fs.PrintDefaults()
	}
	return err
}

// cutLine returns s's first line, at most n bytes of it cut at a
// character's start, marked "…" where anything was left out.
func cutLine(s string, n int) string {
	line, _, more := strings.Cut(s, "\n")
	if len(line) > n-len("…") {
		line, more = line[:n-len("…")], true
		// The last character whole, or left out.
		last := len(line) - 1
		for last > 0 && !utf8.RuneStart(line[last]) && len(line)-last < utf8.UTFMax {
			last--
		}
		if !utf8.FullRuneInString(line[last:]) {
			line = line[:last]
		}
	}
	if more {
		return line + "…"
	}
	return line
}
