// Package loadcmd is gdvar load: bots join a Godot 4 game's server as
// clients of its project and play a scenario, a report of what they
// received; a test split across machines as segments, and gdvar load
// merge, the report of their results.
package loadcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
	"github.com/gdvar/gdvar/internal/infile"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

const loadUsage = `usage: gdvar load -project DIR -addr HOST[:PORT] [-transport ws|enet] [-subprotocols A,B] [-compression MODE]
        [-root PATH] [-bots N] [-duration D] [-scenario FILE] [-segment i/n] [-start TIME] [-results FILE]
        [-summary FILE] [-threshold NAME=VALUE]… [-csv FILE] [-plot FILE] [-server-pid PID]
       gdvar load -locust HOST:PORT -project DIR -addr HOST[:PORT] [-bots N] [-scenario FILE] [-summary FILE] …
       gdvar load merge [-summary FILE] [-threshold NAME=VALUE]… [-csv FILE] [-plot FILE] FILES…

Bots join a Godot 4 server as clients of the game in the project DIR (its
nodes, methods, spawners, synchronizers), play the scenario (docs/load.md),
and report a line a second, then a table (and a CSV, an SVG and a JSON
summary if asked): bots joined and kept, syncs and calls received a second
against what the game promises, call latency, disconnects with their
reasons, the server's CPU and memory with -server-pid. The bots join
over the transport and with the settings the project's scripts give
their peer: -transport, -subprotocols, -compression and -root, given,
replace theirs. The bots send to -addr alone and stop at -duration.

A test split across machines runs as n processes, -segment 0/n to
n-1/n (or JOB_COMPLETION_INDEX and JOB_COMPLETIONS, as a Kubernetes
Indexed Job sets them), all with the same flags and -start, each writing
-results; gdvar load merge makes the test's report of their files.

With -locust, the process is a worker of a Locust master (Locust 2): the
master says how many bots play, and its web UI and CSV show what they
see; -bots is the most the worker runs, -duration the most it lasts
(24h unless given), and the report is the worker's own.

Exit status: 0 if every threshold holds, 1 if one fails (or an error,
or nothing was measured: no bot joined, or the bots received no sync and
no call), 2 on a usage error (flags, a scenario the bots cannot play,
results that are not one test's), 3 if a load machine was the limit: its
figures measure it, not the server.
A segment of a test exits 0 once its results are written: the test's
verdict is merge's.
`

// The exit statuses of gdvar load, after a run.
const (
	ExitThresholdFailed = 1 // a threshold failed (or an error)
	ExitUsage           = 2 // a usage error: flags, scenario, results that are not one test's
	ExitMachineLimit    = 3 // a load machine was the limit: its figures measure it, not the server
)

// Command is gdvar load (and gdvar load merge): its arguments, standard
// input (merge's results with -), output and error; it returns the exit
// status.
func Command(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return loadMerge(args[1:], stdin, stdout, stderr)
	}
	l, code, ok := parseLoadFlags(args, stderr)
	if !ok {
		return code
	}
	return l.run(stdout, stderr)
}

// loadRun is a run of gdvar load its flags made: the Config checked, and
// the files it writes.
type loadRun struct {
	cfg                                     loadtest.Config
	resultsPath, csvPath, plotPath, summary string
	locust                                  string // the Locust master's address, if a worker of one
	metrics                                 net.Listener
	quiet                                   bool
}

