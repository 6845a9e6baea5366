package fromproject

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// A Go server built from a project whose spawned player has @rpc methods
// below its root (Body/Gun's, and those of its synchronizer Input, as
// tps-demo's player) serves its unmodified Godot 4.6 client, over each
// transport: the server's call of hit on the client's Gun arrives, the
// client's jump and fires reach the handlers Spawner.Handle set for the
// scene's nodes, each answered with a hit; the first call each way names the node by path,
// the next by cache id.
func TestLiveSpawnedChildren(t *testing.T) {
	overTransports(t, liveSpawnedChildren)
}

func liveSpawnedChildren(t *testing.T, transport string) {
	engine := godot.Require(t, godot.Godot4)
	p, err := project.Open("testdata/spawnchild")
	require.NoError(t, err)
	m := multiplayer.MustNew()
	d, err := Declare(m, p, "res://main.tscn")
	require.NoError(t, err)
	players, err := d.Spawner("/root/Main/Spawner")
	require.NoError(t, err)
	errs := errorsOf(m)
	fired, jumped := make(chan int64, 8), make(chan multiplayer.PeerID, 8)
	players.Handle("res://player.tscn", "Body/Gun", "fire", func(c *multiplayer.Call, n int64) error {
		fired <- n
		return c.Node.Call(c.From, "hit", 10*n)
	})
	players.Handle("res://player.tscn", "Input", "jump", func(c *multiplayer.Call) { jumped <- c.From })
	m.OnPeerConnected(func(id multiplayer.PeerID) {
		o, err := players.Spawn("res://player.tscn", strconv.Itoa(int(id)), map[string]any{".:position": gdvar.Vector2{}})
		if assert.NoError(t, err) {
			assert.NoError(t, o.Child("Body/Gun").Call(id, "hit", 0))
		}
	})

	args := []string{"client", serveOver(t, m, transport)}
	if transport == "enet" {
		args = append(args, "enet")
	}
	client := godot.StartProject(t, engine, "multiplayer/fromproject/testdata/spawnchild", args...)
	client.WaitFor(t, "DONE", liveWait)
	out := client.Output()
	for _, want := range []string{"HIT 0", "HIT 10", "HIT 20", "HIT 30"} {
		assert.Contains(t, out, want)
	}
	require.Len(t, jumped, 1, "the client: %s", out)
	assert.Equal(t, []int64{1, 2, 3}, []int64{<-fired, <-fired, <-fired})
	m.Close()
	client.Wait(t)
	assert.NotContains(t, client.Output(), "ERROR")
	assert.Empty(t, drain(errs))
}
