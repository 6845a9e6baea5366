package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/project"
)

const loadUsage = `usage: gdvar load -project DIR -addr HOST:PORT [-transport ws|enet] [-bots N] [-duration D] [-scenario FILE] [-csv FILE] [-plot FILE] [-server-pid PID]

Bots join a Godot 4 server as clients of the game in the project DIR (its
nodes, methods, spawners, synchronizers), play the scenario (docs/load.md),
and report a line a second, then a table (and a CSV and an SVG if asked):
bots joined and kept, syncs and calls received a second against what the
game promises, call latency, disconnects with their reasons, the server's
CPU and memory with -server-pid. The bots send to -addr alone and stop at
-duration.
`

// loadCommand is gdvar load.
func loadCommand(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), loadUsage); fs.PrintDefaults() }
	dir := fs.String("project", "", "the game's Godot 4 project folder")
	addr := fs.String("addr", "", "the server's address, host:port: the only one the bots send to")
	transport := fs.String("transport", "ws", "ws (WebSocketMultiplayerPeer) or enet (ENetMultiplayerPeer)")
	bots := fs.Int("bots", 10, "how many bots join")
	duration := fs.Duration("duration", 30*time.Second, "how long the run lasts, joins included")
	joinRate := fs.Float64("join-rate", 50, "bots joining a second")
	scenarioPath := fs.String("scenario", "", "the scenario file (default: join, own the node named by the bot's id, stay)")
	csvPath := fs.String("csv", "", "write a row a second to this CSV")
	plotPath := fs.String("plot", "", "write an SVG of the run to this file")
	pid := fs.Int("server-pid", 0, "the server's process id, if it runs on this machine: its CPU and memory are reported")
	quiet := fs.Bool("q", false, "no progress line")
	if code, ok := parseOwnFlags(fs, args); !ok {
		return code
	}
	if *dir == "" || *addr == "" || fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "gdvar load: %v\n", err)
		return 1
	}
	for _, out := range []string{*csvPath, *plotPath} { // written after the run: refused before it
		if out == "" {
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
		f, err := os.Open(*scenarioPath)
		if err != nil {
			return fail(err)
		}
		sc, err = loadtest.ReadScenario(f)
		f.Close()
		if err != nil {
			return fail(fmt.Errorf("%s: %w", *scenarioPath, err))
		}
	}
	cfg := loadtest.Config{Project: p, Scenario: sc, Addr: *addr, Transport: *transport, Bots: *bots,
		Duration: *duration, JoinRate: *joinRate, ServerPID: *pid}
	if !*quiet {
		cfg.Progress = func(s loadtest.Snapshot) { fmt.Fprintln(stderr, loadtest.ProgressLine(s)) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := loadtest.Run(ctx, cfg)
	if err != nil {
		return fail(err)
	}
	rep.WriteTable(stdout, *bots)
	for _, out := range []struct {
		path  string
		write func(io.Writer) error
	}{{*csvPath, rep.WriteCSV}, {*plotPath, rep.WritePlot}} {
		if out.path == "" {
			continue
		}
		if err := outfile.Write(out.path, out.write); err != nil {
			return fail(err)
		}
	}
	return 0
}
