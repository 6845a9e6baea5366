package loadcmd

import (
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/internal/infile"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/loadtest"
)

// loadMerge is gdvar load merge FILES…: the report of a test's segments,
// from the results each wrote, as one process's run reports.
func loadMerge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar load merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), loadUsage); fs.PrintDefaults(); cli.WriteExamples(fs.Output(), "load") }
	summaryPath := fs.String("summary", "", "write every figure of the report, the thresholds' outcomes and the verdict to this JSON file")
	var thresholds thresholdFlags
	fs.Var(&thresholds, "threshold", "a threshold the test must hold, NAME=VALUE, over the segments' (min_delivered_pct=99); again for each")
	csvPath := fs.String("csv", "", "write a row a second to this CSV")
	plotPath := fs.String("plot", "", "write an SVG of the test to this file")
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "gdvar load merge: give the results file of each segment of the test")
		fs.Usage()
		return ExitUsage
	}
	for _, out := range []string{*csvPath, *plotPath, *summaryPath} {
		if out == "" {
			continue
		}
		if err := outfile.Check(out); err != nil {
			fmt.Fprintf(stderr, "gdvar load merge: %v\n", err)
			return 1
		}
	}
	names := fs.Args()
	for i, name := range names {
		if name == "-" {
			names[i] = stdinName
		}
	}
	open := func(name string) (io.ReadCloser, error) {
		if name == stdinName {
			return io.NopCloser(stdin), nil
		}
		f, err := infile.Open(name, cli.FlagFileWait)
		if err != nil {
			return nil, err // not a nil *os.File in an io.ReadCloser
		}
		return f, nil
	}
	rep, err := loadtest.Merge(names, open) // not one test's results, or none: a usage error
	if err == nil {
		err = thresholds.apply(&rep.Thresholds)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gdvar load merge: %v\n", err)
		return ExitUsage
	}
	if err := writeReport(rep, stdout, *csvPath, *plotPath, *summaryPath); err != nil {
		fmt.Fprintf(stderr, "gdvar load merge: %v\n", err)
		return 1
	}
	return verdictCode(rep, stderr)
}

// stdinName is the results file - in merge's errors: standard input. A
// file of that name is ./standard input.
const stdinName = "standard input"
