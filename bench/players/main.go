// Command players measures how many players a game server carries at a
// game's tick rate (issue 44): N clients each own a player replicated by a
// MultiplayerSynchronizer (a Vector3 position and a float heading,
// replicated Always) at -hz, and every peer sees every player, so the
// server relays N·(N−1) syncs a tick. The server is this module's
// (fromproject.Declare on the game in scripts/bench/players) or
// Godot 4.6's own running the same game headless, each in a process of
// its own; the clients are Go, all in this process. With -mode rpc, each
// client instead calls input at -hz on the server, which calls moved with
// it on every client. With -matches, M matches of N players run side by
// side, the Go server's one process serving them all (through
// multiplayer.Matches: over WebSocket on one port, by path; over ENet on
// a port each of a range), Godot's a process each, M raised until a match
// misses its syncs.
//
//	go run ./bench/players -server go,godot -transport ws,enet -n 10,20,40,60,80,100 -hz 30 -seconds 10
//	go run ./bench/players -server go,godot-sleep -n 2,4,8,16 -matches 1,2,4,8,16,32 -idle 5s
//
// For each run it prints a row of a markdown table, and writes every row
// to -csv: the syncs delivered, the latency from a sync's send to its
// arrival at each other client (p50, p99), the server's CPU (from
// /proc/PID/stat) over the sending, per tick and per delivered sync, its
// resident memory at the end, and the load clients' own CPU per delivered
// sync. -plot draws the CSV as an SVG, and -plot-only draws one without
// running. Run it from the repository's root; see docs/performance.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/multiplayer"
)

// options are the command's flags.
type options struct {
	servers, transports, modes, ns, matchCounts string
	transportList                               []multiplayer.Transport // -transport's, read
	serveMatches                                int                     // -matches, read with -serve
	idle, warmup, drain                         time.Duration
	retries, hz                                 int
	seconds                                     float64
	csvPath, plotPath, plotOnly                 string
	limits, game, engine, serve, listen         string
	cpuProfile                                  string
	gather                                      time.Duration
}

// parseFlags reads the command's flags.
func parseFlags() *options {
	var o options
	flag.StringVar(&o.servers, "server", "go,godot", "servers to measure: go, godot (Godot 4.6, frame sleep off), godot-sleep (Godot 4.6 as by default)")
	flag.StringVar(&o.transports, "transport", "ws,enet", "transports: ws, enet")
	flag.StringVar(&o.modes, "mode", "sync", "workloads: sync (players replicated), rpc (inputs relayed as calls)")
	flag.StringVar(&o.ns, "n", "10,20,40", "numbers of players (a match's, with -matches)")
	flag.StringVar(&o.matchCounts, "matches", "1", "numbers of matches side by side, each of -n players: for each N, raised until a match misses its syncs (with -serve, one number: the matches to serve)")
	flag.DurationVar(&o.idle, "idle", 0, "how long the servers are measured with no peers before each run (the idle cost of a match)")
	flag.IntVar(&o.retries, "retries", 1, "with -matches, how many times a run that missed is run again before M stops rising (a busy machine stalls)")
	flag.IntVar(&o.hz, "hz", 30, "ticks a second of each client")
	flag.DurationVar(&o.warmup, "warmup", 5*time.Second, "how long the clients send before they are measured, each run")
	flag.Float64Var(&o.seconds, "seconds", 10, "how long the clients are measured, each run")
	flag.DurationVar(&o.drain, "drain", time.Second, "how long the last syncs may take to arrive")
	flag.StringVar(&o.csvPath, "csv", "players.csv", "the CSV to write (\"\" for none)")
	flag.StringVar(&o.plotPath, "plot", "", "after the sweep, plot its CSV to this SVG: N against server ms/tick and delivered %")
	flag.StringVar(&o.plotOnly, "plot-only", "", "run nothing: plot this CSV to -plot (default: its name, .svg for .csv)")
	flag.StringVar(&o.limits, "limits", "default", "the Go server's limits: default (multiplayer's), or lifted (no rate limit, a 4 MiB ENet socket buffer)")
	flag.StringVar(&o.game, "game", "scripts/bench/players", "the game's Godot project")
	flag.StringVar(&o.engine, "godot", "", "Godot 4's launcher (default: as the tests find it)")
	flag.StringVar(&o.serve, "serve", "", "serve the game with the Go server over this transport (ws, enet), as a run starts it")
	flag.StringVar(&o.listen, "listen", "127.0.0.1:8910", "with -serve, where to listen: over WebSocket the one address of every match, over ENet host:first-last, the ports the matches take theirs from (host:port: as many as -matches from port)")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write the Go server's CPU profile to this file (a run's profile overwrites the last)")
	flag.DurationVar(&o.gather, "gather", multiplayer.DefaultGatherWindow, "the Go server's window for gathering the relays to a peer (multiplayer.WithGatherWindow; 0: none)")
	flag.Parse()
	return &o
}

