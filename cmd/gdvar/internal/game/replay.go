package game

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/infile"
)

// replayUsage is gdvar replay's help.
const replayUsage = `usage: gdvar replay FILE -- GODOT [ARGS…]

Plays a replay file, a session recorded by gdvar mcp's record tool, a Go
test (debuggertest) or a debugger.Recorder: it launches each game the
file names afresh, GODOT ARGS… with --remote-debug added, held from its
first frame with the seed recorded (ARGS give the --fixed-fps it was
recorded with), sends what was sent (input, set, call, evaluate) at the
frames it was sent at, runs the frames recorded, makes the links between
the games again (listening where they were recorded, with their
conditions and seeds, stepped where they were), and checks every value
read (properties, screenshots' SHA-256, what calls and expressions
returned) at the frame it was read. It prints a summary and exits 0 if
every check matched; 1 at the first step where a game differed (its line,
game, frame, what differed, the recorded and replayed values) or failed
(a game that ended, a frame that did not complete within 30 s); 2 on a
usage error or a file that is not a replay. The games end with it; their
own output goes to standard error. See docs/debugger.md.
`

// replayLaunchWait bounds the launch of each game of a replay.
const replayLaunchWait = 2 * time.Minute

// Replay runs gdvar replay with its arguments and streams, and returns its
// exit status.
func Replay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gdvar replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), replayUsage); cli.WriteExamples(fs.Output(), "replay") }
	if code, ok := cli.ParseOwnFlags(fs, args); !ok {
		return code
	}
	rest := fs.Args()
	if len(rest) < 3 || rest[1] != "--" {
		fs.Usage()
		return 2
	}
	rp, err := readReplayFile(rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "gdvar replay: %v\n", err)
		return 2
	}
	stderr = &lockedWriter{w: stderr} // the games' streams write to it too
	var games []*debugger.Game
	defer func() {
		for _, g := range games {
			g.Close()
		}
	}()
	launch := func(ctx context.Context, _ string, seed int64) (*debugger.Session, error) {
		ctx, cancel := context.WithTimeout(ctx, replayLaunchWait)
		defer cancel()
		g, err := debugger.Launch(ctx, rest[2], rest[3:], debugger.WithStdout(stderr), debugger.WithStderr(stderr), debugger.HoldFromStart(seed))
		if err != nil {
			return nil, err
		}
		games = append(games, g)
		return g.Session, nil
	}
	if err := rp.Play(context.Background(), launch); err != nil {
		prefix := "gdvar replay: "
		if errors.Is(err, debugger.ErrMismatch) {
			prefix += "the replay differs: "
		}
		fmt.Fprintln(stderr, prefix+err.Error())
		if errors.Is(err, debugger.ErrMismatch) && chancyLinks(rp) {
			fmt.Fprintln(stderr, "gdvar replay: the file's links lose or jitter: a transport's own timers (ENet's resends and pings) run on the wall clock and can change what crosses them from run to run (docs/debugger.md, \"A game under a bad network\")")
		}
		return 1
	}
	fmt.Fprintln(stdout, replaySummary(rp))
	return 0
}

// readReplayFile reads the replay file at path, within cli.FlagFileWait
// if it is a named pipe (infile.Open): a pipe no one writes to held a
// plain open for ever, before anything was launched.
func readReplayFile(path string) (*debugger.Replay, error) {
	f, err := infile.Open(path, cli.FlagFileWait)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return debugger.ReadReplay(f)
}

// chancyLinks says whether a replay's links lose, duplicate, reorder or
// jitter what crosses them at some frame.
func chancyLinks(rp *debugger.Replay) bool {
	for _, st := range rp.Steps {
		if f := st.Faults; st.Op == debugger.OpNet && f != nil && (f.Loss > 0 || f.Duplicate > 0 || f.Reorder > 0 || f.Jitter != "") {
			return true
		}
	}
	return false
}

// replaySummary says what a replay that matched did: its steps, its
// games and links and the frames each reached, and its checks.
func replaySummary(rp *debugger.Replay) string {
	var games []string
	last := map[string]int64{}
	checks := 0
	for _, st := range rp.Steps {
		switch st.Op {
		case debugger.OpLaunch:
			games = append(games, "game "+st.Game)
		case debugger.OpLink:
			games = append(games, "link "+st.Link)
		case debugger.OpGet, debugger.OpScreenshot:
			checks++
		case debugger.OpCall, debugger.OpEvaluate:
			if st.Value != "" {
				checks++
			}
		}
		of := "game " + st.Game
		if st.Link != "" {
			of = "link " + st.Link
		}
		last[of] = max(last[of], st.Frame+st.Frames)
	}
	s := fmt.Sprintf("replayed %d steps: %d checks matched;", len(rp.Steps), checks)
	for _, g := range games {
		s += fmt.Sprintf(" %s to frame %d;", g, last[g])
	}
	return s[:len(s)-1]
}
