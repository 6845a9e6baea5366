package fromproject

import (
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
)

// The game of the mixed-ownership live test: the tutorials' player,
// whose root's synchronizer the server keeps (position, health) and
// whose Inputs, with a synchronizer of their own, its peer owns from
// _enter_tree.
const mixedProject = "multiplayer/fromproject/testdata/mixed"

// Mixed ownership within one spawned scene, over each transport: two
// unmodified Godot 4.6 clients of the game, with its own Godot host (the
// baseline) and then with a Go host declared from its project, which
// spawns each player with its Inputs owned by its peer
// (SpawnWithOwners) and moves it by them. With either host, each client
// sees both players move, the other's Inputs relayed, its own health
// lowered by its jump (an Authority method of its Inputs) and each
// player's Badge turned (the server's synchronizer of another node than
// the root, which the spawn does not list), and prints no error line the Godot host's clients do not; the Go host
// reports no error, and took in each peer's input.
func TestLiveMixedOwnership(t *testing.T) {
	for _, transport := range transports {
		t.Run(transport, func(t *testing.T) {
			t.Setenv("GDVAR_TRANSPORT", transport)
			liveMixedOwnership(t, transport)
		})
	}
}

func liveMixedOwnership(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	clients := func(port string) []string {
		a := godot.StartProject(t, engine, mixedProject, "client", port, transport)
		b := godot.StartProject(t, engine, mixedProject, "client", port, transport)
		return []string{a.Wait(t), b.Wait(t)}
	}
	network := "tcp"
	if transport == "enet" {
		network = "udp"
	}
	port := strconv.Itoa(godot.FreePort(t, network))
	host := godot.StartProject(t, engine, mixedProject, "host", port, transport)
	host.WaitFor(t, "HOST", liveWait)
	withGodot := clients(port)
	hostOut := host.Wait(t)

	g := newMixedHost(t)
	outs := clients(serveOver(t, g.m, transport))
	for i, out := range outs {
		id, other := godot.Line(t, out, "ID "), godot.Line(t, outs[1-i], "ID ")
		for _, want := range []string{"DONE", "MOVED " + id, "MOVED " + other, "INPUT " + other, "HURT 90", "SPAWNED " + id + " 100", "BADGE " + id, "BADGE " + other} {
			assert.Contains(t, out, want)
		}
		assert.Subset(t, errorLines(withGodot...), errorLines(out), "errors the clients of the Godot host do not print")
	}
	for _, out := range withGodot {
		assert.Contains(t, out, "DONE", "with the Godot host")
	}
	assert.Empty(t, errorLines(hostOut), "the Godot host")
	assert.Empty(t, g.errors())
	g.mu.Lock()
	assert.Len(t, g.steered, 2, "the host took in each peer's input")
	g.mu.Unlock()
}

// mixedHost is the Go host of the mixed-ownership game: main.gd's and
// player.gd's host logic.
type mixedHost struct {
	*corpusGame
	steered map[string]bool // the players whose input came (under mu)
}

// newMixedHost declares the game's project on a new Multiplayer and
// ports its host: a player per peer, its Inputs the peer's; each moved
// by its Inputs every 16 ms, as player.gd's _physics_process; 10 of its
// health taken for each jump; closed once both clients are done.
func newMixedHost(t *testing.T) *mixedHost {
	g := &mixedHost{corpusGame: newGameAt(t, "testdata/mixed", "res://main.tscn"), steered: map[string]bool{}}
	const scene = "res://player.tscn"
	players, err := g.game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	g.m.OnPeerConnected(func(id multiplayer.PeerID) { // main.gd's _add_player
		o, err := players.SpawnWithOwners(scene, strconv.Itoa(int(id)), multiplayer.Owners{"Inputs": id}, // player.gd's _enter_tree
			map[string]any{".:position": gdvar.Vector2{}, ".:health": int64(100)})
		if assert.NoError(t, err) {
			assert.NoError(t, o.Set("Badge:rotation", 1.5)) // player.gd's _ready
		}
	})
	g.m.OnPeerDisconnected(func(id multiplayer.PeerID) { // _remove_player
		for _, o := range players.Objects() {
			if o.Name() == strconv.Itoa(int(id)) {
				assert.NoError(t, o.Despawn())
			}
		}
	})
	players.Handle(scene, "Inputs", "jump", func(c *multiplayer.Call) error { // inputs.gd's jump
		for _, o := range players.Objects() {
			if o.Child("Inputs") == c.Node {
				var health int64
				if err := o.Get(".:health", &health); err != nil {
					return err
				}
				return o.Set(".:health", health-10)
			}
		}
		return nil
	})
	var dones atomic.Int32 // each client's connection calls on its own goroutine
	require.NoError(t, g.game.Handle("/root/Main", "done", func(*multiplayer.Call) {
		if dones.Add(1) == 2 {
			go func() {
				time.Sleep(500 * time.Millisecond) // the last syncs land
				g.m.Close()
			}()
		}
	}))
	go g.move(players)
	return g
}

// move moves each player by its Inputs' direction, 2 a frame at 60
// frames a second, until the host closes.
func (g *mixedHost) move(players *multiplayer.Spawner) {
	tick := time.NewTicker(time.Second / 60)
	defer tick.Stop()
	for {
		select {
		case <-g.m.Done():
			return
		case <-tick.C:
		}
		for _, o := range players.Objects() {
			var dir, at gdvar.Vector2
			if o.Get("Inputs:direction", &dir) != nil || o.Get(".:position", &at) != nil {
				continue
			}
			if dir != (gdvar.Vector2{}) {
				g.mu.Lock()
				g.steered[o.Name()] = true
				g.mu.Unlock()
			}
			_ = o.Set(".:position", gdvar.Vector2{X: at.X + 2*dir.X, Y: at.Y + 2*dir.Y})
		}
	}
}