// check refuses flags that cannot run, before a sweep of minutes starts.
func (o *options) check() error {
	if err := checkTimes(o.hz, o.seconds, o.warmup, o.drain, o.idle); err != nil {
		return err
	}
	for _, out := range []string{o.csvPath, o.plotPath} { // written after a sweep of minutes
		if out == "" {
			continue
		}
		if err := outfile.Check(out); err != nil {
			return err
		}
	}
	if o.limits != "default" && o.limits != "lifted" {
		return fmt.Errorf("-limits %q: default or lifted", o.limits)
	}
	o.transportList = nil
	for _, tr := range split(o.transports) {
		t, err := multiplayer.ParseTransport(tr)
		if err != nil {
			return fmt.Errorf("-transport: %w", err)
		}
		o.transportList = append(o.transportList, t)
	}
	if o.serve != "" {
		if _, err := multiplayer.ParseTransport(o.serve); err != nil {
			return fmt.Errorf("-serve: %w", err)
		}
		n, err := strconv.Atoi(o.matchCounts)
		if err != nil || n < 1 {
			return fmt.Errorf("-matches %q with -serve: one number, 1 or more", o.matchCounts)
		}
		o.serveMatches = n
	}
	for _, m := range split(o.modes) {
		if mode(m) != modeSync && mode(m) != modeRPC {
			return fmt.Errorf("-mode %q: sync or rpc", m)
		}
	}
	if o.plotOnly == "" && o.plotPath != "" && o.csvPath == "" {
		return errors.New("-plot plots the -csv: give one")
	}
	return nil
}

func main() {
	o := parseFlags()
	if err := o.check(); err != nil {
		log.Fatal(err)
	}
	switch {
	case o.plotOnly != "":
		if o.plotPath == "" {
			o.plotPath = strings.TrimSuffix(o.plotOnly, ".csv") + ".svg"
		}
		if err := plotCSV(o.plotOnly, o.plotPath); err != nil {
			log.Fatal(err)
		}
	case o.serve != "":
		if err := serveProfiled(o.cpuProfile, func() error {
			tr, _ := multiplayer.ParseTransport(o.serve) // checked
			return serveGo(tr, o.listen, o.serveMatches, o.game, o.limits == "lifted", o.gather)
		}); err != nil {
			log.Fatal(err)
		}
	default:
		if err := o.sweepAndReport(); err != nil {
			log.Fatal(err)
		}
	}
}

// sweepAndReport runs every run the flags ask for, printing a row as
// each ends, then the tables, the CSV and the plot.
func (o *options) sweepAndReport() error {
	counts, err := parseInts(o.ns, 2, "-n")
	if err != nil {
		return err
	}
	matchList, err := parseInts(o.matchCounts, 1, "-matches")
	if err != nil {
		return err
	}
	writeHeader(os.Stdout)
	results := o.sweep(counts, matchList)
	fmt.Println()
	writeTable(os.Stdout, results)
	if len(matchList) > 1 {
		fmt.Println()
		writeCarried(os.Stdout, results)
	}
	if o.csvPath != "" {
		if err := outfile.Write(o.csvPath, func(w io.Writer) error { return writeCSV(w, results) }); err != nil {
			return err
		}
	}
	if o.plotPath != "" {
		return plotCSV(o.csvPath, o.plotPath)
	}
	return nil
}

// sweep runs each mode, transport, server and N; with several -matches,
// M rises until a run misses its syncs (after -retries more tries).
func (o *options) sweep(counts, matchList []int) []result {
	setup := serverSetup{game: o.game, engine: findEngine(o.engine), lifted: o.limits == "lifted",
		cpuProfile: o.cpuProfile, gather: o.gather,
		maxRun: o.warmup + time.Duration(o.seconds*float64(time.Second)) + 5*time.Minute}
	var results []result
	for _, m := range split(o.modes) {
		for _, tr := range o.transportList {
			for _, srv := range split(o.servers) {
				for _, n := range counts {
				rising:
					for _, matches := range matchList {
						spec := runSpec{server: srv, transport: tr, mode: mode(m), n: n, matches: matches, hz: o.hz,
							idle: o.idle, warmup: o.warmup, seconds: time.Duration(o.seconds * float64(time.Second)), drain: o.drain}
						for try := 0; ; try++ {
							r, err := run(spec, setup)
							if err != nil {
								log.Printf("%s %s %s N=%d M=%d: %v", srv, tr, m, n, matches, err)
								break rising
							}
							results = append(results, r)
							writeRow(os.Stdout, r) // a row at a time: a sweep is long
							switch {
							case !r.missed():
								continue rising
							case len(matchList) == 1 || try >= o.retries:
								break rising // more matches would miss more
							}
						}
					}
				}
			}
		}
	}
	return results
}

// checkTimes checks the flags that make a ticker's interval or a run's
// length: -hz 0 divided by zero, -hz 2000000000 made a ticker of 0.
func checkTimes(hz int, seconds float64, warmup, drain, idle time.Duration) error {
	switch {
	case hz < 1 || hz > 1000:
		return fmt.Errorf("-hz %d: from 1 to 1000", hz)
	case !(seconds > 0 && seconds <= 86400):
		return fmt.Errorf("-seconds %g: above 0, at most a day", seconds)
	case warmup < 0 || drain < 0 || idle < 0:
		return errors.New("-warmup, -drain and -idle: 0 or more")
	}
	return nil
}

func split(s string) []string { return strings.Split(s, ",") }

// parseInts parses a comma-separated list of numbers of least or more.
func parseInts(s string, least int, flagName string) ([]int, error) {
	var out []int
	for _, f := range split(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < least {
			return nil, fmt.Errorf("%s %q: numbers of %d or more", flagName, s, least)
		}
		out = append(out, n)
	}
	return out, nil
}
