package fromproject

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// The project of the custom spawn live test: a spawner with no scenes,
// whose spawn_function builds a rock from the spawn's data, and the rock's
// own such spawner, of chips, over ENet with its range coder.
const customProject = "multiplayer/fromproject/testdata/custom"

// A spawn_function spawner and ENet compression, against unmodified
// Godot 4.6 peers: a Godot client prints the same rock (its name and size
// from the spawn's data, its position from the spawn's state), the same
// move, the same chip built by the rock's own spawner and the same
// despawns with the game's Godot host and with a Go host declared from
// the project with WithCustomSpawn and WithCustomSpawnIn; and a Go client
// of the Godot host is given the same data, state, move and chip.
func TestLiveCustomSpawn(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	want := []string{"SPAWNED /root/Main/Rocks/R 3 (1.0, 2.0)", "MOVED (7.0, 9.0)", "SPAWNED /root/Main/Rocks/R/Chips/C",
		"DESPAWNED C", "DESPAWNED R", "DONE"}

	host, port := listeningHost(t, engine, customProject, "udp")
	assert.Equal(t, want, customClient(t, engine, port), "the Godot host's client")
	require.NoError(t, host.Signal(os.Kill))
	assert.NotContains(t, host.Output(), "ERROR")

	m := multiplayer.MustNew()
	errs := errorsOf(m)
	game := declareCustom(t, m)
	rocks, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	var rock *multiplayer.Object
	m.OnPeerConnected(func(multiplayer.PeerID) { // main.gd's _on_peer
		var err error
		data := map[string]any{"name": "R", "size": int64(3), "at": gdvar.Vector2{X: 1, Y: 2}}
		rock, err = rocks.SpawnCustom("res://rock.tscn", "R", data, map[string]any{".:position": gdvar.Vector2{X: 1, Y: 2}})
		assert.NoError(t, err)
	})
	require.NoError(t, game.Handle("/root/Main", "seen", func(*multiplayer.Call) error {
		return rock.Set(".:position", gdvar.Vector2{X: 7, Y: 9})
	}))
	require.NoError(t, game.Handle("/root/Main", "moved", func(*multiplayer.Call) error {
		_, err := rock.SpawnerAt("Chipper").SpawnCustom("res://chip.tscn", "C", "C", nil)
		return err
	}))
	require.NoError(t, game.Handle("/root/Main", "chipped", func(*multiplayer.Call) error { return rock.Despawn() }))
	assert.Equal(t, want, customClient(t, engine, serveCompressed(t, m)), "the Go host's client")
	m.Close()
	assert.Empty(t, drain(errs))

	host, port = listeningHost(t, engine, customProject, "udp")
	goCustomClient(t, port)
	require.NoError(t, host.Signal(os.Kill))
	assert.NotContains(t, host.Output(), "ERROR")
}

// declareCustom declares the test's project on m, naming the scene its
// spawn_function builds.
func declareCustom(t *testing.T, m *multiplayer.Multiplayer) *Scene {
	p, err := project.Open("testdata/custom")
	require.NoError(t, err)
	game, err := Declare(m, p, "res://main.tscn", WithCustomSpawn("/root/Main/Spawner", "res://rock.tscn"),
		WithCustomSpawnIn("res://rock.tscn", "Chipper", "res://chip.tscn"))
	require.NoError(t, err)
	return game
}

// serveCompressed serves m over ENet with its range coder on a free
// loopback port until the test ends, and returns the port.
func serveCompressed(t *testing.T, m *multiplayer.Multiplayer) string {
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	port := strconv.Itoa(godot.FreePort(t, "udp"))
	go func() {
		served <- m.ListenAndServeENet(ctx, "127.0.0.1:"+port, enet.WithCompression(enet.CompressRangeCoder))
	}()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-served)
	})
	return port
}

// customClient runs the test's Godot client against the host on port
// and returns the lines it printed of its rock.
func customClient(t *testing.T, engine, port string) []string {
	return clientLines(t, engine, customProject, port, "SPAWNED", "MOVED", "DESPAWNED", "DONE")
}

// goCustomClient is main.gd's client in Go, against the Godot host on
// port, over compressed ENet: the rock comes with the spawn's data and
// state, moves when the host is told it was seen, gets a chip when the
// host is told it moved, and goes, the chip first, when the host is told
// of the chip.
func goCustomClient(t *testing.T, port string) {
	m := multiplayer.MustNew()
	defer m.Close()
	errs := errorsOf(m)
	game := declareCustom(t, m)
	rocks, err := game.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	main, err := game.Node("/root/Main")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	defer cancel()
	spawned, despawned := make(chan *multiplayer.Object, 2), make(chan string, 2)
	rocks.OnSpawn(func(o *multiplayer.Object) {
		chipper := o.SpawnerAt("Chipper")
		chipper.OnSpawn(func(o *multiplayer.Object) { spawned <- o })
		chipper.OnDespawn(func(o *multiplayer.Object) { despawned <- o.Name() })
		spawned <- o
	})
	rocks.OnDespawn(func(o *multiplayer.Object) { despawned <- o.Name() })
	next := func(c <-chan *multiplayer.Object) *multiplayer.Object {
		select {
		case o := <-c:
			return o
		case <-ctx.Done():
			t.Fatal("no spawn")
			return nil
		}
	}
	require.Eventually(t, func() bool {
		try, stop := context.WithTimeout(ctx, 5*time.Second)
		defer stop()
		return m.ConnectENet(try, "127.0.0.1:"+port, enet.WithCompression(enet.CompressRangeCoder)) == nil
	}, liveWait, 50*time.Millisecond, "cannot connect to the Godot host")

	rock := next(spawned)
	assert.Equal(t, "/root/Main/Rocks/R", rock.Path())
	var data map[string]any
	require.NoError(t, rock.Data(&data))
	assert.Equal(t, map[string]any{"name": "R", "size": int64(3), "at": gdvar.Vector2{X: 1, Y: 2}}, data)
	position := func() gdvar.Vector2 {
		var at gdvar.Vector2
		assert.NoError(t, rock.Get(".:position", &at))
		return at
	}
	assert.Equal(t, gdvar.Vector2{X: 1, Y: 2}, position())
	require.NoError(t, main.Call(multiplayer.ServerID, "seen"))
	require.Eventually(t, func() bool { return position() == gdvar.Vector2{X: 7, Y: 9} }, liveWait, 10*time.Millisecond)
	require.NoError(t, main.Call(multiplayer.ServerID, "moved"))
	chip := next(spawned)
	assert.Equal(t, "/root/Main/Rocks/R/Chips/C", chip.Path())
	var name string
	require.NoError(t, chip.Data(&name))
	assert.Equal(t, "C", name)
	require.NoError(t, main.Call(multiplayer.ServerID, "chipped"))
	for _, want := range []string{"C", "R"} {
		select {
		case name := <-despawned:
			assert.Equal(t, want, name)
		case <-ctx.Done():
			t.Fatalf("%s was not despawned", want)
		}
	}
	assert.Empty(t, drain(errs))
}
