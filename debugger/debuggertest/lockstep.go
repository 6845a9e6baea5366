package debuggertest

import (
	"testing"

	"github.com/gdvar/gdvar/debugger"
)

// Lockstep runs several games n frames together, a frame of each in the
// order given, then the next (see [debugger.Lockstep]), and returns the
// frames they hold at; the test fails if a game fails, each frame of each
// game bounded by the request timeout.
func Lockstep(t testing.TB, n int, games ...*Game) []int64 {
	t.Helper()
	sessions := make([]*debugger.Session, len(games))
	for i, g := range games {
		sessions[i] = g.Session
	}
	frames, err := debugger.Lockstep(t.Context(), n, sessions...)
	if err != nil {
		t.Fatalf("running %d games %d frames in lockstep: %v", len(games), n, err)
	}
	return frames
}
