package main

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"math"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/godot"
	"github.com/gdvar/gdvar/multiplayer"
)

// wait bounds each wait for a Godot client: generous, for a loaded machine.
const wait = 2 * time.Minute

// TestLiveSpawn runs the game of ./godot, unmodified, against the Go
// server over each transport: two Godot clients join and walk their
// players; each sees both players spawn with the colors the server gave
// them and reach their targets. A third joins late: it gets each player
// spawned where it stands (the spawn's state, before any sync) and sees
// all three arrive; it leaves, and the other two see its player despawn.
// No side prints an error.
func TestLiveSpawn(t *testing.T) {
	for _, transport := range []string{"websocket", "enet"} {
		t.Run(transport, func(t *testing.T) { liveSpawn(t, transport) })
	}
}

func liveSpawn(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	port, logs := serve(t, transport)
	client := func(n, mode string) *godot.Process {
		args := []string{"client", "127.0.0.1", port, "walk", n, mode}
		if transport == "enet" {
			args = append(args, "enet")
		}
		return godot.StartProject(t, engine, "examples/mpspawn/godot", args...)
	}
	a, b := client("2", "stay"), client("2", "stay")
	a.WaitFor(t, "ALL", wait)
	b.WaitFor(t, "ALL", wait)
	late := client("3", "leave")
	out := late.Wait(t)
	ids := map[string]string{"a": a.WaitFor(t, "ID ", wait), "b": b.WaitFor(t, "ID ", wait), "late": line(t, out, "ID ")}

	for _, who := range []string{"a", "b"} {
		id := ids[who]
		want := fmt.Sprintf("%s %s", html(colorOf(peer(t, id))), target(t, id))
		assert.Equal(t, want, line(t, out, "SPAWNED "+id+" "), "the late joiner's spawn of %s's player", who)
	}
	for _, id := range ids {
		assert.Equal(t, html(colorOf(peer(t, id))), line(t, out, "ARRIVED "+id+" "), "the late joiner sees %s arrive", id)
	}
	for _, p := range []*godot.Process{a, b} {
		p.WaitFor(t, "DESPAWNED "+ids["late"], wait)
		assert.Equal(t, html(colorOf(peer(t, ids["late"]))), line(t, p.Wait(t), "ARRIVED "+ids["late"]+" "))
	}
	for _, p := range []string{a.Output(), b.Output(), out} {
		assert.NotContains(t, p, "ERROR", "a client printed an error")
	}
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		assert.Regexp(t, `^(peer \d+ (joined|left)|listening on .*)$`, l, "the server logs no error")
	}
	t.Logf("server log:\n%s", logs.String())
}

// target is where a client's player walks to, as main.gd prints it.
func target(t *testing.T, id string) string {
	return fmt.Sprintf("%d 100", peer(t, id)%1000)
}

func peer(t *testing.T, id string) multiplayer.PeerID {
	n, err := strconv.Atoi(strings.TrimSpace(id))
	require.NoError(t, err)
	return multiplayer.PeerID(n)
}

// html is Color.to_html(false).
func html(c gdvar.Color) string {
	hex := func(v float32) int { return min(255, max(0, int(math.Round(float64(v*255))))) }
	return fmt.Sprintf("%02x%02x%02x", hex(c.R), hex(c.G), hex(c.B))
}

// line is the rest of the first line of out that starts with prefix.
func line(t *testing.T, out, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			return strings.TrimSpace(rest)
		}
	}
	t.Errorf("no %q line in:\n%s", prefix, out)
	return ""
}

// serve runs the example's server over a transport on a free loopback
// port until the test ends, and returns the port and the server's log.
func serve(t *testing.T, transport string) (string, *lockedBuffer) {
	t.Helper()
	network := "tcp"
	if transport == "enet" {
		network = "udp"
	}
	port := strconv.Itoa(godot.FreePort(t, network))
	logs := new(lockedBuffer)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- run(ctx, net.JoinHostPort("127.0.0.1", port), transport, log.New(logs, "", 0)) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return port, logs
}

// lockedBuffer is a log's output, written from the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
