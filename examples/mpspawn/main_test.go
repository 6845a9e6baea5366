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
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/examples/internal/gameserver"
	"github.com/gdvar/gdvar/internal/testrig/godot"
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
	port, logs, _ := serve(t, transport, false)
	client := clients(t, transport, port)
	a, b := client("2", "stay"), client("2", "stay")
	a.WaitFor(t, "ALL", wait)
	b.WaitFor(t, "ALL", wait)
	late := client("3", "leave")
	out := late.Wait(t)
	ids := map[string]string{"a": a.WaitFor(t, "ID ", wait), "b": b.WaitFor(t, "ID ", wait), "late": godot.Line(t, out, "ID ")}

	for _, who := range []string{"a", "b"} {
		id := ids[who]
		want := fmt.Sprintf("%s %s", html(colorOf(peer(t, id))), target(t, id))
		assert.Equal(t, want, godot.Line(t, out, "SPAWNED "+id+" "), "the late joiner's spawn of %s's player", who)
	}
	for _, id := range ids {
		assert.Equal(t, html(colorOf(peer(t, id))), godot.Line(t, out, "ARRIVED "+id+" "), "the late joiner sees %s arrive", id)
	}
	for _, p := range []*godot.Process{a, b} {
		p.WaitFor(t, "DESPAWNED "+ids["late"], wait)
		assert.Equal(t, html(colorOf(peer(t, ids["late"]))), godot.Line(t, p.Wait(t), "ARRIVED "+ids["late"]+" "))
	}
	for _, p := range []string{a.Output(), b.Output(), out} {
		assert.NotContains(t, p, "ERROR", "a client printed an error")
	}
	for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		assert.Regexp(t, `^(peer \d+ (joined|left)|listening on .*)$`, l, "the server logs no error")
	}
	t.Logf("server log:\n%s", logs.String())
}

// clients returns a function that starts the game's Godot client on port
// over a transport, with main.gd's walk arguments and more.
func clients(t *testing.T, transport, port string) func(walk, mode string, more ...string) *godot.Process {
	engine := godot.Require(t, godot.Godot4)
	return func(walk, mode string, more ...string) *godot.Process {
		args := append([]string{"client", "127.0.0.1", port, "walk", walk, mode}, more...)
		if transport == "enet" {
			args = append(args, "enet")
		}
		return godot.StartProject(t, engine, "examples/mpspawn/godot", args...)
	}
}

// TestLiveSpawnOwned runs the game's clients with "owned", the way of the
// tutorials: each side hands a player to its peer in _enter_tree, from
// its name. The Go server spawns each player owned by its peer
// (SpawnOwned): two clients, over each transport, see both players spawn
// and arrive, a late joiner too, and no side prints an error. Spawned and
// then handed over (Spawn, SetAuthority), each client printed
// ERR_INVALID_DATA for each spawn ("Should have been consumed").
func TestLiveSpawnOwned(t *testing.T) {
	for _, transport := range []string{"websocket", "enet"} {
		t.Run(transport, func(t *testing.T) {
			port, logs, _ := serve(t, transport, true)
			client := clients(t, transport, port)
			a, b := client("2", "stay", "owned"), client("2", "stay", "owned")
			a.WaitFor(t, "ALL", wait)
			b.WaitFor(t, "ALL", wait)
			late := client("3", "leave", "owned")
			out := late.Wait(t)
			assert.Contains(t, out, "ALL", "the late joiner sees every player arrive")
			for _, p := range []string{a.Output(), b.Output(), out} {
				assert.NotContains(t, p, "ERROR", "a client printed an error")
			}
			for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				assert.Regexp(t, `^(peer \d+ (joined|left)|listening on .*)$`, l, "the server logs no error")
			}
		})
	}
}

// TestLiveVisibility has the Go server hide each player from every peer
// but its own, with a spawner's visibility filter: two Godot clients each
// see only their own player, though both walk theirs to its target. Made
// public, each player is spawned on the other client where it stands;
// made private again, it is despawned there.
func TestLiveVisibility(t *testing.T) {
	port, logs, players := serve(t, "websocket", false)
	var private atomic.Bool
	private.Store(true)
	players.SetVisibilityFilter(func(o *multiplayer.Object, peer multiplayer.PeerID) bool {
		return !private.Load() || o.Name() == strconv.Itoa(int(peer))
	})
	client := clients(t, "websocket", port)
	a, b := client("1", "stay"), client("1", "stay")
	ids := []string{a.WaitFor(t, "ID ", wait), b.WaitFor(t, "ID ", wait)}
	a.WaitFor(t, "ALL", wait)
	b.WaitFor(t, "ALL", wait)
	require.Eventually(t, func() bool {
		n := 0
		for _, p := range players.Objects() {
			var at gdvar.Vector2
			if p.Get(position, &at) == nil && fmt.Sprintf("%.0f %.0f", at.X, at.Y) == target(t, p.Name()) {
				n++
			}
		}
		return n == 2
	}, wait, 10*time.Millisecond, "the server saw both players arrive")
	for i, p := range []*godot.Process{a, b} {
		assert.NotContains(t, p.Output(), "SPAWNED "+ids[1-i], "a player hidden from the other client")
	}

	private.Store(false)
	players.UpdateVisibility()
	for i, p := range []*godot.Process{a, b} {
		other := ids[1-i]
		assert.Equal(t, html(colorOf(peer(t, other)))+" "+target(t, other), strings.TrimSpace(p.WaitFor(t, "SPAWNED "+other+" ", wait)))
	}
	private.Store(true)
	players.UpdateVisibility()
	for i, p := range []*godot.Process{a, b} {
		p.WaitFor(t, "DESPAWNED "+ids[1-i], wait)
		p.Wait(t)
		assert.NotContains(t, p.Output(), "ERROR")
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

// serve runs the example's server over a transport on a free loopback
// port until the test ends (owned: its players owned from the start), and
// returns the port, the server's log and its spawner.
func serve(t *testing.T, transport string, owned bool) (string, *lockedBuffer, *multiplayer.Spawner) {
	t.Helper()
	network := "tcp"
	if transport == "enet" {
		network = "udp"
	}
	port := strconv.Itoa(godot.FreePort(t, network))
	logs := new(lockedBuffer)
	logger := log.New(logs, "", 0)
	m, players, err := newServer("godot", owned, logger)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- gameserver.Serve(ctx, m, net.JoinHostPort("127.0.0.1", port), transport, logger) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return port, logs, players
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
