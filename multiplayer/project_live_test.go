package multiplayer

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// The game of the live project tests: a main scene whose script extends
// another, a synchronized Ball the server moves and a Pad its client
// moves (nodes no spawner made), and an instanced scene whose Board
// declares RPCs.
const staticProject = "multiplayer/testdata/game"

// declareStaticGame declares the test game from its project alone.
func declareStaticGame(t *testing.T, m *Multiplayer) *ProjectScene {
	p, err := project.Open("testdata/game")
	require.NoError(t, err)
	d, err := m.DeclareProject(p, "res://main.tscn")
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
	overTransports(t, func(t *testing.T, transport string) {
		m := MustNew()
		d := declareStaticGame(t, m)
		errs := &errorLog{}
		m.OnError(errs.add)
		require.NoError(t, d.Handle("/root/Main", "ping", func(c *Call, n int64) error { return c.Reply("pong", n+1) }))
		require.NoError(t, d.Handle("/root/Main/Lobby/Board", "hit", func(c *Call, n int64) error { return c.Reply("hit_back", 2*n) }))
		ball, err := d.Synchronized("/root/Main/Ball")
		require.NoError(t, err)
		require.NoError(t, ball.Set(".:position", gdvar.Vector2{X: 3, Y: 4}))
		require.NoError(t, ball.Set(".:rotation", 1.5))
		pad, err := d.Synchronized("/root/Main/Pad")
		require.NoError(t, err)
		m.OnPeerConnected(pad.SetAuthority) // as the client takes it

		client := staticClient(t, transport, serveOver(t, m, transport))
		id := must(strconv.Atoi(strings.TrimSpace(client.WaitFor(t, "ID ", liveWait))))
		client.WaitFor(t, "DONE", liveWait)
		out := client.Output()
		assert.Contains(t, out, "PONG 6")
		assert.Contains(t, out, "HITBACK 16")
		eventually(t, pad, ".:position", gdvar.Vector2{X: float64(id % 1000), Y: 7})

		m.Close()
		client.Wait(t)
		assert.NotContains(t, client.Output(), "checksum")
		for _, err := range errs.get() {
			// Until the server's OnPeerConnected has run, the client's
			// first syncs of its Pad are not its own.
			assert.ErrorIs(t, err, ErrNotAllowed)
			assert.Contains(t, err.Error(), "authority")
		}
	})
}

// The Ball, hidden from the unmodified Godot 4.6 client and shown again,
// is sent its OnChange rotation anew though it did not change, as the
// engine sends every watched property to a peer it shows a synchronizer
// to: the client, which turned its Ball back to 0 itself, sees it turned
// by 1.5 again.
func TestLiveProjectStaticShownAgain(t *testing.T) {
	m := MustNew()
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
// DeclareProject computed from the scripts: md5 of the @rpc names of the
// script and its base in the engine's order (code points: "Zed" first,
// "ñu" last). The Go side here declares both nodes without methods, so
// that the engine's checksum comes back in the error that refuses it.
func TestLiveProjectChecksum(t *testing.T) {
	want := declareStaticGame(t, MustNew())
	mainSum := want.nodes["/root/Main"].node.methods.checksum
	boardSum := want.nodes["/root/Main/Lobby/Board"].node.methods.checksum
	assert.Equal(t, Checksum([]string{"Zed", "alpha", "ping", "pong", "zeta", "ñu"}), mainSum)
	assert.Equal(t, checksum([]string{"Zed", "alpha", "ping", "pong", "zeta", "ñu"}), mainSum, "sorted by code point")
	assert.Equal(t, Checksum([]string{"hit", "hit_back"}), boardSum)

	m := MustNew()
	m.Node("/root/Main")
	m.Node("/root/Main/Lobby/Board")
	refused := make(chan error, 16)
	m.OnError(func(err error) {
		if errors.Is(err, ErrChecksum) {
			refused <- err
		}
	})
	client := staticClient(t, "websocket", serveOver(t, m, "websocket"))
	got := map[string]string{}
	for range 2 {
		var ce *ChecksumError
		require.ErrorAs(t, next(t, refused), &ce)
		assert.Equal(t, Checksum(nil), ce.Checksum, "this side declares no methods")
		got[ce.Node] = ce.PeerChecksum
	}
	m.Close()
	client.Wait(t)
	assert.Equal(t, map[string]string{"/root/Main": mainSum, "/root/Main/Lobby/Board": boardSum}, got)
}
