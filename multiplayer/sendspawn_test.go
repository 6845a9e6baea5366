package multiplayer

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/forge"
)

// forgedState is a spawn state of the test's scene: its spawn
// properties, position and color.
var forgedState = map[string]any{propPos: gdvar.Vector2{X: 42, Y: 42}, propColor: gdvar.Color{R: 1, A: 1}}

// A client's sendForgedSpawn sends the spawner's path, then a SPAWN the
// server's own encoder made: routed to another Go client as its
// server's, it is taken as the server's spawns are, with its state; the
// client that sent it keeps nothing of it.
func TestForgedSpawnIsTheServersSpawn(t *testing.T) {
	m, sp, c := clientOfFake(t)
	require.NoError(t, forge.SendSpawn(sp, testScene, "Forged", forgedState), "the audit reaches it through internal/forge")
	pkts := drain(c)
	require.Len(t, pkts, 2, "the spawner's path, then the spawn")
	_, cacheID, path, err := parseSimplify(nil, pkts[0])
	require.NoError(t, err)
	assert.Equal(t, "Main/Spawner", string(path))
	spawn, err := parseSpawn(nil, pkts[1])
	require.NoError(t, err)
	assert.Equal(t, cacheID, spawn.spawner, "the spawn names the spawner by the path's cache id")
	assert.Equal(t, "Forged", spawn.name)
	assert.Len(t, spawn.syncIDs, 4, "the scene's one synchronizer")
	assert.Empty(t, sp.Objects(), "the sender keeps nothing")
	assert.Empty(t, m.repl.states[ServerID].recvObjects)

	other, otherSp, oc := clientOfFake(t)
	for _, p := range pkts {
		require.NoError(t, other.route(oc, p, reliably))
	}
	require.Len(t, otherSp.Objects(), 1)
	o := otherSp.Objects()[0]
	assert.Equal(t, "Forged", o.Name())
	var pos gdvar.Vector2
	var color gdvar.Color
	require.NoError(t, o.Get(propPos, &pos))
	require.NoError(t, o.Get(propColor, &color))
	assert.Equal(t, []any{forgedState[propPos], forgedState[propColor]}, []any{pos, color})
}

// clientOfFake is a Go client of the test's spawner, peer 5, whose
// server is a fake connection that what it sends is queued on; the
// server named nothing. Its replication runs no goroutine.
func clientOfFake(t testing.TB) (*Multiplayer, *Spawner, *conn) {
	m := MustNew()
	sp := declarePlayers(m)
	c := fakePeer(m, ServerID)
	m.repl.replicating = true
	require.NoError(t, m.enter(c, 5, false))
	return m, sp, c
}

// What sendForgedSpawn refuses before it sends anything: a scene the spawner
// does not declare, a name the engine would refuse, a state short of a
// spawn property or with one the scene lacks, a server's own call, a
// client not connected.
func TestForgedSpawnRefused(t *testing.T) {
	_, sp, c := clientOfFake(t)
	_, serverSp, _ := replicatingServer(declarePlayers)
	idle := declarePlayers(MustNew())
	for _, tc := range []struct {
		name  string
		sp    *Spawner
		scene string
		node  string
		state map[string]any
		err   error
	}{
		{"an unknown scene", sp, "res://nope.tscn", "F", forgedState, ErrUnknownScene},
		{"a bad name", sp, testScene, "a/b", forgedState, nil},
		{"no color", sp, testScene, "F", map[string]any{propPos: gdvar.Vector2{}}, nil},
		{"a property the scene lacks", sp, testScene, "F", map[string]any{".:nope": int64(1)}, nil},
		{"the server", serverSp, testScene, "F", forgedState, ErrNotAllowed},
		{"not connected", idle, testScene, "F", forgedState, ErrNoPeer},
	} {
		err := tc.sp.sendForgedSpawn(tc.scene, tc.node, tc.state)
		require.Error(t, err, tc.name)
		if tc.err != nil {
			assert.ErrorIs(t, err, tc.err, tc.name)
		}
	}
	assert.Empty(t, drain(c), "nothing sent")
}

// A Go server refuses a client's spawns as a spawn from a peer that does
// not own the spawner: the first reported to its OnError as the client's
// (ErrNotAllowed, naming the spawner), the others of the interval
// counted in one RepeatedError; nothing is spawned, and the client is
// served on: its player's moves are taken.
func TestForgedSpawnRefusedByGoServer(t *testing.T) {
	server := MustNew(WithReplicationTick(5*time.Millisecond), WithErrorInterval(100*time.Millisecond))
	players := declarePlayers(server)
	errs := &errorLog{}
	server.OnError(errs.add)
	server.OnPeerConnected(func(id PeerID) {
		o, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		assert.NoError(t, err)
		o.SetAuthority(id)
	})
	port := serve(t, server)
	client := newReplicaClient(t, "websocket", port)
	mine := next(t, client.spawned)
	mine.SetAuthority(client.m.ID())
	const sent = 3
	for range sent {
		require.NoError(t, client.spawner.sendForgedSpawn(testScene, "Forged", forgedState))
	}
	require.Eventually(t, func() bool { return len(errs.get()) == 2 }, 10*time.Second, time.Millisecond,
		"the first refusal, then the others counted")
	got := errs.get()
	var pe *PeerError
	require.ErrorAs(t, got[0], &pe)
	assert.Equal(t, client.m.ID(), pe.Peer)
	assert.ErrorIs(t, got[0], ErrNotAllowed)
	assert.Contains(t, got[0].Error(), "which does not own /root/Main/Spawner")
	var rep *RepeatedError
	require.ErrorAs(t, got[1], &rep)
	assert.Equal(t, sent-1, rep.Count)
	assert.ErrorIs(t, rep, ErrNotAllowed)

	require.Len(t, players.Objects(), 1, "the client's player alone")
	require.NoError(t, mine.Set(propPos, gdvar.Vector2{X: 7}))
	eventually(t, players.Objects()[0], propPos, gdvar.Vector2{X: 7})
	assert.Len(t, errs.get(), 2)
}
