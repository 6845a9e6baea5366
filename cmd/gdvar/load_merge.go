package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/gdvar/gdvar/internal/infile"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/loadtest"
)

// loadMerge is gdvar load merge FILES…: the report of a test's segments,
// from the results each wrote, as one process's run reports.
func loadMerge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar load merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), loadUsage); fs.PrintDefaults(); writeExamples(fs.Output(), "load") }
	summaryPath := fs.String("summary", "", "write every figure of the report, the thresholds' outcomes and the verdict to this JSON file")
	var thresholds thresholdFlags
	fs.Var(&thresholds, "threshold", "a threshold the test must hold, NAME=VALUE, over the segments' (min_delivered_pct=99); again for each")
	csvPath := fs.String("csv", "", "write a row a second to this CSV")
	plotPath := fs.String("plot", "", "write an SVG of the test to this file")
	if code, ok := parseOwnFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "gdvar load merge: give the results file of each segment of the test")
		fs.Usage()
		return loadUsageError
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
	var m loadtest.Merger
	for _, name := range fs.Args() {
		if err := addResults(&m, name, stdin); err != nil { // not one test's results, or none
			fmt.Fprintf(stderr, "gdvar load merge: %v\n", err)
			return loadUsageError
		}
	}
	rep, err := m.Report()
	if err == nil {
		err = thresholds.apply(&rep.Thresholds)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gdvar load merge: %v\n", err)
		return loadUsageError
	}
	if err := writeReport(rep, stdout, *csvPath, *plotPath, *summaryPath); err != nil {
		fmt.Fprintf(stderr, "gdvar load merge: %v\n", err)
		return 1
	}
	return verdictCode(rep, stderr)
}

// addResults adds the results file name (- for standard input) to m.
func addResults(m *loadtest.Merger, name string, stdin io.Reader) error {
	if name == "-" {
		return m.Add("standard input", stdin)
	}
	f, err := infile.Open(name, flagFileWait)
	if err != nil {
		return err
	}
	defer f.Close()
	return m.Add(name, f)
}
