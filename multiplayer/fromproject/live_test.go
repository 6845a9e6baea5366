package fromproject

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// liveWait bounds each wait for the engine, generously: the machine may
// be busy.
const liveWait = time.Minute

// transports are the transports the live tests run over; each subtest
// sets $GDVAR_TRANSPORT, which the harnesses read.
var transports = []string{"websocket", "enet"}

// overTransports runs test as a subtest over each transport.
func overTransports(t *testing.T, test func(t *testing.T, transport string)) {
	for _, transport := range transports {
		t.Run(transport, func(t *testing.T) {
			t.Setenv("GDVAR_TRANSPORT", transport)
			test(t, transport)
		})
	}
}

// serveOver serves m on a free loopback port over a transport until the
// test ends, and returns the port.
func serveOver(t *testing.T, m *multiplayer.Multiplayer, transport string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	port := godot.FreePort(t, "udp")
	if transport == "enet" {
		go func() { served <- m.ListenAndServeENet(ctx, "127.0.0.1:"+strconv.Itoa(port)) }()
	} else {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		port = ln.Addr().(*net.TCPAddr).Port
		go func() { served <- m.Serve(ctx, ln) }()
	}
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return strconv.Itoa(port)
}

// connectOver connects m to the engine's server on a loopback port over a
// transport, trying again until the engine listens.
func connectOver(t *testing.T, m *multiplayer.Multiplayer, transport string, port int) {
	t.Helper()
	var err error
	connected := func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if transport == "enet" {
			err = m.ConnectENet(ctx, fmt.Sprintf("127.0.0.1:%d", port))
		} else {
			err = m.Connect(ctx, fmt.Sprintf("ws://127.0.0.1:%d", port))
		}
		return err == nil
	}
	if !assert.Eventually(t, connected, liveWait, 50*time.Millisecond) {
		t.Fatalf("cannot connect to the engine: %v", err) // its output is logged
	}
}

// listeningHost starts the Godot host of the test project src (its user
// arguments: host PORT) on a free port of network ("tcp", "udp"), and
// returns it and the port once it prints LISTENING.
func listeningHost(t *testing.T, engine, src, network string) (*godot.Process, string) {
	t.Helper()
	port := strconv.Itoa(godot.FreePort(t, network))
	host := godot.StartProject(t, engine, src, "host", port)
	host.WaitFor(t, "LISTENING", liveWait)
	return host, port
}

// clientLines runs the Godot client of the test project src (its user
// arguments: client PORT) until it prints DONE, checks it printed no
// error, and returns the lines it printed that start with one of
// prefixes.
func clientLines(t *testing.T, engine, src, port string, prefixes ...string) []string {
	t.Helper()
	client := godot.StartProject(t, engine, src, "client", port)
	client.WaitFor(t, "DONE", liveWait)
	out := client.Output()
	assert.NotContains(t, out, "ERROR")
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		for _, prefix := range prefixes {
			if strings.HasPrefix(l, prefix) {
				lines = append(lines, l)
			}
		}
	}
	return lines
}

// errorsOf returns the errors m reports, as they come.
func errorsOf(m *multiplayer.Multiplayer) <-chan error {
	errs := make(chan error, 1024)
	m.OnError(func(err error) {
		select {
		case errs <- err:
		default: // more than a test looks at
		}
	})
	return errs
}

// drain returns what errs holds now.
func drain(errs <-chan error) []error {
	var out []error
	for {
		select {
		case err := <-errs:
			out = append(out, err)
		default:
			return out
		}
	}
}

// The game of the live project tests: a main scene whose script extends
// another, a synchronized Ball the server moves and a Pad its client
// moves (nodes no spawner made), and an instanced scene whose Board
// declares RPCs.
const staticProject = "multiplayer/fromproject/testdata/game"

// declareStaticGame declares the test game from its project alone.
func declareStaticGame(t *testing.T, m *multiplayer.Multiplayer) *Scene {
	p, err := project.Open("testdata/game")
	require.NoError(t, err)
	d, err := Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	return d
}

// staticClient runs the test game's Godot client of a Go server, with
// the extra arguments main.gd takes.
func staticClient(t *testing.T, transport, port string, extra ...string) *godot.Process {
	args := []string{"client", port}
	if transport == "enet" {
		args = append(args, "enet")
	}
	return godot.StartProject(t, godot.Require(t, godot.Godot4), staticProject, append(args, extra...)...)
}

// A Go server built from the test game's project alone serves its
// unmodified Godot 4.6 client, over each transport: the client's calls on
// Main (a script extending another) and on Lobby/Board (a node of an
// instanced scene) are answered, with no checksum refused either way;
// the server's Ball, which a sibling synchronizer of the main scene
// replicates by its path, reaches the client, its OnChange rotation by
// DELTA; the client's Pad, whose own synchronizer it takes, reaches the
// server.
func TestLiveProjectStatic(t *testing.T) {
	overTransports(t, liveProjectStatic)
}

