package auditcmd

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/gdvar/gdvar/audit"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/infile"
	"github.com/gdvar/gdvar/internal/outfile"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

const auditUsage = `usage: gdvar audit -project DIR -static [-scene RES] [-json FILE] [-fail-on LEVEL]
       gdvar audit -project DIR -addr HOST[:PORT] [-transport ws|enet] [-subprotocols A,B] [-compression MODE]
               [-root PATH] [-scene RES] [-scenario FILE] [-start STEP] [-duration D] [-rate N] [-wait D]
               [-freeze D] [-max-payload BYTES] [-watch NODE:PROPERTY]… [-restarts N] [-json FILE] [-fail-on LEVEL]
               -- GODOT ARGS…

Audits what any peer can make a Godot 4 game's server do (docs/audit.md).
With -static, from the project DIR alone: untyped parameters of any_peer
methods, any_peer methods that never ask get_remote_sender_id(),
call_local methods any peer can call, object decoding turned on.
Otherwise it also starts the server, GODOT ARGS… (a debug build, with
--remote-debug added, as gdvar debug does), joins it at -addr as two
clients declared from the project, over the transport and with the
settings its scripts give their peer (-transport, -subprotocols,
-compression, -root, where they do not tell), and sends hostile calls
one at a time: each any_peer method with each class of hostile
argument, each authority method as a peer that is not its authority;
hostile values of the state the attacker owns; huge Strings whose relay
is measured on the victim's side; leaves at each point of the game
(-scenario, -start). Each call's outcome (accepted, refused by the
engine, script error, crash, a freeze past -freeze) is what the debugger
saw. It sends to -addr
alone, at most -rate calls a second, for -duration at most, and writes
nothing to the project. It prints a table, and writes the report as JSON
to -json, whatever the outcome.

Exit status: 0 if no finding is at -fail-on or above, 1 if one is, 2 on
a usage error, 3 if it could not audit (the project could not be read,
the server did not start, its clients could not join it, it is set up
otherwise than they are, or it runs none of the nodes called, naming
the flag that fixes it: the reason on
the first line of standard error, what was done in the JSON); killed by
a signal, 128 + its number, and the server ends with it.
`

// maxStart bounds -start's step: what a scenario file may hold whole.
const maxStart = 64 << 10

// auditFlags are gdvar audit's flags, checked.
type auditFlags struct {
	dir, scene, addr, jsonPath string
	scenario, start            string
	cli.NetFlags               // how the clients join: what the project says, but for the flags given
	static, quiet              bool
	duration, wait, freeze     time.Duration
	rate                       float64
	payload, restarts          int
	level                      audit.Level
	watchArgs                  watchFlags // -watch as given
	watches                    []audit.Watch
	server                     []string // the command that starts the server
}

