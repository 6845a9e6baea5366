package multiplayer

import (
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ticks is how many times m's replication has ticked.
func ticks(m *Multiplayer) int64 {
	m.repl.mu.Lock()
	defer m.repl.mu.Unlock()
	return m.repl.ticks
}

// A server whose client owns every synchronizer does not tick (a small
// match's server would else wake each tick for nothing), and ticks again,
// syncing, once it owns one: taken back, or a node of its own spawned.
func TestReplicationWaitsWhileOwningNone(t *testing.T) {
	m := MustNew(WithReplicationTick(time.Millisecond))
	players := declarePlayers(m)
	port := serve(t, m)
	client := newReplicaClient(t, "ws", port)
	id := client.m.ID()
	theirs, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	theirs.SetAuthority(id)
	select {
	case <-client.spawned:
	case <-time.After(10 * time.Second):
		t.Fatal("no spawn")
	}

	// The ticks the spawn and the handover woke end within a second.
	require.Eventually(t, func() bool {
		before := ticks(m)
		time.Sleep(100 * time.Millisecond)
		return ticks(m) == before
	}, 10*time.Second, time.Millisecond, "ticks while owning nothing")

	ours, err := players.Spawn(testScene, "server", map[string]any{propPos: gdvar.Vector2{X: 7}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	before := ticks(m)
	var mirror *Object
	for mirror == nil || mirror.Name() != "server" {
		select {
		case mirror = <-client.spawned:
		case <-time.After(10 * time.Second):
			t.Fatal("no spawn of the server's own")
		}
	}
	require.NoError(t, ours.Set(propPos, gdvar.Vector2{X: 9}))
	eventually(t, mirror, propPos, gdvar.Vector2{X: 9})
	assert.Greater(t, ticks(m), before, "ticking again")
}
