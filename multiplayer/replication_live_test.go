package multiplayer

import (
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// The game of examples/mpspawn, whose Godot project the live tests run.
const gameProject = "examples/mpspawn/godot"

// declareGame declares the game's spawner, as its main.tscn and
// player.tscn do, with extra properties after the game's.
func declareGame(m *Multiplayer, extra ...Property) *Spawner {
	return m.Spawner("/root/Main/Spawner", SpawnerConfig{
		SpawnPath: "/root/Main/Players",
		Scenes: []SpawnableScene{{Path: testScene, Synchronizers: []Synchronizer{{
			Path: "Sync",
			Properties: append([]Property{
				{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways},
				{Path: propColor, Spawn: true},
			}, extra...),
		}}}},
	})
}

// gameClient runs the game's Godot client over a transport; walk and mode
// are its test arguments (see main.gd).
func gameClient(t *testing.T, transport string, port int, walk, mode string) *godot.Process {
	args := []string{"client", "127.0.0.1", strconv.Itoa(port), "walk", walk, mode}
	if transport == "enet" {
		args = append(args, "enet")
	}
	return godot.StartProject(t, godot.Require(t, godot.Godot4), gameProject, args...)
}

// target is where a player of the game walks to (main.gd's _target).
func target(id PeerID) gdvar.Vector2 { return gdvar.Vector2{X: float64(id % 1000), Y: 100} }

// A Go client joins the game's Godot server, over each transport, and
// plays as player.gd does: each player is its peer's, and it walks its
// own to its target. A Godot client joins after it: each sees the other's
// player spawn and arrive, the Go client with the color the engine gave
// it. When the Go client leaves, the engine despawns its player on the
// Godot client. The Godot client prints one error, the engine's own: the
// Go client's player is spawned on it without state.
func TestLiveGodotServerSpawns(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		engine := godot.Require(t, godot.Godot4)
		network := "tcp"
		if transport == "enet" {
			network = "udp"
		}
		port := godot.FreePort(t, network)
		args := []string{"server", strconv.Itoa(port)}
		if transport == "enet" {
			args = append(args, "enet")
		}
		engineServer := godot.StartProject(t, engine, gameProject, args...)

		m := MustNew()
		players := declareGame(m)
		errs := &errorLog{}
		m.OnError(errs.add)
		spawned := make(chan *Object, 8)
		players.OnSpawn(func(o *Object) {
			id, err := strconv.Atoi(o.Name())
			assert.NoError(t, err)
			o.SetAuthority(PeerID(id)) // as player.gd's _ready
			spawned <- o
		})
		connectOver(t, m, transport, port)
		defer m.Close()
		self := m.ID()
		mine := next(t, spawned)
		require.Equal(t, name(self), mine.Name(), "the Go client's own player comes first")
		require.NoError(t, mine.Set(propPos, target(self)))

		other := gameClient(t, transport, port, "2", "stay")
		otherID := PeerID(must(strconv.Atoi(strings.TrimSpace(other.WaitFor(t, "ID ", liveWait)))))
		theirs := next(t, spawned)
		require.Equal(t, name(otherID), theirs.Name())
		other.WaitFor(t, "ALL", liveWait) // it saw the Go client's player arrive
		eventually(t, theirs, propPos, target(otherID))
		var color gdvar.Color
		require.NoError(t, theirs.Get(propColor, &color))
		own := other.WaitFor(t, "SPAWNED "+name(otherID)+" ", liveWait)
		assert.Equal(t, strings.Fields(own)[0], html(color), "the engine's color, as the Godot client got it")

		m.Close()
		other.WaitFor(t, "DESPAWNED "+name(self), liveWait)
		other.Wait(t)
		for _, l := range strings.Split(other.Output(), "\n") {
			if strings.Contains(l, "ERROR") {
				// The engine's own: a Godot server sends a late joiner no
				// state for a player it no longer owns (the Go server does).
				// Its standard error may be cut by a line of standard output
				// after "since it".
				assert.Contains(t, l, "is unable to process the pending spawn since it")
			}
		}
		for _, err := range errs.get() {
			// Until the engine hands a player to its peer (a frame after
			// the spawn), it may sync it itself.
			assert.ErrorIs(t, err, ErrNotAllowed)
			assert.Contains(t, err.Error(), "authority")
		}
		t.Logf("%d syncs refused; the engine server printed:\n%s", len(errs.get()), engineServer.Output())
	})
}

// html is Color.to_html(false).
func html(c gdvar.Color) string {
	hex := func(v float32) int { return min(255, max(0, int(math.Round(float64(v*255))))) }
	return fmt.Sprintf("%02x%02x%02x", hex(c.R), hex(c.G), hex(c.B))
}
