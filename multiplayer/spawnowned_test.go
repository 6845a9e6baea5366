package multiplayer

import (
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A node spawned owned by a peer from the start, as a game whose script
// sets its authority in _enter_tree: its spawn lists no synchronizer and
// carries no state (a Godot client refuses a listed synchronizer it does
// not let the server own: ERR_INVALID_DATA), and the owner's syncs, by
// path, reach the server and, relayed, a late joiner.
func TestSpawnOwned(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		players := declarePlayers(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		server.OnPeerConnected(func(id PeerID) {
			o, err := players.SpawnOwned(testScene, name(id), id, nil) // no spawn state needed
			assert.NoError(t, err)
			assert.Equal(t, id, o.Authority())
		})
		port := serveOver(t, server, transport)

		first := newReplicaClient(t, transport, port)
		clientErrs := &errorLog{}
		first.m.OnError(clientErrs.add)
		mine := next(t, first.spawned)
		assert.Equal(t, name(first.m.ID()), mine.Name())
		assert.Error(t, mine.Get(propColor, new(gdvar.Color)), "no spawn state")
		mine.SetAuthority(first.m.ID()) // the client's _enter_tree
		require.NoError(t, mine.Set(propPos, gdvar.Vector2{X: 10, Y: 20}))
		eventually(t, players.Objects()[0], propPos, gdvar.Vector2{X: 10, Y: 20})

		late := newReplicaClient(t, transport, port)
		seen := map[string]*Object{}
		for range 2 {
			o := next(t, late.spawned)
			seen[o.Name()] = o
		}
		seen[mine.Name()].SetAuthority(first.m.ID()) // the late client's _enter_tree
		require.NoError(t, mine.Set(propPos, gdvar.Vector2{X: 11, Y: 20}))
		eventually(t, seen[mine.Name()], propPos, gdvar.Vector2{X: 11, Y: 20})
		assert.Empty(t, errs.get())
		assert.Empty(t, clientErrs.get())

		_, err := players.SpawnOwned(testScene, "x", 0, nil)
		assert.Error(t, err, "owned by no peer")
	})
}
