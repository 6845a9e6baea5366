package multiplayer

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// A Go client's sendForgedSpawn to the game's Godot 4.6 server, whose spawner
// is the server's: the engine refuses it as a spawn from a peer that is
// not the spawner's authority (ERR_UNAUTHORIZED), and prints that, once
// for each spawn; the client is not dropped, and its own player is still
// served: a late Godot client sees it arrive, and no forged node.
func TestLiveGodotRefusesForgedSpawn(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	port := godot.FreePort(t, "tcp")
	engineServer := godot.StartProject(t, engine, gameProject, "server", strconv.Itoa(port))
	m := MustNew()
	players := declareGame(m)
	spawned := make(chan *Object, 8)
	players.OnSpawn(func(o *Object) {
		id, err := strconv.Atoi(o.Name())
		assert.NoError(t, err)
		o.SetAuthority(PeerID(id)) // as player.gd's _ready
		spawned <- o
	})
	connectOver(t, m, "websocket", port)
	defer m.Close()
	mine := next(t, spawned)
	require.Equal(t, name(m.ID()), mine.Name())
	require.NoError(t, mine.Set(propPos, target(m.ID())))

	const refusal = `ERROR: Condition "p_from != spawner->get_multiplayer_authority()" is true. Returning: ERR_UNAUTHORIZED`
	require.NoError(t, players.sendForgedSpawn(testScene, "Forged", forgedState))
	engineServer.WaitFor(t, refusal, liveWait)
	require.NoError(t, players.sendForgedSpawn(testScene, "Forged", forgedState))
	other := gameClient(t, "websocket", port, "2", "leave")
	other.WaitFor(t, "ALL", liveWait) // both players arrived, the Go client's too
	other.Wait(t)
	assert.NotContains(t, other.Output(), "SPAWNED Forged")
	assert.Equal(t, 2, strings.Count(engineServer.Output(), refusal), "the engine server printed:\n%s", engineServer.Output())
	t.Logf("the engine server printed:\n%s", engineServer.Output())
}
