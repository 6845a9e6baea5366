package fromproject

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// The project of the nested spawners' live test: a ship whose Weapon/Gun
// spawns under the ship and whose Wreck spawns outside it.
const nestedProject = "multiplayer/fromproject/testdata/nested"

// The spawns and despawns an unmodified Godot 4.6 client prints, the
// same with a Godot host and a Go host built from the project: the ship,
// then a shot through each of its spawners, one below it and one
// outside; when the ship is freed, the nodes its spawners spawned are
// despawned first, the one outside the ship too (the engine's spawner
// leaving the tree despawns what it spawned, and leaves it in the host's
// tree), the last spawner's first, and none is left on the client. And a Go client of the Godot host takes the same
// spawns and despawns from the ship's spawners.
func TestLiveNestedSpawners(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	want := []string{"SPAWNED /root/Main/Players/A", "SPAWNED /root/Main/Players/A/Shots/S", "SPAWNED /root/Main/Debris/D",
		"DESPAWNED D", "DESPAWNED S", "DESPAWNED A", "LEFT 0", "DONE"}

	host, port := listeningHost(t, engine, nestedProject, "tcp")
	withGodot := nestedClient(t, engine, port)
	host.WaitFor(t, "HOST LEFT", liveWait)
	require.NoError(t, host.Signal(os.Kill))
	assert.Contains(t, host.Output(), "HOST LEFT 1", "the Wreck's node, untracked, stays in the host's tree")
	assert.Equal(t, want, withGodot, "the Godot host's client")

	m := multiplayer.MustNew()
	errs := errorsOf(m)
	game := declareNested(t, m)
	players, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	var ship *multiplayer.Object
	m.OnPeerConnected(func(multiplayer.PeerID) { // main.gd's _on_peer
		var err error
		ship, err = players.Spawn("res://ship.tscn", "A", nil)
		if !assert.NoError(t, err) {
			return
		}
		at := map[string]any{".:position": gdvar.Vector2{}}
		_, err = ship.SpawnerAt("Weapon/Gun").Spawn("res://shot.tscn", "S", at)
		assert.NoError(t, err)
		_, err = ship.SpawnerAt("Wreck").Spawn("res://shot.tscn", "D", at)
		assert.NoError(t, err)
	})
	require.NoError(t, game.Handle("/root/Main", "seen_both", func(*multiplayer.Call) error { return ship.Despawn() }))
	withGo := nestedClient(t, engine, serveOver(t, m, "websocket"))
	assert.Equal(t, withGodot, withGo, "the Go host's client, as the Godot host's")
	m.Close()
	assert.Empty(t, drain(errs))

	host, port = listeningHost(t, engine, nestedProject, "tcp")
	assert.Equal(t, want[:len(want)-2], goNestedClient(t, port), "a Go client of the Godot host")
	require.NoError(t, host.Signal(os.Kill))
	assert.NotContains(t, host.Output(), "ERROR")
}

// declareNested declares the test's project on m.
func declareNested(t *testing.T, m *multiplayer.Multiplayer) *Scene {
	p, err := project.Open("testdata/nested")
	require.NoError(t, err)
	game, err := Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	return game
}

// nestedClient runs the test's Godot client against the host on port
// and returns the lines it printed of what its spawners did.
func nestedClient(t *testing.T, engine, port string) []string {
	return clientLines(t, engine, nestedProject, port, "SPAWNED", "DESPAWNED", "LEFT", "DONE")
}

// goNestedClient is main.gd's client in Go, against the Godot host on
// port: it returns what its spawners did, until the ship went (the
// spawns' events come on one goroutine, the connection's).
func goNestedClient(t *testing.T, port string) []string {
	m := multiplayer.MustNew()
	defer m.Close()
	errs := errorsOf(m)
	game := declareNested(t, m)
	players, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	main, err := game.Node("/root/Main")
	require.NoError(t, err)
	events := make(chan string, 16)
	seen := 0
	watch := func(s *multiplayer.Spawner) {
		s.OnSpawn(func(o *multiplayer.Object) {
			events <- "SPAWNED " + o.Path()
			if seen++; seen == 2 {
				assert.NoError(t, main.Call(multiplayer.ServerID, "seen_both"))
			}
		})
		s.OnDespawn(func(o *multiplayer.Object) { events <- "DESPAWNED " + o.Name() })
	}
	players.OnSpawn(func(o *multiplayer.Object) {
		events <- "SPAWNED " + o.Path()
		watch(o.SpawnerAt("Weapon/Gun"))
		watch(o.SpawnerAt("Wreck"))
	})
	players.OnDespawn(func(o *multiplayer.Object) {
		events <- "DESPAWNED " + o.Name()
		close(events)
	})
	n, err := strconv.Atoi(port)
	require.NoError(t, err)
	connectOver(t, m, "websocket", n)
	var got []string
	timeout := time.After(liveWait)
	for {
		select {
		case e, ok := <-events:
			if !ok {
				assert.Empty(t, drain(errs))
				return got
			}
			got = append(got, e)
		case <-timeout:
			t.Fatalf("after %v, the Go client saw only %q", liveWait, got)
		}
	}
}
