package multiplayer

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// A Private synchronizer beside a public one in a spawned scene, as a
// player whose PlayerInput's synchronizer is shown to the host alone
// (BatteryAcid__godot-authority-2): the node is spawned on every peer,
// as the engine spawns a node on the peers one of its synchronizers is
// visible to, and the public synchronizer syncs to them; the Private one
// syncs only to a peer shown the node (SetVisibility), and to every peer
// once the node is shown to all.
func TestPrivateSynchronizerOfPublicNode(t *testing.T) {
	const propDir = "PlayerInput:input_dir"
	declare := func(m *Multiplayer) *Spawner {
		return m.Spawner("/root/Main/Spawner", SpawnerConfig{
			SpawnPath: "/root/Main/Players",
			Scenes: []SpawnableScene{{Path: testScene, Synchronizers: []Synchronizer{
				{Path: "Sync", Properties: []Property{{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways}}},
				{Path: "PlayerInput/Sync", Private: true, Properties: []Property{{Path: propDir, Replicate: mode.ReplicateAlways}}},
			}}},
		})
	}
	server := MustNew(WithReplicationTick(5 * time.Millisecond))
	sp := declare(server)
	port := serve(t, server)
	a, b := newReplicaClientOf(t, "websocket", port, declare), newReplicaClientOf(t, "websocket", port, declare)
	require.Eventually(t, func() bool { return len(server.Peers()) == 2 }, 10*time.Second, time.Millisecond)

	ship, err := sp.Spawn(testScene, "1", map[string]any{propPos: gdvar.Vector2{}})
	require.NoError(t, err)
	require.NoError(t, ship.Set(propDir, gdvar.Vector2{X: -1}))
	onA, onB := next(t, a.spawned), next(t, b.spawned)
	require.NoError(t, ship.Set(propPos, gdvar.Vector2{X: 5}))
	eventually(t, onA, propPos, gdvar.Vector2{X: 5})
	eventually(t, onB, propPos, gdvar.Vector2{X: 5})
	time.Sleep(100 * time.Millisecond) // 20 ticks
	var dir gdvar.Vector2
	assert.Error(t, onA.Get(propDir, &dir), "the Private synchronizer syncs to no peer")
	assert.Error(t, onB.Get(propDir, &dir))

	ship.SetVisibility(a.m.ID(), true)
	eventually(t, onA, propDir, gdvar.Vector2{X: -1})
	time.Sleep(100 * time.Millisecond)
	assert.Error(t, onB.Get(propDir, &dir), "shown to a alone")
	ship.SetVisibility(0, true)
	eventually(t, onB, propDir, gdvar.Vector2{X: -1})
	assert.Empty(t, a.despawned)
	assert.Empty(t, b.despawned)
}

// A Private synchronizer beside a public one on a node no spawner made
// (Synchronized), as the engine syncs each synchronizer of such a node to
// the peers it alone is visible to: the public one syncs to every peer,
// the Private one to none until the node is shown to a peer
// (SetVisibility), then to that peer alone.
func TestPrivateSynchronizerOfStaticNode(t *testing.T) {
	const propAim = "Aim:rotation"
	declare := func(m *Multiplayer) *Object {
		return m.Synchronized("/root/Main/Turret",
			Synchronizer{Path: "Sync", Properties: []Property{{Path: propPos, Replicate: mode.ReplicateAlways}}},
			Synchronizer{Path: "Aim/Sync", Private: true, Properties: []Property{{Path: propAim, Replicate: mode.ReplicateAlways}}})
	}
	server := MustNew(WithReplicationTick(5 * time.Millisecond))
	turret := declare(server)
	require.NoError(t, turret.Set(propPos, gdvar.Vector2{X: 5}))
	require.NoError(t, turret.Set(propAim, 1.5))
	port := serve(t, server)
	connect := func() (*Multiplayer, *Object) {
		m := MustNew(WithReplicationTick(5 * time.Millisecond))
		o := declare(m)
		connectOver(t, m, "websocket", must(strconv.Atoi(port)))
		t.Cleanup(func() { m.Close() })
		return m, o
	}
	a, onA := connect()
	_, onB := connect()
	eventually(t, onA, propPos, gdvar.Vector2{X: 5})
	eventually(t, onB, propPos, gdvar.Vector2{X: 5})
	time.Sleep(100 * time.Millisecond) // 20 ticks
	var aim float64
	assert.Error(t, onA.Get(propAim, &aim), "the Private synchronizer syncs to no peer")
	assert.Error(t, onB.Get(propAim, &aim))

	turret.SetVisibility(a.ID(), true)
	eventually(t, onA, propAim, 1.5)
	time.Sleep(100 * time.Millisecond)
	assert.Error(t, onB.Get(propAim, &aim), "shown to a alone")
}
