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
// side, the Go server's one process serving them all, Godot's a process
// each, M raised until a match misses its syncs.
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
)

func main() {
	servers := flag.String("server", "go,godot", "servers to measure: go, godot (Godot 4.6, frame sleep off), godot-sleep (Godot 4.6 as by default)")
	transports := flag.String("transport", "ws,enet", "transports: ws, enet")
	modes := flag.String("mode", "sync", "workloads: sync (players replicated), rpc (inputs relayed as calls)")
	ns := flag.String("n", "10,20,40", "numbers of players (a match's, with -matches)")
	matchCounts := flag.String("matches", "1", "numbers of matches side by side, each of -n players: for each N, raised until a match misses its syncs")
	idle := flag.Duration("idle", 0, "how long the servers are measured with no peers before each run (the idle cost of a match)")
	retries := flag.Int("retries", 1, "with -matches, how many times a run that missed is run again before M stops rising (a busy machine stalls)")
	hz := flag.Int("hz", 30, "ticks a second of each client")
	warmup := flag.Duration("warmup", 5*time.Second, "how long the clients send before they are measured, each run")
	seconds := flag.Float64("seconds", 10, "how long the clients are measured, each run")
	drain := flag.Duration("drain", time.Second, "how long the last syncs may take to arrive")
	csvPath := flag.String("csv", "players.csv", "the CSV to write (\"\" for none)")
	plotPath := flag.String("plot", "", "after the sweep, plot its CSV to this SVG: N against server ms/tick and delivered %")
	plotOnly := flag.String("plot-only", "", "run nothing: plot this CSV to -plot (default: its name, .svg for .csv)")
	limits := flag.String("limits", "default", "the Go server's limits: default (multiplayer's), or lifted (no rate limit, a 4 MiB ENet socket buffer)")
	game := flag.String("game", "scripts/bench/players", "the game's Godot project")
	engine := flag.String("godot", "", "Godot 4's launcher (default: as the tests find it)")
	serve := flag.String("serve", "", "serve the game with the Go server over this transport (ws, enet), as a run starts it")
	listen := flag.String("listen", "127.0.0.1:8910", "with -serve, the address to listen on")
	cpuProfile := flag.String("cpuprofile", "", "write the Go server's CPU profile to this file (a run's profile overwrites the last)")
	flag.Parse()
	if err := checkTimes(*hz, *seconds, *warmup, *drain, *idle); err != nil {
		log.Fatal(err)
	}
	for _, out := range []string{*csvPath, *plotPath} { // written after a sweep of minutes
		if out == "" {
			continue
		}
		if err := outfile.Check(out); err != nil {
			log.Fatal(err)
		}
	}
	if *limits != "default" && *limits != "lifted" {
		log.Fatalf("-limits %q: default or lifted", *limits)
	}
	for _, m := range split(*modes) {
		if mode(m) != modeSync && mode(m) != modeRPC {
			log.Fatalf("-mode %q: sync or rpc", m)
		}
	}
	if *plotOnly != "" {
		if *plotPath == "" {
			*plotPath = strings.TrimSuffix(*plotOnly, ".csv") + ".svg"
		}
		if err := plotCSV(*plotOnly, *plotPath); err != nil {
			log.Fatal(err)
		}
		return
	}
	if *plotPath != "" && *csvPath == "" {
		log.Fatal("-plot plots the -csv: give one")
	}
	if *serve != "" {
		if err := serveProfiled(*cpuProfile, func() error {
			return serveGo(*serve, *listen, *game, *limits == "lifted")
		}); err != nil {
			log.Fatal(err)
		}
		return
	}
	counts, err := parseInts(*ns, 2, "-n")
	if err != nil {
		log.Fatal(err)
	}
	matchList, err := parseInts(*matchCounts, 1, "-matches")
	if err != nil {
		log.Fatal(err)
	}
	setup := serverSetup{game: *game, engine: findEngine(*engine), lifted: *limits == "lifted",
		cpuProfile: *cpuProfile,
		maxRun:     *warmup + time.Duration(*seconds*float64(time.Second)) + 5*time.Minute}
	var results []result
	writeHeader(os.Stdout)
	for _, m := range split(*modes) {
		for _, tr := range split(*transports) {
			for _, srv := range split(*servers) {
				for _, n := range counts {
				rising:
					for _, matches := range matchList {
						spec := runSpec{server: srv, transport: tr, mode: mode(m), n: n, matches: matches, hz: *hz,
							idle: *idle, warmup: *warmup, seconds: time.Duration(*seconds * float64(time.Second)), drain: *drain}
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
							case len(matchList) == 1 || try >= *retries:
								break rising // more matches would miss more
							}
						}
					}
				}
			}
		}
	}
	fmt.Println()
	writeTable(os.Stdout, results)
	if len(matchList) > 1 {
		fmt.Println()
		writeCarried(os.Stdout, results)
	}
	if *csvPath != "" {
		if err := outfile.Write(*csvPath, func(w io.Writer) error { return writeCSV(w, results) }); err != nil {
			log.Fatal(err)
		}
	}
	if *plotPath != "" {
		if err := plotCSV(*csvPath, *plotPath); err != nil {
			log.Fatal(err)
		}
	}
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
