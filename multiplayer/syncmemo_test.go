package multiplayer

import (
	"encoding/binary"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// peerOfFake is replicaOfFake's client (peer 5) with peer 3 announced and
// its player spawned by the server (net id 10, its synchronizer's 11),
// handed to it as the game's script does; syncOf3 is a SYNC of that
// player at time t, from peer 3 through the server, naming the
// synchronizer by cache id id.
func peerOfFake(t *testing.T) (m *Multiplayer, players *Spawner, c *conn, syncOf3 func(id uint32, t uint16, x float64) []byte) {
	m, players, c = replicaOfFake(t)
	require.NoError(t, m.route(c, appendSys(nil, sysAddPeer, 3), reliably))
	spawnPlayer3(t, m, players, c, 10)
	return m, players, c, func(id uint32, t uint16, x float64) []byte {
		pos, err := AppendArg(nil, gdvar.Vector2{X: x}, nil)
		if err != nil {
			panic(err)
		}
		return relayed(3, appendSyncState(appendSyncHeader(nil, false, t), false, syncState{netID: pathNetID | id, values: pos}))
	}
}

// spawnPlayer3 has the server spawn peer 3's player with net id netID,
// which the client hands to peer 3.
func spawnPlayer3(t *testing.T, m *Multiplayer, players *Spawner, c *conn, netID uint32) {
	require.NoError(t, m.route(c, appendSpawn(nil, spawnOf(t, netID, "3")), reliably))
	player := players.Objects()[len(players.Objects())-1]
	require.Equal(t, "3", player.Name())
	player.SetAuthority(3)
}

// relayed is pkt as the server relays it from peer from.
func relayed(from PeerID, pkt []byte) []byte { return append(appendSys(nil, sysRelay, from), pkt...) }

// positionOf3 returns the position the client holds of peer 3's player.
func positionOf3(t *testing.T, players *Spawner) float64 {
	for _, o := range players.Objects() {
		if o.Name() == "3" {
			var pos gdvar.Vector2
			require.NoError(t, o.Get(propPos, &pos))
			return pos.X
		}
	}
	t.Fatal("no player 3")
	return 0
}

// The synchronizers a client remembers by the cache ids peers named them
// by reach what the peers' caches reach, whatever the memo holds: an id
// the peer gave anew is no longer its synchronizer's; an id whose node
// was despawned reaches the node spawned again at its path, as the
// engine's get_cached_object finds it; an id of a peer that left reaches
// nothing.
func TestSyncMemoFollowsTheCaches(t *testing.T) {
	m, players, c, syncOf3 := peerOfFake(t)
	require.NoError(t, m.route(c, relayed(3, appendSimplify(nil, emptyChecksum, 2, "Main/Players/3/Sync")), reliably))
	require.NoError(t, m.route(c, syncOf3(2, 1, 7), reliably))
	assert.Equal(t, 7.0, positionOf3(t, players))

	require.NoError(t, m.route(c, relayed(3, appendSimplify(nil, emptyChecksum, 4, "Main/Players/3/Sync")), reliably))
	assert.ErrorIs(t, m.route(c, syncOf3(2, 2, 8), reliably), ErrUnknownNode, "the id given anew")
	require.NoError(t, m.route(c, syncOf3(4, 3, 9), reliably))
	assert.Equal(t, 9.0, positionOf3(t, players))

	require.NoError(t, m.route(c, appendDespawn(nil, 10), reliably))
	spawnPlayer3(t, m, players, c, 30)
	require.NoError(t, m.route(c, syncOf3(4, 1, 11), reliably), "the id of the node spawned again at its path")
	assert.Equal(t, 11.0, positionOf3(t, players))

	require.NoError(t, m.route(c, appendSys(nil, sysDelPeer, 3), reliably))
	assert.ErrorIs(t, m.route(c, syncOf3(4, 2, 12), reliably), ErrUnknownNode, "the id of a peer that left")
}

// A SYNC a client takes allocates nothing once its synchronizer's values
// have been set: a player's synced through the server by its peer, named
// by its path's cache id, and one the server syncs, by its net id (each
// a copy of its value before).
func TestClientSyncAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	m, players, c, syncOf3 := peerOfFake(t)
	require.NoError(t, m.route(c, relayed(3, appendSimplify(nil, emptyChecksum, 2, "Main/Players/3/Sync")), reliably))
	require.NoError(t, m.route(c, appendSpawn(nil, spawnOf(t, 20, "P")), reliably))
	pos, err := AppendArg(nil, gdvar.Vector2{X: 1}, nil)
	require.NoError(t, err)
	synced := 0
	players.OnSync(func(*Object, PeerID) { synced++ })
	for _, tc := range []struct {
		name string
		pkt  []byte
		time int // the offset of the SYNC's time in pkt
	}{
		{"a peer's, by path", syncOf3(2, 1, 1), sysSize + 1},
		{"the server's, by net id", appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: 21, values: pos}), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synced = 0
			var time uint16
			allocs := testing.AllocsPerRun(100, func() {
				time++
				binary.LittleEndian.PutUint16(tc.pkt[tc.time:], time)
				if err := m.route(c, tc.pkt, reliably); err != nil {
					t.Fatal(err)
				}
			})
			assert.Zero(t, allocs)
			assert.Equal(t, 101, synced, "each taken")
		})
	}
}
