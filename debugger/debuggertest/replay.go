package debuggertest

import (
	"context"
	"io"
	"testing"

	"github.com/gdvar/gdvar/debugger"
)

// Recording a test's session and replaying a file as a test: a game
// started with HoldFromStart is held at its first frame, seeded, so that
// a replay, which starts it afresh, gives the same game (see
// docs/debugger.md, "Recording and replaying").

// HoldFromStart starts the game held at its first frame, its global random
// number generator seeded with seed (see [debugger.HoldFromStart]); give
// it Args("--fixed-fps", "60") too. Advance runs it from there.
func HoldFromStart(seed int64) Option {
	return func(c *startConfig) { c.opts = append(c.opts, debugger.HoldFromStart(seed)) }
}

// Record records the game, started with [HoldFromStart], under a name in
// the replay file rec writes, from now (see [debugger.Recorder.Add]); the
// test fails if it cannot be recorded.
func (g *Game) Record(rec *debugger.Recorder, name string) {
	g.t.Helper()
	if err := rec.Add(name, g.Session); err != nil {
		g.t.Fatalf("recording the game as %s: %v", name, err)
	}
}

// Replay plays a replay file as a test: each game it launches is started
// as Start starts it, from project with opts and held from its first
// frame with the seed recorded (the opts give it the --fixed-fps it was
// recorded with), and the test fails at the first step where the game
// differs from the recording, naming its line, frame, what differed and
// both values, or that did not complete. It returns the games by their
// names in the file, held where the replay ended, for the test to check
// more; they end with the test.
func Replay(t testing.TB, project string, replay io.Reader, opts ...Option) map[string]*Game {
	t.Helper()
	rp, err := debugger.ReadReplay(replay)
	if err != nil {
		t.Fatalf("reading the replay: %v", err)
	}
	games := map[string]*Game{}
	launch := func(_ context.Context, name string, seed int64) (*debugger.Session, error) {
		g := Start(t, project, append(opts[:len(opts):len(opts)], HoldFromStart(seed))...)
		games[name] = g
		return g.Session, nil
	}
	if err := rp.Play(t.Context(), launch); err != nil {
		t.Fatalf("replaying: %v", err)
	}
	return games
}