// parseLoadFlags parses and checks gdvar load's flags, opens the project
// and reads the scenario; when it returns false, the command exits with
// code (ExitUsage for a usage error, 1 else), said on stderr.
func parseLoadFlags(args []string, stderr io.Writer) (*loadRun, int, bool) {
	fs := flag.NewFlagSet("gdvar load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), loadUsage); fs.PrintDefaults(); cli.WriteExamples(fs.Output(), "load") }
	dir := fs.String("project", "", "the game's Godot 4 project folder")
	addr := fs.String("addr", "", "the server's address, host:port (host alone where the project tells the port): the only one the bots send to")
	var nf cli.NetFlags
	nf.Define(fs, "NONE")
	bots := fs.Int("bots", 10, "how many bots join: the test's, across its segments")
	duration := fs.Duration("duration", 30*time.Second, "how long the run lasts, joins included")
	joinRate := fs.Float64("join-rate", 50, "the test's bots joining a second")
	scenarioPath := fs.String("scenario", "", "the scenario file (default: join, own the node named by the bot's id, stay)")
	segmentText := fs.String("segment", "", "run segment i of n of the test (i from 0 to n-1): its bots i, i+n, i+2n, … (default: $JOB_COMPLETION_INDEX/$JOB_COMPLETIONS if set, else all)")
	startText := fs.String("start", "", "begin at this time, RFC 3339 (2026-05-01T12:00:00Z): the same for every segment, at most 10 s past or a day ahead")
	l := &loadRun{}
	fs.StringVar(&l.resultsPath, "results", "", "write the run's results to this file, a JSON line a second, for gdvar load merge (- for standard output, which then holds them alone)")
	fs.StringVar(&l.summary, "summary", "", "write every figure of the report, the thresholds' outcomes and the verdict to this JSON file")
	var thresholds thresholdFlags
	fs.Var(&thresholds, "threshold", "a threshold the run must hold, NAME=VALUE as in the scenario's thresholds (min_delivered_pct=99, max_p99_ms=50); again for each")
	fs.StringVar(&l.csvPath, "csv", "", "write a row a second to this CSV")
	fs.StringVar(&l.plotPath, "plot", "", "write an SVG of the run to this file")
	frameReads := fs.Bool("frame-reads", false, "each bot reads each frame as it comes, rather than a tick's frames at once (dearer in the load machine's CPU; see docs/load.md)")
	pid := fs.Int("server-pid", 0, "the server's process id, if it runs on this machine: its CPU and memory are reported")
	fs.BoolVar(&l.quiet, "q", false, "no progress line")
	metricsAddr := fs.String("metrics", "", "serve the bots' Prometheus metrics at http://ADDR/metrics while the run lasts, as :9101 (gdvar_load_*; see docs/operations.md)")
	fs.StringVar(&l.locust, "locust", "", "be a worker of the Locust master at HOST:PORT (its --master-bind-port, 5557 by default): it says how many bots play (see docs/load.md)")
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return nil, code, false
	}
	if *dir == "" || *addr == "" || fs.NArg() > 0 {
		fs.Usage()
		return nil, ExitUsage, false
	}
	usage := func(err error) (*loadRun, int, bool) {
		fmt.Fprintf(stderr, "gdvar load: %v\n", err)
		return nil, ExitUsage, false
	}
	if err := nf.Parsed(fs); err != nil {
		return usage(err)
	}
	if err := l.locustFlags(fs, bots, duration); err != nil {
		return usage(err)
	}
	if *metricsAddr != "" {
		if err := checkMetricsAddr(*metricsAddr); err != nil {
			return usage(err)
		}
	}
	fail := func(err error) (*loadRun, int, bool) {
		fmt.Fprintf(stderr, "gdvar load: %v\n", err)
		return nil, 1, false
	}
	segment, err := segmentOf(*segmentText, os.Getenv)
	if err != nil {
		return usage(err)
	}
	var start time.Time
	if *startText != "" {
		if start, err = time.Parse(time.RFC3339, *startText); err != nil {
			return usage(fmt.Errorf("-start %.40q: an RFC 3339 time, as 2026-05-01T12:00:00Z", *startText))
		}
	}
	for _, out := range []string{l.csvPath, l.plotPath, l.summary, l.resultsPath} { // written after the run: refused before it
		if out == "" || out == "-" {
			continue
		}
		if err := outfile.Check(out); err != nil {
			return fail(err)
		}
	}
	p, err := project.Open(*dir)
	if err != nil {
		return fail(err)
	}
	sc := &loadtest.Scenario{Own: "id"}
	if *scenarioPath != "" {
		if sc, err = readScenario(*scenarioPath); err != nil {
			return usage(err)
		}
	}
	if err := thresholds.apply(&sc.Thresholds); err != nil {
		return usage(err)
	}
	net, err := nf.Net(p)
	if err != nil {
		return fail(err)
	}
	l.cfg = loadtest.Config{Project: p, Scenario: sc, Addr: *addr, Net: net, Bots: *bots,
		Duration: *duration, JoinRate: *joinRate, Segment: segment, Start: start, ServerPID: *pid, FrameReads: *frameReads}
	if l.cfg, err = l.cfg.Check(); err != nil {
		return usage(err)
	}
	if *metricsAddr != "" {
		if l.metrics, err = listenMetrics(*metricsAddr); err != nil {
			return fail(err)
		}
	}
	return l, 0, true
}

