// Package debuggertest tests Godot games from Go tests, through package
// debugger: it finds the engine (skipping the test when none is
// installed), copies a project where the engine may write ([Project]), gives
// a game that must render a display (Display: Xvfb), and starts the game
// (Start) as a Game whose actions fail the test, with the game's last
// image and its log attached, when they fail; it steps several games
// together ([Lockstep]), records them and plays a replay file as a test
// ([Replay]). [Launch] is the plainer way: a [debugger.Game], and the
// game's log if the test fails.
package debuggertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// Godot returns the Godot 4 binary to test with: $GODOT, gdvar's engine
// cache (see scripts/install-godot.sh), or godot4 or godot on the PATH.
// It skips the test, saying so, if there is none.
func Godot(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("GODOT"); p != "" {
		return p
	}
	if p := godot.Find(godot.Godot4); p != "" {
		return p
	}
	for _, name := range []string{"godot4", "godot"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Godot 4 engine: set $GODOT to a debug build of Godot (the editor binary), or run scripts/install-godot.sh 4")
	return ""
}

// Launch starts a game as [debugger.Launch] does, within two minutes, and
// ends it when the test ends: godot (Godot(t) if "") with args and opts.
// If the test fails, what the game printed on its own output is logged; an
// option of opts that sends that output elsewhere ([debugger.WithStdout],
// WithStderr) replaces the log's.
func Launch(t testing.TB, godot string, args []string, opts ...debugger.Option) *debugger.Game {
	t.Helper()
	if godot == "" {
		godot = Godot(t)
	}
	out := &childproc.Output{Max: maxKept}
	g := launch(t, godot, args, out, opts)
	t.Cleanup(func() {
		g.Close()
		if t.Failed() {
			t.Logf("the game printed:\n%s", out.String())
		}
	})
	return g
}

// launch starts a game as Launch does, what it prints going to out unless
// opts send it elsewhere; the caller ends it.
func launch(t testing.TB, godot string, args []string, out *childproc.Output, opts []debugger.Option) *debugger.Game {
	t.Helper()
	opts = append([]debugger.Option{debugger.WithStdout(out), debugger.WithStderr(out)}, opts...)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g, err := debugger.Launch(ctx, godot, args, opts...)
	if err != nil {
		t.Fatalf("launching %s %v: %v; it printed:\n%s", godot, args, err, out.String())
	}
	return g
}

// maxKept bounds the game's output a test keeps to show.
const maxKept = 1 << 20