func liveProjectStatic(t *testing.T, transport string) {
	m := multiplayer.MustNew()
	d := declareStaticGame(t, m)
	errs := errorsOf(m)
	require.NoError(t, d.Handle("/root/Main", "ping", func(c *multiplayer.Call, n int64) error { return c.Reply("pong", n+1) }))
	require.NoError(t, d.Handle("/root/Main/Lobby/Board", "hit", func(c *multiplayer.Call, n int64) error { return c.Reply("hit_back", 2*n) }))
	ball, err := d.Synchronized("/root/Main/Ball")
	require.NoError(t, err)
	require.NoError(t, ball.Set(".:position", gdvar.Vector2{X: 3, Y: 4}))
	require.NoError(t, ball.Set(".:rotation", 1.5))
	pad, err := d.Synchronized("/root/Main/Pad")
	require.NoError(t, err)
	m.OnPeerConnected(pad.SetAuthority) // as the client takes it

	client := staticClient(t, transport, serveOver(t, m, transport))
	id, err := strconv.Atoi(strings.TrimSpace(client.WaitFor(t, "ID ", liveWait)))
	require.NoError(t, err)
	client.WaitFor(t, "DONE", liveWait)
	out := client.Output()
	assert.Contains(t, out, "PONG 6")
	assert.Contains(t, out, "HITBACK 16")
	want := gdvar.Vector2{X: float64(id % 1000), Y: 7}
	var at gdvar.Vector2
	assert.Eventually(t, func() bool { return pad.Get(".:position", &at) == nil && at == want }, liveWait, 5*time.Millisecond,
		"the client's Pad reaches %v", want)

	m.Close()
	client.Wait(t)
	assert.NotContains(t, client.Output(), "checksum")
	for _, err := range drain(errs) {
		// Until the server's OnPeerConnected has run, the client's
		// first syncs of its Pad are not its own.
		assert.ErrorIs(t, err, multiplayer.ErrNotAllowed)
		assert.Contains(t, err.Error(), "authority")
	}
}

// The Ball, hidden from the unmodified Godot 4.6 client and shown again,
// is sent its OnChange rotation anew though it did not change, as the
// engine sends every watched property to a peer it shows a synchronizer
// to: the client, which turned its Ball back to 0 itself, sees it turned
// by 1.5 again.
func TestLiveProjectStaticShownAgain(t *testing.T) {
	m := multiplayer.MustNew()
	d := declareStaticGame(t, m)
	ball, err := d.Synchronized("/root/Main/Ball")
	require.NoError(t, err)
	require.NoError(t, ball.Set(".:position", gdvar.Vector2{X: 3, Y: 4}))
	require.NoError(t, ball.Set(".:rotation", 1.5))
	client := staticClient(t, "websocket", serveOver(t, m, "websocket"), "turn")
	client.WaitFor(t, "TURNED", liveWait)
	ball.SetVisibility(0, false)
	ball.SetVisibility(0, true)
	client.WaitFor(t, "AGAIN", liveWait)
	m.Close()
	client.Wait(t)
}

// The checksum Godot 4.6 sends for Main and for Lobby/Board is the one
// Declare computed from the scripts: md5 of the @rpc names of the
// script and its base in the engine's order (code points: "Zed" first,
// "ñu" last). The Go side here declares both nodes without methods, so
// that the engine's checksum comes back in the error that refuses it.
func TestLiveProjectChecksum(t *testing.T) {
	want := declareStaticGame(t, multiplayer.MustNew())
	checksumOf := func(path string) string {
		n, err := want.Node(path)
		require.NoError(t, err)
		return n.MethodSet().Checksum()
	}
	mainSum, boardSum := checksumOf("/root/Main"), checksumOf("/root/Main/Lobby/Board")
	assert.Equal(t, multiplayer.Checksum([]string{"Zed", "alpha", "ping", "pong", "zeta", "ñu"}), mainSum)
	sorted := md5.Sum([]byte("Zed" + "alpha" + "ping" + "pong" + "zeta" + "ñu"))
	assert.Equal(t, hex.EncodeToString(sorted[:]), mainSum, "sorted by code point")
	assert.Equal(t, multiplayer.Checksum([]string{"hit", "hit_back"}), boardSum)

	m := multiplayer.MustNew()
	m.Node("/root/Main")
	m.Node("/root/Main/Lobby/Board")
	refused := make(chan error, 16)
	m.OnError(func(err error) {
		if errors.Is(err, multiplayer.ErrChecksum) {
			refused <- err
		}
	})
	client := staticClient(t, "websocket", serveOver(t, m, "websocket"))
	got := map[string]string{}
	for range 2 {
		var ce *multiplayer.ChecksumError
		select {
		case err := <-refused:
			require.ErrorAs(t, err, &ce)
		case <-time.After(liveWait):
			t.Fatalf("no checksum refused; the client: %s", client.Output())
		}
		assert.Equal(t, multiplayer.Checksum(nil), ce.Checksum, "this side declares no methods")
		got[ce.Node] = ce.PeerChecksum
	}
	m.Close()
	client.Wait(t)
	assert.Equal(t, map[string]string{"/root/Main": mainSum, "/root/Main/Lobby/Board": boardSum}, got)
}