// parseAuditFlags parses and checks gdvar audit's flags; when it returns
// false, the command exits with code (auditExitUsage), said on stderr.
func parseAuditFlags(args []string, stderr io.Writer) (*auditFlags, int, bool) {
	f := &auditFlags{}
	fs := flag.NewFlagSet("gdvar audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), auditUsage)
		fs.PrintDefaults()
		cli.WriteExamples(fs.Output(), "audit")
	}
	fs.StringVar(&f.dir, "project", "", "the game's Godot 4 project folder")
	fs.StringVar(&f.scene, "scene", "", "the main scene the server runs, res:// (default: the project's)")
	fs.BoolVar(&f.static, "static", false, "audit the project alone, with no server")
	fs.StringVar(&f.addr, "addr", "", "the server's address, host:port (host alone where the project tells the port): the only one the audit sends to")
	f.NetFlags.Define(fs, "each tried")
	fs.StringVar(&f.scenario, "scenario", "", "a JSON file saying how the match starts and goes (docs/audit.md): the attacker leaves at each of its points")
	fs.StringVar(&f.start, "start", "", "how the game starts: call:/root/Node:method, input:action or set:/root/Node:property=value")
	fs.DurationVar(&f.duration, "duration", 5*time.Minute, "the longest the audit runs, the server's start included")
	fs.Float64Var(&f.rate, "rate", 20, "the most calls sent a second (0.01 to 1000)")
	fs.DurationVar(&f.wait, "wait", 10*time.Second, "the longest wait for one call's outcome")
	fs.DurationVar(&f.freeze, "freeze", 0, "a call the server answers later than this froze it, a high finding: 100ms to -wait (default 1s)")
	fs.IntVar(&f.payload, "max-payload", 0, "the size of the huge arguments, in bytes (default 61440 over ws, 1048576 over enet)")
	fs.IntVar(&f.restarts, "restarts", 3, "how often the server is started again after it ended (0: never)")
	fs.StringVar(&f.jsonPath, "json", "", "write the report as JSON to this file (- for standard output, which then holds it alone)")
	failOn := fs.String("fail-on", "high", "exit 1 if a finding is at this level or above: info, low, medium or high")
	fs.BoolVar(&f.quiet, "q", false, "no line a call on standard error")
	fs.Var(&f.watchArgs, "watch", "a property no peer's call may change, NODE:PROPERTY ({victim} in NODE is the victim client's id); again for each")
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return nil, code, false
	}
	f.server = fs.Args()
	netErr := f.NetFlags.Parsed(fs)
	usage := func(format string, a ...any) (*auditFlags, int, bool) {
		fmt.Fprintf(stderr, "gdvar audit: "+format+"\n", a...)
		return nil, auditExitUsage, false
	}
	var err error
	f.level, err = audit.ParseLevel(*failOn)
	switch {
	case f.dir == "":
		fs.Usage()
		return nil, auditExitUsage, false
	case err != nil:
		return usage("-fail-on: %v", err)
	case f.static && (len(f.server) > 0 || f.addr != ""):
		return usage("-static audits the project alone: give no -addr, nor a server after --")
	case !f.static && (f.addr == "" || len(f.server) == 0):
		return usage("give the server's -addr and the command that starts it after -- (or -static)")
	case f.restarts < 0:
		return usage("-restarts %d: 0 or more", f.restarts)
	case !(f.rate >= 0.01 && f.rate <= 1000):
		return usage("-rate %g: 0.01 to 1000 calls a second", f.rate)
	case f.duration <= 0 || f.wait <= 0:
		return usage("-duration and -wait: more than 0")
	case f.freeze != 0 && (f.freeze < 100*time.Millisecond || f.freeze > f.wait):
		return usage("-freeze %s: 100ms to -wait (%s)", f.freeze, f.wait)
	case f.payload < 0:
		return usage("-max-payload %d: 64 bytes to 32 MiB", f.payload)
	case f.static && (f.scenario != "" || f.start != ""):
		return usage("-static audits the project alone: no -scenario nor -start")
	}
	if netErr != nil {
		return usage("%v", netErr)
	}
	if f.watches, err = f.watchArgs.watches(); err != nil {
		return usage("%v", err)
	}
	if len(f.start) > maxStart {
		return usage("-start: %v", fmt.Errorf("%w: %d bytes: at most %d, as a scenario file", audit.ErrScenario, len(f.start), maxStart))
	}
	if f.start != "" {
		if _, err := audit.ParseStep(f.start); err != nil {
			return usage("-start: %v", err)
		}
	}
	if f.jsonPath != "" && f.jsonPath != "-" {
		if err := outfile.Check(f.jsonPath); err != nil { // written after the audit: refused before it
			return usage("-json: %v", err)
		}
	}
	return f, 0, true
}

// config is the audit of the server the flags start, its progress said on
// stderr unless -q: the project's network, with what the flags given
// say instead, and the scenario they name.
func (f *auditFlags) config(p *project.Project, stderr io.Writer) (audit.Config, error) {
	net, err := f.Net(p)
	if err != nil {
		return audit.Config{}, err
	}
	sc, err := f.readScenario()
	if err != nil {
		return audit.Config{}, err
	}
	cfg := audit.Config{Project: p, Scene: f.scene, Addr: f.addr, Net: net, Scenario: sc, Godot: f.server[0], Args: f.server[1:],
		LaunchOptions: []debugger.Option{debugger.WithStdout(io.Discard), debugger.WithStderr(io.Discard)},
		Duration:      f.duration, Rate: f.rate, Wait: f.wait, FreezeAfter: f.freeze, MaxPayload: f.payload, Watch: f.watches, Restarts: f.restarts}
	if f.restarts == 0 {
		cfg.Restarts = -1
	}
	if root, ok := f.NetFlags.Root(); ok {
		cfg.Root = cmp.Or(root, multiplayer.DefaultRoot) // said: no other is tried
	}
	if !f.quiet {
		cfg.Progress = func(r audit.Result) {
			fmt.Fprintf(stderr, "%s.%s %s: %s\n", r.Node, r.Method, r.Attack, r.Outcome)
		}
	}
	return cfg, nil
}

// readScenario reads -scenario's file, its start -start's step if given.
func (f *auditFlags) readScenario() (*audit.Scenario, error) {
	sc := &audit.Scenario{}
	if f.scenario != "" {
		file, err := infile.Open(f.scenario, cli.FlagFileWait)
		if err != nil {
			return nil, fmt.Errorf("%w: -scenario: %w", audit.ErrConfig, err)
		}
		defer file.Close()
		if sc, err = audit.ReadScenario(file); err != nil {
			return nil, fmt.Errorf("%w: -scenario %s: %w", audit.ErrConfig, f.scenario, err)
		}
	}
	if f.start != "" {
		st, _ := audit.ParseStep(f.start) // checked with the flags
		sc.Start = []audit.Step{st}
	}
	if f.scenario == "" && f.start == "" {
		return nil, nil
	}
	return sc, nil
}
