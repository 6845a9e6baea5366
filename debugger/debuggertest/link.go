package debuggertest

import (
	"net"
	"testing"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/netsim"
)

// Link puts a network link (package netsim) between a client game and its
// server at the UDP address server (ENet's, such as "127.0.0.1:8080"),
// closed when the test ends: give the client its Addr in place of the
// server's. With opts.FPS (the games' --fixed-fps) it is a link of
// frames, which [LockstepWith] steps with the games, its delays counted
// in frames and its faults seeded by opts.Seed; else it runs on the wall
// clock. Its conditions change at any frame (SetFaults); Stats counts what
// it did each way.
func Link(t testing.TB, server string, opts netsim.Options) *netsim.Proxy {
	t.Helper()
	addr, err := net.ResolveUDPAddr("udp", server)
	if err != nil {
		t.Fatalf("a link to %s: %v", server, err)
	}
	l, err := netsim.New(addr, opts)
	if err != nil {
		t.Fatalf("a link to %s: %v", server, err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// LockstepWith is [Lockstep] with links of frames stepped a frame after
// each frame of the games (see [debugger.LockstepWith]).
func LockstepWith(t testing.TB, n int, links []*netsim.Proxy, games ...*Game) []int64 {
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