// run runs the load test until its end or Ctrl-C, writes its results as
// it goes and its report at the end, and returns the command's exit code.
func (l *loadRun) run(stdout, stderr io.Writer) int {
	toStdout := l.resultsPath == "-"
	cfg := l.cfg
	if !l.quiet && !toStdout {
		of := strconv.Itoa(cfg.Bots)
		if cfg.Segment.Count > 1 {
			of += " in the test"
		}
		if l.locust != "" {
			of = "the Locust master's"
		}
		cfg.Progress = func(s loadtest.Second) { fmt.Fprintln(stderr, progressLine(s, of)) }
		for _, u := range cfg.Net.Unknown { // a join the project leaves open is never silent
			if setting := fromproject.NoteSetting(u); setting != "port" && setting != "max clients" { // -addr's, and the server's
				fmt.Fprintf(stderr, "gdvar load: %s (-transport, -subprotocols, -compression or -root sets it)\n", u)
			}
		}
	}
	if l.metrics != nil {
		stop, err := serveMetrics(l.metrics, &cfg, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "gdvar load: -metrics: %v\n", err)
			return 1
		}
		defer stop()
		if !l.quiet && !toStdout {
			fmt.Fprintf(stderr, "gdvar load: metrics at http://%s/metrics\n", l.metrics.Addr())
		}
	}
	temps.OwnSignals() // the bots leave on a signal, and the report is written
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var rep *loadtest.Report
	var err error
	run := func(results io.Writer) error {
		cfg.Results = results
		rep, err = loadtest.Run(ctx, cfg)
		return err
	}
	switch {
	case l.locust != "":
		rep, err = l.asLocustWorker(ctx, cfg, stderr)
	case l.resultsPath == "":
		err = run(nil)
	case l.resultsPath == "-":
		err = run(stdout)
	default:
		err = outfile.Write(l.resultsPath, run)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gdvar load: %v\n", err)
		if rep == nil {
			return 1
		}
		// the results could not all be written: the report can
	}
	table := stdout
	if toStdout {
		table = io.Discard
	}
	segmented := cfg.Segment.Count > 1
	if segmented { // the test's verdict is its merged report's
		rep.Thresholds = loadtest.Thresholds{}
		if rep.MachineLimit != "" && !toStdout { // a pod's log holds the results alone: their end says it
			fmt.Fprintf(stderr, "gdvar load: this machine was the limit: %s\n", rep.MachineLimit)
		}
	}
	if werr := writeReport(rep, table, l.csvPath, l.plotPath, l.summary); werr != nil {
		fmt.Fprintf(stderr, "gdvar load: %v\n", werr)
		return 1
	}
	switch {
	case errors.Is(err, loadtest.ErrConfig): // found as the bots played: the scenario's
		return ExitUsage
	case err != nil:
		return 1
	case segmented:
		return 0
	}
	return verdictCode(rep, stderr)
}

