package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gdvar/gdvar/audit"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/project"
)

const auditUsage = `usage: gdvar audit -project DIR -static [-scene RES] [-json FILE] [-fail-on LEVEL]
       gdvar audit -project DIR -addr HOST:PORT [-transport ws|enet] [-scene RES] [-duration D] [-rate N]
               [-wait D] [-max-payload BYTES] [-watch NODE:PROPERTY]… [-restarts N] [-json FILE] [-fail-on LEVEL]
               -- GODOT ARGS…

Audits what any peer can make a Godot 4 game's server do (docs/audit.md).
With -static, from the project DIR alone: untyped parameters of any_peer
methods, any_peer methods that never ask get_remote_sender_id(),
call_local methods any peer can call, object decoding turned on.
Otherwise it also starts the server, GODOT ARGS… (a debug build, with
--remote-debug added, as gdvar debug does), joins it at -addr as two
clients declared from the project, and sends hostile calls one at a time:
each any_peer method with each class of hostile argument, each authority
method as a peer that is not its authority; each call's outcome
(accepted, refused by the engine, script error, crash) is what the
debugger saw. It sends to -addr alone, at most -rate calls a second, for
-duration at most, and writes nothing to the project. It prints a table,
and writes the report as JSON to -json.

Exit status: 0 if no finding is at -fail-on or above, 1 if one is (or on
an error), 2 on a usage error; killed by a signal, 128 + its number, and
the server ends with it.
`

// auditCommand is gdvar audit.
func auditCommand(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), auditUsage); fs.PrintDefaults() }
	dir := fs.String("project", "", "the game's Godot 4 project folder")
	scene := fs.String("scene", "", "the main scene the server runs, res:// (default: the project's)")
	static := fs.Bool("static", false, "audit the project alone, with no server")
	addr := fs.String("addr", "", "the server's address, host:port: the only one the audit sends to")
	transport := fs.String("transport", "enet", "ws (WebSocketMultiplayerPeer) or enet (ENetMultiplayerPeer)")
	duration := fs.Duration("duration", 5*time.Minute, "the longest the audit runs, the server's start included")
	rate := fs.Float64("rate", 20, "the most calls sent a second (0.01 to 1000)")
	wait := fs.Duration("wait", 10*time.Second, "the longest wait for one call's outcome")
	payload := fs.Int("max-payload", 0, "the size of the huge arguments, in bytes (default 61440 over ws, 1048576 over enet)")
	restarts := fs.Int("restarts", 3, "how often the server is started again after it ended (0: never)")
	jsonPath := fs.String("json", "", "write the report as JSON to this file (- for standard output, which then holds it alone)")
	failOn := fs.String("fail-on", "high", "exit 1 if a finding is at this level or above: info, low, medium or high")
	quiet := fs.Bool("q", false, "no line a call on standard error")
	var watches watchFlags
	fs.Var(&watches, "watch", "a property no peer's call may change, NODE:PROPERTY ({victim} in NODE is the victim client's id); again for each")
	if code, ok := parseOwnFlags(fs, args); !ok {
		return code
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "gdvar audit: "+format+"\n", a...)
		return 2
	}
	level, err := audit.ParseLevel(*failOn)
	switch {
	case *dir == "":
		fs.Usage()
		return 2
	case err != nil:
		return usage("-fail-on: %v", err)
	case *static && (fs.NArg() > 0 || *addr != ""):
		return usage("-static audits the project alone: give no -addr, nor a server after --")
	case !*static && (*addr == "" || fs.NArg() == 0):
		return usage("give the server's -addr and the command that starts it after -- (or -static)")
	case *restarts < 0:
		return usage("-restarts %d: 0 or more", *restarts)
	case !(*rate >= 0.01 && *rate <= 1000):
		return usage("-rate %g: 0.01 to 1000 calls a second", *rate)
	case *duration <= 0 || *wait <= 0:
		return usage("-duration and -wait: more than 0")
	case *payload < 0:
		return usage("-max-payload %d: 64 bytes to 32 MiB", *payload)
	}
	toStdout := *jsonPath == "-"
	if *jsonPath != "" && !toStdout {
		if err := outfile.Check(*jsonPath); err != nil { // written after the audit: refused before it
			fmt.Fprintf(stderr, "gdvar audit: %v\n", err)
			return 1
		}
	}
	p, err := project.Open(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "gdvar audit: %v\n", err)
		return 1
	}
	var rep *audit.Report
	if *static {
		rep, err = audit.Static(p, *scene)
	} else {
		cfg := audit.Config{Project: p, Scene: *scene, Addr: *addr, Transport: *transport, Godot: fs.Arg(0), Args: fs.Args()[1:],
			LaunchOptions: []debugger.Option{debugger.WithStdout(io.Discard), debugger.WithStderr(io.Discard)},
			Duration:      *duration, Rate: *rate, Wait: *wait, MaxPayload: *payload, Watch: watches, Restarts: *restarts}
		if *restarts == 0 {
			cfg.Restarts = -1
		}
		if !*quiet {
			cfg.Progress = func(r audit.Result) {
				fmt.Fprintf(stderr, "%s.%s %s: %s\n", r.Node, r.Method, r.Attack, r.Outcome)
			}
		}
		// A signal ends gdvar as killed by it (removeTempsOnSignal), and
		// the server with it: debugger.Launch's process dies with gdvar.
		rep, err = audit.Run(context.Background(), cfg)
		if errors.Is(err, audit.ErrConfig) {
			return usage("%v", err)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "gdvar audit: %v\n", err)
		return 1
	}
	table := stdout
	if toStdout {
		table = io.Discard
		err = rep.WriteJSON(stdout)
	} else if *jsonPath != "" {
		err = outfile.Write(*jsonPath, rep.WriteJSON)
	}
	if werr := rep.WriteTable(table); err == nil {
		err = werr
	}
	if err != nil {
		fmt.Fprintf(stderr, "gdvar audit: %v\n", err)
		return 1
	}
	if rep.Stopped != "" {
		fmt.Fprintf(stderr, "gdvar audit: stopped early: %s\n", rep.Stopped)
	}
	if rep.Fails(level) {
		worst, _ := rep.Worst()
		fmt.Fprintf(stderr, "gdvar audit: a finding at %s, at or above -fail-on %s\n", worst, level)
		return 1
	}
	return 0
}

// watchFlags are -watch's properties.
type watchFlags []audit.Watch

func (w *watchFlags) String() string { return fmt.Sprint(*w) }

func (w *watchFlags) Set(s string) error {
	i := strings.LastIndex(s, ":")
	if i <= 0 || i == len(s)-1 {
		return fmt.Errorf("%.80q: NODE:PROPERTY, as /root/Main/Players/{victim}:health", s)
	}
	*w = append(*w, audit.Watch{Node: s[:i], Property: s[i+1:]})
	return nil
}
