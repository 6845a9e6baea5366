package debuggertest

import (
	"testing"

	"github.com/gdvar/gdvar/debugger"
)

// Link puts a network link between a client game and its server, as spec
// says ([debugger.NewLink]: UDP for ENet, TCP for WebSocket), closed when
// the test ends: give the client its Addr in place of the server's. With
// spec.FPS (the games' --fixed-fps) it is a link of frames, which
// [LockstepWith] steps with the games, its delays counted in frames and
// its faults seeded by spec.Seed; else it runs on the wall clock. Its
// conditions change at any frame (SetFaults); Stats counts what it did
// each way; a Recorder records it ([debugger.Recorder.AddLink]).
func Link(t testing.TB, spec debugger.LinkSpec) *debugger.Link {
	t.Helper()
	l, err := debugger.NewLink(spec)
	if err != nil {
		t.Fatalf("a link to %s: %v", spec.Server, err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// LockstepWith is [Lockstep] with links of frames stepped a frame after
// each frame of the games (see [debugger.LockstepWith]).
func LockstepWith(t testing.TB, n int, links []*debugger.Link, games ...*Game) []int64 {
	t.Helper()
	sessions := make([]*debugger.Session, len(games))
	for i, g := range games {
		sessions[i] = g.Session
	}
	steppers := make([]debugger.Stepper, len(links))
	for i, l := range links {
		steppers[i] = l
	}
	frames, err := debugger.LockstepWith(t.Context(), n, steppers, sessions...)
	if err != nil {
		t.Fatalf("running %d games (and %d links) %d frames in lockstep: %v", len(games), len(links), n, err)
	}
	return frames
}