// progressLine is a second's figures as the line a run prints as it
// ends: the bots connected and joined, of those the test starts (of).
func progressLine(s loadtest.Second, of string) string {
	line := fmt.Sprintf("%5.0fs  bots %d/%d of %s  syncs %.0f/s of %.0f  calls in %.0f/s out %.0f/s  p99 %.1f  bots CPU %.0f%%  machine %.0f%%",
		s.Seconds, s.Connected, s.Joined, of, s.SyncsPerS, s.PromisedPerS, s.CallsInPerS, s.CallsOutPerS, s.P99Ms, s.BotsCPUPct, s.MachineCPU)
	if s.ServerRSSMiB > 0 {
		line += fmt.Sprintf("  server CPU %.0f%% RSS %.1f MiB", s.ServerCPUPct, s.ServerRSSMiB)
	}
	return line
}

// readScenario reads the scenario file at path.
func readScenario(path string) (*loadtest.Scenario, error) {
	f, err := infile.Open(path, cli.FlagFileWait)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc, err := loadtest.ReadScenario(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return sc, nil
}

// writeReport writes the report's table to table, and its CSV, plot and
// summary to their files.
func writeReport(rep *loadtest.Report, table io.Writer, csvPath, plotPath, summaryPath string) error {
	if err := rep.WriteTable(table); err != nil {
		return err
	}
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{{csvPath, rep.WriteCSV}, {plotPath, rep.WritePlot}, {summaryPath, rep.WriteSummary}} {
		if out.path == "" {
			continue
		}
		if err := outfile.Write(out.path, out.write); err != nil {
			return err
		}
	}
	return nil
}

// verdictCode is the exit status of the report's verdict, saying why on
// stderr.
func verdictCode(rep *loadtest.Report, stderr io.Writer) int {
	s := rep.Summary()
	switch s.Verdict {
	case loadtest.VerdictMachine:
		fmt.Fprintf(stderr, "gdvar load: a load machine was the limit, not the server: %s\n", s.MachineLimit)
		return ExitMachineLimit
	case loadtest.VerdictFail:
		for _, o := range s.Thresholds {
			if !o.Pass {
				fmt.Fprintf(stderr, "gdvar load: threshold %s\n", o)
			}
		}
		return ExitThresholdFailed
	case loadtest.VerdictNothing:
		fmt.Fprintf(stderr, "gdvar load: nothing was measured: %s\n", s.Nothing())
		return ExitThresholdFailed
	}
	return 0
}

// segmentOf is the segment -segment gives, else the one a Kubernetes
// Indexed Job's JOB_COMPLETION_INDEX gives (with JOB_COMPLETIONS, which
// its manifest sets), else the whole test.
func segmentOf(text string, getenv func(string) string) (loadtest.Segment, error) {
	if text != "" {
		return loadtest.ParseSegment(text)
	}
	index, count := getenv("JOB_COMPLETION_INDEX"), getenv("JOB_COMPLETIONS")
	switch {
	case index == "" && count == "":
		return loadtest.Segment{}, nil
	case count == "":
		return loadtest.Segment{}, errors.New("JOB_COMPLETION_INDEX is set but not JOB_COMPLETIONS: set it to the Job's completions in its manifest, or give -segment i/n")
	case index == "":
		return loadtest.Segment{}, errors.New("JOB_COMPLETIONS is set but not JOB_COMPLETION_INDEX: run in a Kubernetes Indexed Job, or give -segment i/n")
	}
	s, err := loadtest.ParseSegment(index + "/" + count)
	if err != nil {
		return s, fmt.Errorf("JOB_COMPLETION_INDEX and JOB_COMPLETIONS: %w", err)
	}
	return s, nil
}

// thresholdFlags are the -threshold flags, each checked as it is given,
// applied to the scenario's thresholds once it is read.
type thresholdFlags []string

func (f *thresholdFlags) String() string { return fmt.Sprint(*f) }

func (f *thresholdFlags) Set(s string) error {
	var scratch loadtest.Thresholds
	if err := scratch.Set(s); err != nil {
		return err
	}
	*f = append(*f, s)
	return nil
}

// apply sets each threshold given on t, over those it has.
func (f thresholdFlags) apply(t *loadtest.Thresholds) error {
	for _, s := range f {
		if err := t.Set(s); err != nil {
			return fmt.Errorf("-threshold %s", err)
		}
	}
	return nil
}
