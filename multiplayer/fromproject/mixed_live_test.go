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
	overTransports(t, liveMixedOwnership)
}

func liveMixedOwnership(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	clients := func(port string) []string {
		a := godot.StartProject(t, engine, mixedProject, "client", port, transport)
		b := godot.StartProject(t, engine, mixedProject, "client", port, transport)
		return []string{a.Wait(t), b.Wait(t)}
	}
	port := strconv.Itoa(freePortFor(t, transport))
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

// A Go client of the game's own Godot host, over each transport, beside
// an unmodified Godot client: the engine's spawn lists the server's
// root synchronizer alone, which the Go client takes as such; the Go
// client takes its Inputs as the game's _enter_tree does
// (SetAuthorityAt), walks by them and jumps; it sees its player moved
// and hurt by the host, its Badge turned and the other's Inputs relayed,
// and the Godot client sees as much of the Go client's player; no side
// reports an error.
func TestLiveMixedOwnershipGoClient(t *testing.T) {
	overTransports(t, liveMixedOwnershipGoClient)
}

func liveMixedOwnershipGoClient(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	port := freePortFor(t, transport)
	host := godot.StartProject(t, engine, mixedProject, "host", strconv.Itoa(port), transport)
	host.WaitFor(t, "HOST", liveWait)

	g := newGameAt(t, "testdata/mixed", "res://main.tscn")
	players, err := g.game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	spawned := make(chan *multiplayer.Object, 4)
	players.OnSpawn(func(o *multiplayer.Object) {
		if id, err := strconv.Atoi(o.Name()); assert.NoError(t, err) {
			assert.NoError(t, o.SetAuthorityAt("Inputs", multiplayer.PeerID(id))) // player.gd's _enter_tree
		}
		spawned <- o
	})
	connectOver(t, g.m, transport, port)
	other := godot.StartProject(t, engine, mixedProject, "client", strconv.Itoa(port), transport)
	me := strconv.Itoa(int(g.m.ID()))
	var mine, theirs *multiplayer.Object
	for mine == nil || theirs == nil {
		select {
		case o := <-spawned:
			if o.Name() == me {
				mine = o
				require.NoError(t, o.Set("Inputs:direction", gdvar.Vector2{X: 1})) // inputs.gd
				require.NoError(t, o.Child("Inputs").Call(multiplayer.ServerID, "jump"))
			} else {
				theirs = o
			}
		case <-time.After(liveWait):
			t.Fatalf("players spawned: mine %v, the other's %v", mine != nil, theirs != nil)
		}
	}
	seen := func(o *multiplayer.Object, prop string, ok func(v any) bool) bool {
		var v any
		return o.Get(prop, &v) == nil && ok(v)
	}
	assert.Eventually(t, func() bool {
		return seen(mine, ".:position", func(v any) bool { return v.(gdvar.Vector2).X > 50 }) &&
			seen(mine, ".:health", func(v any) bool { return v == int64(90) }) &&
			seen(mine, "Badge:rotation", func(v any) bool { return v.(float64) > 1 }) &&
			seen(theirs, "Inputs:direction", func(v any) bool { return v == gdvar.Vector2{X: 1} })
	}, liveWait, 10*time.Millisecond, "moved, hurt, badge turned, the other's Inputs")
	other.WaitFor(t, "DONE", liveWait)
	for _, want := range []string{"MOVED " + me, "INPUT " + me, "BADGE " + me} {
		assert.Contains(t, other.Output(), want)
	}
	require.NoError(t, g.m.Lookup("/root/Main").Call(multiplayer.ServerID, "done")) // main.gd's done: the host quits
	other.Wait(t)
	assert.Empty(t, errorLines(host.Wait(t), other.Output()))
	assert.Empty(t, g.errors())
}

// freePortFor returns a free loopback port for a Godot host over a
// transport: TCP for WebSocket, UDP for ENet.
func freePortFor(t *testing.T, transport string) int {
	if transport == "enet" {
		return godot.FreePort(t, "udp")
	}
	return godot.FreePort(t, "tcp")
}
