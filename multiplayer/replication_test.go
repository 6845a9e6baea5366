package multiplayer

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// The scene of the replication tests: a player whose Sync sends position
// in every sync, score when it changes, color only with the spawn.
const (
	testScene = "res://player.tscn"
	propPos   = ".:position"
	propColor = ".:color"
	propScore = ".:score"
)

func declarePlayers(m *Multiplayer) *Spawner {
	return declareGame(m, Property{Path: propScore, Replicate: mode.ReplicateOnChange})
}

// replicaClient is a Go client of the test's spawner, with what it sees.
type replicaClient struct {
	m                  *Multiplayer
	spawner            *Spawner
	spawned, despawned chan *Object
}

func newReplicaClient(t *testing.T, transport, port string) *replicaClient {
	return newReplicaClientOf(t, transport, port, declarePlayers)
}

// newReplicaClientOf is newReplicaClient, of the spawner declare declares.
func newReplicaClientOf(t *testing.T, transport, port string, declare func(*Multiplayer) *Spawner) *replicaClient {
	c := &replicaClient{m: MustNew(WithReplicationTick(5 * time.Millisecond)), spawned: make(chan *Object, 8), despawned: make(chan *Object, 8)}
	c.spawner = declare(c.m)
	c.spawner.OnSpawn(func(o *Object) { c.spawned <- o })
	c.spawner.OnDespawn(func(o *Object) { c.despawned <- o })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if transport == "enet" {
		require.NoError(t, c.m.ConnectENet(ctx, "127.0.0.1:"+port))
	} else {
		require.NoError(t, c.m.Connect(ctx, "ws://127.0.0.1:"+port))
	}
	t.Cleanup(func() { c.m.Close() })
	return c
}

// name is the name of a peer's player.
func name(id PeerID) string { return strconv.Itoa(int(id)) }

// eventually waits until o's property at path decodes to want.
func eventually[T comparable](t *testing.T, o *Object, path string, want T) {
	t.Helper()
	var got T
	var err error
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if err = o.Get(path, &got); err == nil && got == want {
			return
		}
	}
	require.NoError(t, err, "%s %s", o.Path(), path)
	require.Equal(t, want, got, "%s %s, after 10 s", o.Path(), path)
}

// A Go server and Go clients, over each transport: each client's player
// spawns on every client with its spawn state; the client that owns it
// moves it and the server takes the moves in; a client joining late gets
// it spawned where it stands; a node the server owns syncs to the
// clients, its OnChange property by DELTA; despawns, and a client's
// leaving, remove the nodes everywhere.
func TestReplicationGoToGo(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		players := declarePlayers(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		red := gdvar.Color{R: 1, A: 1}
		server.OnPeerConnected(func(id PeerID) {
			o, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{X: 1, Y: 2}, propColor: red})
			assert.NoError(t, err)
			o.SetAuthority(id)
		})
		server.OnPeerDisconnected(func(id PeerID) {
			for _, o := range players.Objects() {
				if o.Name() == name(id) {
					assert.NoError(t, o.Despawn())
				}
			}
		})
		port := serveOver(t, server, transport)

		first := newReplicaClient(t, transport, port)
		mine := next(t, first.spawned)
		assert.Equal(t, name(first.m.ID()), mine.Name())
		assert.Equal(t, "/root/Main/Players/"+mine.Name(), mine.Path())
		var color gdvar.Color
		require.NoError(t, mine.Get(propColor, &color))
		assert.Equal(t, red, color)
		eventually(t, mine, propPos, gdvar.Vector2{X: 1, Y: 2})
		assert.Error(t, mine.Get(propScore, new(int64)), "never set")

		// The client moves its player; the server takes it in.
		mine.SetAuthority(first.m.ID())
		require.NoError(t, mine.Set(propPos, gdvar.Vector2{X: 10, Y: 20}))
		onServer := players.Objects()[0]
		eventually(t, onServer, propPos, gdvar.Vector2{X: 10, Y: 20})

		// A node the server owns: its sync and its delta reach the client.
		ball, err := players.Spawn(testScene, "Ball", map[string]any{propPos: gdvar.Vector2{}, propColor: red, propScore: int64(0)})
		require.NoError(t, err)
		theBall := next(t, first.spawned)
		assert.Equal(t, "Ball", theBall.Name())
		require.NoError(t, ball.Set(propPos, gdvar.Vector2{X: 5, Y: 5}))
		require.NoError(t, ball.Set(propScore, int64(7)))
		eventually(t, theBall, propPos, gdvar.Vector2{X: 5, Y: 5})
		eventually(t, theBall, propScore, int64(7))

		// A late joiner: the first player where it stands, the ball, its own.
		late := newReplicaClient(t, transport, port)
		seen := map[string]*Object{}
		for range 3 {
			o := next(t, late.spawned)
			seen[o.Name()] = o
		}
		var pos gdvar.Vector2
		require.NoError(t, seen[mine.Name()].Get(propPos, &pos), "the spawn's state")
		assert.Equal(t, gdvar.Vector2{X: 10, Y: 20}, pos)
		eventually(t, seen["Ball"], propScore, int64(7))

		require.NoError(t, ball.Despawn())
		assert.Equal(t, "Ball", next(t, first.despawned).Name())
		assert.Equal(t, "Ball", next(t, late.despawned).Name())
		assert.Error(t, ball.Despawn(), "twice")

		first.m.Close()
		assert.Equal(t, mine.Name(), next(t, late.despawned).Name(), "the leaver's player")
		assert.Len(t, late.spawner.Objects(), 1)
		assert.Empty(t, errs.get())
	})
}

// emptyChecksum is the checksum of a node without RPC methods: a spawner's,
// a synchronizer's.
var emptyChecksum = Checksum(nil)

// A client's hostile replication packets, over WebSocket: syncs of
// unknown synchronizers, of another peer's node, states past their
// packet or short of their values, deltas that change nothing, spawns and
// despawns a client may not send. Each is dropped and reported as that
// peer's, and the peer's next valid sync is taken; another client is
// served all along.
func TestBadReplicationPackets(t *testing.T) {
	server := MustNew(WithReplicationTick(5*time.Millisecond), WithErrorInterval(0)) // each error at once, not a second a kind
	players := declarePlayers(server)
	errs := &errorLog{}
	server.OnError(errs.add)
	server.OnPeerConnected(func(id PeerID) {
		o, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		assert.NoError(t, err)
		o.SetAuthority(id)
	})
	port := serve(t, server)
	good := newReplicaClient(t, "websocket", port)
	goodsPlayer := next(t, good.spawned)
	bad, id := rawPeer(t, port)
	require.Eventually(t, func() bool { return len(players.Objects()) == 2 }, 10*time.Second, time.Millisecond)
	var badsPlayer *Object
	for _, o := range players.Objects() {
		if o.Name() == name(id) {
			badsPlayer = o
		}
	}
	require.NotNil(t, badsPlayer)
	send := func(p []byte) {
		require.NoError(t, bad.Write(context.Background(), websocket.MessageBinary, p))
	}
	// The bad client names its own player's synchronizer 1, the good
	// one's 2, and the spawner 3.
	send(appendSimplify(nil, emptyChecksum, 1, "Main/Players/"+name(id)+"/Sync"))
	send(appendSimplify(nil, emptyChecksum, 2, "Main/Players/"+goodsPlayer.Name()+"/Sync"))
	send(appendSimplify(nil, emptyChecksum, 3, "Main/Spawner"))
	pos := func(x float64) []byte {
		b, err := AppendArg(nil, gdvar.Vector2{X: x}, nil)
		require.NoError(t, err)
		return b
	}
	var clock uint16 // each SYNC newer than the last
	sync := func(states ...syncState) []byte {
		clock++
		b := appendSyncHeader(nil, false, clock)
		for _, s := range states {
			b = appendSyncState(b, false, s)
		}
		return b
	}
	mine := uint32(pathNetID | 1)
	goodsPlayer.SetAuthority(good.m.ID())
	for i, c := range []struct {
		name   string
		packet func() []byte
		err    error
	}{
		{"a sync of an unknown cache id", func() []byte { return sync(syncState{netID: pathNetID | 77, values: pos(1)}) }, ErrUnknownNode},
		{"a sync of a node not a synchronizer", func() []byte { return sync(syncState{netID: pathNetID | 3, values: pos(1)}) }, ErrUnknownNode},
		{"a sync of another peer's node", func() []byte { return sync(syncState{netID: pathNetID | 2, values: pos(1)}) }, ErrNotAllowed},
		{"a state past its packet", func() []byte { return append(sync(syncState{netID: mine, values: pos(1)})[:13], 0xff, 0xff) }, ErrMalformed},
		{"a state short of its values", func() []byte { return sync(syncState{netID: mine, values: []byte{0x05, 0, 0}}) }, ErrMalformed},
		{"a state of garbage", func() []byte { return sync(syncState{netID: mine, values: []byte{60, 0, 0, 0, 1}}) }, ErrMalformed},
		{"a delta changing nothing", func() []byte {
			return appendSyncState(appendSyncHeader(nil, true, 0), true, syncState{netID: mine, values: pos(1)})
		}, ErrMalformed},
		{"a spawn from a client", func() []byte { return appendSpawn(nil, spawnPacket{spawner: 3, netID: 9, name: "X"}) }, ErrNotAllowed},
		{"a spawn of an unknown spawner", func() []byte { return appendSpawn(nil, spawnPacket{spawner: 99, netID: 9, name: "X"}) }, ErrUnknownNode},
		{"a spawn of a bad name", func() []byte { return appendSpawn(nil, spawnPacket{spawner: 3, netID: 9, name: "a/b"}) }, ErrMalformed},
		{"a despawn of the client's own player", func() []byte { return appendDespawn(nil, badsPlayer.netID) }, ErrNotAllowed},
	} {
		n := len(errs.get())
		send(c.packet())
		require.Eventually(t, func() bool { return len(errs.get()) > n }, 10*time.Second, time.Millisecond, c.name)
		got := errs.get()
		assert.Len(t, got, n+1, c.name)
		assert.ErrorIs(t, got[n], c.err, c.name)
		var pe *PeerError
		assert.True(t, errors.As(got[n], &pe) && pe.Peer == id, "%s: the bad client's error", c.name)

		// The good client's moves are taken all along, and so is the bad
		// client's valid sync.
		require.NoError(t, goodsPlayer.Set(propPos, gdvar.Vector2{X: float64(i)}))
		eventually(t, players.Objects()[0], propPos, gdvar.Vector2{X: float64(i)})
		send(sync(syncState{netID: mine, values: pos(float64(i))}))
		eventually(t, badsPlayer, propPos, gdvar.Vector2{X: float64(i)})
	}
}

// replicaOfFake is a Go client of the test's spawner whose server is a
// fake connection that packets are handed to, one that already named the
// spawner by cache id 1. Its replication runs no goroutine.
func replicaOfFake(t testing.TB) (*Multiplayer, *Spawner, *conn) {
	m := MustNew()
	sp := declarePlayers(m)
	c := fakePeer(m, ServerID)
	m.repl.replicating = true
	require.NoError(t, m.enter(c, 5, false))
	require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, 1, "Main/Spawner"), reliably))
	return m, sp, c
}

// spawnOf is a valid spawn of the test's scene by the server.
func spawnOf(t testing.TB, netID uint32, name string) spawnPacket {
	state, err := AppendArg(nil, gdvar.Vector2{X: 3}, nil)
	require.NoError(t, err)
	state, err = AppendArg(state, gdvar.Color{G: 1}, nil)
	require.NoError(t, err)
	return spawnPacket{spawner: 1, netID: netID, name: name, syncIDs: binary.LittleEndian.AppendUint32(nil, netID+1), state: state}
}

// A server's hostile spawns and syncs, to a Go client: spawns of scenes
// the spawner does not have, of more synchronizers than the scene's, of
// states that do not decode or stop short, of names or net ids taken;
// each is refused with its error, and a valid spawn is then taken, its
// state set. A sync of a net id no spawn gave is skipped, as the engine
// skips it.
func TestBadSpawns(t *testing.T) {
	m, sp, c := replicaOfFake(t)
	spawned := 0
	sp.OnSpawn(func(*Object) { spawned++ })
	with := func(netID uint32, name string, change func(*spawnPacket)) []byte {
		p := spawnOf(t, netID, name)
		change(&p)
		return appendSpawn(nil, p)
	}
	same := func(*spawnPacket) {}
	require.NoError(t, m.route(c, with(10, "P", same), reliably))
	for _, tc := range []struct {
		name   string
		packet []byte
		err    error
	}{
		{"an unknown scene", with(20, "Q", func(p *spawnPacket) { p.scene = 3 }), ErrUnknownScene},
		{"a custom spawn without a custom scene", with(20, "Q", func(p *spawnPacket) { p.scene = customScene }), ErrUnknownScene},
		{"more synchronizers than the scene's", with(20, "Q", func(p *spawnPacket) { p.syncIDs = make([]byte, 8) }), ErrMalformed},
		{"a state of garbage", with(20, "Q", func(p *spawnPacket) { p.state = []byte{60, 0, 0, 0} }), ErrMalformed},
		{"a state short of a value", with(20, "Q", func(p *spawnPacket) { p.state = p.state[:12] }), ErrMalformed},
		{"a name taken", with(20, "P", same), ErrNotAllowed},
		{"a net id taken", with(10, "Q", same), ErrNotAllowed},
		{"a synchronizer's net id taken", with(20, "Q", func(p *spawnPacket) { p.syncIDs = binary.LittleEndian.AppendUint32(nil, 11) }), ErrNotAllowed},
		{"a despawn of a net id never spawned", appendDespawn(nil, 99), ErrNotAllowed},
	} {
		assert.ErrorIs(t, m.route(c, tc.packet, reliably), tc.err, tc.name)
	}
	assert.NoError(t, m.route(c, appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: 77, values: []byte{1, 0, 0, 0}}), reliably))
	require.NoError(t, m.route(c, with(20, "Q", same), reliably))
	assert.Equal(t, 2, spawned)
	objects := sp.Objects()
	require.Len(t, objects, 2)
	var color gdvar.Color
	require.NoError(t, objects[1].Get(propColor, &color))
	assert.Equal(t, gdvar.Color{G: 1}, color)
	require.NoError(t, m.route(c, appendDespawn(nil, 10), reliably))
	assert.Len(t, sp.Objects(), 1)
}

// replicatingServer is a server replicating what declare declares, with
// one fake client, peer 2, admitted.
func replicatingServer(declare func(*Multiplayer) *Spawner) (*Multiplayer, *Spawner, *conn) {
	m := MustNew()
	sp := declare(m)
	c := fakeConn(m)
	m.repl.replicating = true
	admitFake(m, c)
	return m, sp, c
}

// serverOfFake is a server of the test's spawner whose client, peer 2, is
// a fake connection; the client owns its player, and named its
// synchronizer by cache id 1, which it returns as a net id. Its
// replication runs no goroutine.
func serverOfFake(t testing.TB) (*Multiplayer, *conn, uint32) {
	m, sp, c := replicatingServer(declarePlayers)
	o, err := sp.Spawn(testScene, "2", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	o.SetAuthority(2)
	require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, 1, "Main/Players/2/Sync"), reliably))
	return m, c, pathNetID | 1
}

// hidingGame serves the test's game, each client's player hidden from the
// other clients unless public is set, and returns join, which connects a
// Go client and returns it with its own player, which it owns, as
// player.gd does; and what the server reports.
func hidingGame(t *testing.T) (players *Spawner, public *atomic.Bool, errs *errorLog, join func() (*replicaClient, *Object)) {
	server := MustNew(WithReplicationTick(5 * time.Millisecond))
	players = declarePlayers(server)
	errs = &errorLog{}
	server.OnError(errs.add)
	public = new(atomic.Bool)
	players.SetVisibilityFilter(func(o *Object, peer PeerID) bool { return public.Load() || o.Name() == name(peer) })
	server.OnPeerConnected(func(id PeerID) {
		o, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		assert.NoError(t, err)
		o.SetAuthority(id)
	})
	port := serve(t, server)
	join = func() (*replicaClient, *Object) {
		c := newReplicaClient(t, "websocket", port)
		c.spawner.OnSpawn(func(o *Object) {
			o.SetAuthority(PeerID(must(strconv.Atoi(o.Name()))))
			c.spawned <- o
		})
		return c, next(t, c.spawned)
	}
	return players, public, errs, join
}

// A server's visibility filter hides each client's player from the other
// client, which owns nothing of it: no spawn, and none of the other
// client's syncs, which the server drops as it relays them, holding the
// path until the node is visible. Made public, the player spawns where it
// stands and the other client's moves of it reach it; made private again,
// it despawns.
func TestVisibilityRelay(t *testing.T) {
	players, public, errs, join := hidingGame(t)
	a, aPlayer := join()
	b, _ := join()
	require.NoError(t, aPlayer.Set(propPos, gdvar.Vector2{X: 1}))
	require.Eventually(t, func() bool {
		var at gdvar.Vector2
		return players.Objects()[0].Get(propPos, &at) == nil && at.X == 1
	}, 10*time.Second, time.Millisecond, "the server takes a's moves")
	time.Sleep(50 * time.Millisecond) // ten of a's ticks, which b must not get
	assert.Len(t, b.spawner.Objects(), 1, "b sees its own player alone")

	public.Store(true)
	players.UpdateVisibility()
	aOnB := next(t, b.spawned)
	assert.Equal(t, aPlayer.Name(), aOnB.Name())
	eventually(t, aOnB, propPos, gdvar.Vector2{X: 1})
	require.NoError(t, aPlayer.Set(propPos, gdvar.Vector2{X: 2}))
	eventually(t, aOnB, propPos, gdvar.Vector2{X: 2})

	public.Store(false)
	players.UpdateVisibility()
	assert.Equal(t, aPlayer.Name(), next(t, b.despawned).Name())
	assert.Empty(t, errs.get())
	_ = a
}

// A custom spawn (MultiplayerSpawner.spawn with data, its spawn_function)
// reaches a client with its data and its state, as the Custom scene the
// server named, which the client's SetCustomSceneOf picks from the data (a
// spawn_function that builds a rock or a boss by the data's type); a
// spawner's limit refuses a spawn past it, on the server as a client
// would refuse it. A client that cannot tell which of several scenes the
// data makes refuses the spawn.
func TestCustomSpawn(t *testing.T) {
	const rock, boss = "res://rock.tscn", "res://boss.tscn"
	declare := func(m *Multiplayer, pick func(data func(any) error) string) *Spawner {
		sync := func(props ...string) []Synchronizer {
			sy := Synchronizer{Path: "Sync"}
			for _, p := range props {
				sy.Properties = append(sy.Properties, Property{Path: p, Spawn: true, Replicate: mode.ReplicateAlways})
			}
			return []Synchronizer{sy}
		}
		s := m.Spawner("/root/Main/Spawner", SpawnerConfig{
			SpawnPath: "/root/Main/Players",
			Custom:    []SpawnableScene{{Path: rock, Synchronizers: sync(propPos)}, {Path: boss, Synchronizers: sync(propPos, ".:speed")}},
			Limit:     2,
		})
		s.SetCustomSceneOf(pick)
		return s
	}
	byType := func(data func(any) error) string {
		var d struct{ Type string }
		if data(&d) != nil {
			return ""
		}
		return "res://" + d.Type + ".tscn"
	}
	for _, c := range []struct {
		name string
		pick func(func(any) error) string
		want string // the client's error, if it refuses the spawns
	}{
		{"picked by the data", byType, ""},
		{"no SetCustomSceneOf", nil, "has 2 custom scenes and no SetCustomSceneOf"},
		{"a scene of none", func(func(any) error) string { return "res://nope.tscn" }, `has no custom scene "res://nope.tscn"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			server := MustNew()
			sp := declare(server, nil)
			port := serve(t, server)
			client := MustNew()
			errs := &errorLog{}
			client.OnError(errs.add)
			csp := declare(client, c.pick)
			spawned := make(chan *Object, 2)
			csp.OnSpawn(func(o *Object) { spawned <- o })
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
			defer client.Close()
			require.Eventually(t, func() bool { return len(server.Peers()) == 1 }, 10*time.Second, time.Millisecond)

			_, err := sp.Spawn(testScene, "A", nil)
			assert.Error(t, err, "no scene of that path")
			_, err = sp.SpawnCustom("res://nope.tscn", "A", nil, nil)
			assert.ErrorIs(t, err, ErrUnknownScene)
			_, err = sp.SpawnCustom(rock, "Rock", map[string]any{"type": "rock", "size": int64(3)}, map[string]any{propPos: gdvar.Vector2{X: 4}})
			require.NoError(t, err)
			_, err = sp.SpawnCustom(boss, "Boss", map[string]any{"type": "boss"}, map[string]any{propPos: gdvar.Vector2{Y: 1}, ".:speed": 2.5})
			require.NoError(t, err)
			_, err = sp.SpawnCustom(rock, "Stone", "x", map[string]any{propPos: gdvar.Vector2{}})
			assert.ErrorIs(t, err, ErrNotAllowed, "past the limit")
			if c.want != "" {
				require.Eventually(t, func() bool { return len(errs.get()) == 2 }, 10*time.Second, time.Millisecond)
				for _, err := range errs.get() {
					assert.ErrorIs(t, err, ErrUnknownScene)
					assert.ErrorContains(t, err, c.want)
				}
				assert.Empty(t, spawned)
				return
			}
			o := next(t, spawned)
			assert.Equal(t, "Rock", o.Name())
			assert.Equal(t, rock, o.Scene())
			var data map[string]any
			require.NoError(t, o.Data(&data))
			assert.Equal(t, map[string]any{"type": "rock", "size": int64(3)}, data)
			var pos gdvar.Vector2
			require.NoError(t, o.Get(propPos, &pos))
			assert.Equal(t, gdvar.Vector2{X: 4}, pos)
			o = next(t, spawned)
			assert.Equal(t, boss, o.Scene())
			var speed float64
			require.NoError(t, o.Get(".:speed", &speed))
			assert.Equal(t, 2.5, speed)
			assert.Empty(t, errs.get())
		})
	}
}

// A node's visibility per peer (set_visibility_for): of a Private scene,
// it is spawned on the one peer it is made visible to, and despawned there
// when hidden again; its synchronizer's Interval spaces its syncs out: never
// more than one an interval (replication_interval).
func TestVisibilityPerPeerAndInterval(t *testing.T) {
	const interval = 100 * time.Millisecond
	declare := func(m *Multiplayer) *Spawner {
		return m.Spawner("/root/Main/Spawner", SpawnerConfig{
			SpawnPath: "/root/Main/Players",
			Scenes: []SpawnableScene{{Path: testScene, Synchronizers: []Synchronizer{{
				Path: "Sync", Interval: interval, Private: true,
				Properties: []Property{{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways}},
			}}}},
		})
	}
	server := MustNew(WithReplicationTick(5 * time.Millisecond))
	sp := declare(server)
	port := serve(t, server)
	a, b := newReplicaClientOf(t, "websocket", port, declare), newReplicaClientOf(t, "websocket", port, declare)
	require.Eventually(t, func() bool { return len(server.Peers()) == 2 }, 10*time.Second, time.Millisecond)
	var syncs atomic.Int64
	a.spawner.OnSync(func(*Object, PeerID) { syncs.Add(1) })

	rock, err := sp.Spawn(testScene, "Rock", map[string]any{propPos: gdvar.Vector2{}})
	require.NoError(t, err)
	rock.SetVisibility(a.m.ID(), true)
	assert.Equal(t, "Rock", next(t, a.spawned).Name())
	start, from := time.Now(), syncs.Load()
	time.Sleep(time.Second)
	got, took := syncs.Load()-from, time.Since(start)
	assert.Positive(t, got, "syncs at all")
	// One an interval, and one more sent before start that a busy machine
	// delivered after it: the 5 ms tick without the interval gives ~200.
	assert.LessOrEqual(t, got, int64(took/interval)+2, "at most one sync an interval")
	t.Logf("%d syncs in %v", got, took)

	rock.SetVisibility(a.m.ID(), false)
	assert.Equal(t, "Rock", next(t, a.despawned).Name())
	assert.Empty(t, b.spawned, "never visible to b")
	assert.Empty(t, b.spawner.Objects())
}

// What a server keeps for each peer of a game of 100, each with its
// player spawned on every peer and named by its synchronizer's path: the
// live heap, the transport aside, stays under 8 KiB a peer (4.3 when
// written).
func TestReplicationMemoryPerPeer(t *testing.T) {
	m := MustNew()
	players := declareGame(m)
	m.id, m.repl.replicating = ServerID, true
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const peers = 100
	for i := range peers {
		id := PeerID(i + 2)
		c := fakePeer(m, id)
		admitFake(m, c)
		o, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		require.NoError(t, err)
		o.SetAuthority(id)
		require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, 1, "Main/Players/"+name(id)+"/Sync"), reliably))
		m.mu.Lock()
		for _, other := range m.conns { // what was sent is the transport's
			dropQueued(other)
		}
		m.mu.Unlock()
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perPeer := float64(after.HeapAlloc-before.HeapAlloc) / peers
	t.Logf("%.1f KiB a peer", perPeer/1024)
	assert.Less(t, perPeer, 8*1024.0)
	runtime.KeepAlive(m)
}

// A client whose player is spawned and despawned a thousand times, each
// time naming its new synchronizer by a new cache id, has each sync taken:
// a new id for a path replaces the last, not kept until the peer's cache
// is full (maxCached).
func TestRespawnForever(t *testing.T) {
	m, players, c := replicatingServer(func(m *Multiplayer) *Spawner { return declareGame(m) })
	for i := range uint32(1000) {
		o, err := players.Spawn(testScene, "2", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		require.NoError(t, err)
		o.SetAuthority(2)
		require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, i+1, "Main/Players/2/Sync"), reliably), "respawn %d", i)
		pos, err := AppendArg(nil, gdvar.Vector2{X: float64(i)}, nil)
		require.NoError(t, err)
		require.NoError(t, m.route(c, appendSyncState(appendSyncHeader(nil, false, 1), false, syncState{netID: pathNetID | (i + 1), values: pos}), reliably))
		var got gdvar.Vector2
		require.NoError(t, o.Get(propPos, &got))
		require.Equal(t, float64(i), got.X)
		require.NoError(t, o.Despawn())
		dropQueued(c)
	}
	assert.Len(t, m.rpc.recv[2].ids, 1, "the last id of the path")
	assert.Len(t, m.rpc.recv[2].byPath, 1)
}

// The paths a client relays for a node hidden from the destination are
// held for it, and dropped when the node is despawned, or when the client
// leaves.
func TestHeldPathsForgotten(t *testing.T) {
	for _, end := range []string{"despawn", "leave"} {
		t.Run(end, func(t *testing.T) {
			m := MustNew()
			players := declareGame(m)
			players.SetVisibilityFilter(func(o *Object, peer PeerID) bool { return o.Name() == name(peer) })
			owner := fakeConn(m)
			other := fakePeer(m, 3)
			m.repl.replicating = true
			admitFake(m, owner)
			admitFake(m, other)
			o, err := players.Spawn(testScene, "2", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
			require.NoError(t, err)
			o.SetAuthority(2)
			path := appendSimplify(nil, emptyChecksum, 1, "Main/Players/2/Sync")
			require.NoError(t, m.route(owner, append(appendSys(nil, sysRelay, 3), path...), reliably))
			held := func() int {
				m.repl.mu.Lock()
				defer m.repl.mu.Unlock()
				return len(m.repl.states[3].held)
			}
			require.Equal(t, 1, held(), "the path held for peer 3")
			if end == "despawn" {
				require.NoError(t, o.Despawn())
			} else {
				m.leave(owner)
			}
			assert.Zero(t, held())
		})
	}
}

// TestSyncAfterShownAgain: client a's player, hidden from client b then
// shown again, is synced to b again. a names the player's synchronizer by
// the cache id b confirmed before; b finds the new node by the id's path,
// as the engine does (get_cached_object).
func TestSyncAfterShownAgain(t *testing.T) {
	players, public, _, join := hidingGame(t)
	_, aPlayer := join()
	b, _ := join()
	berrs := &errorLog{}
	b.m.OnError(berrs.add)
	defer func() {
		if e := berrs.get(); len(e) > 0 {
			t.Logf("b: %d errors, first %v", len(e), e[0])
		}
	}()
	public.Store(true)
	players.UpdateVisibility()
	aOnB := next(t, b.spawned)
	require.NoError(t, aPlayer.Set(propPos, gdvar.Vector2{X: 2}))
	eventually(t, aOnB, propPos, gdvar.Vector2{X: 2})

	public.Store(false)
	players.UpdateVisibility()
	next(t, b.despawned)
	public.Store(true)
	players.UpdateVisibility()
	aOnB = next(t, b.spawned)
	require.NoError(t, aPlayer.Set(propPos, gdvar.Vector2{X: 3}))
	eventually(t, aOnB, propPos, gdvar.Vector2{X: 3})
}

// drain returns and empties what was queued for a fake peer.
func drain(c *conn) [][]byte {
	l := fakeLink(c)
	l.mu.Lock()
	defer l.mu.Unlock()
	var out [][]byte
	for b := l.queue.take(); b != nil; b = b.next {
		for _, p := range b.pkts[:b.n] {
			out = append(out, append([]byte(nil), p...))
		}
	}
	l.queued = 0
	return out
}

// TestDeltaAfterShownAgain: a node hidden from a peer and shown again is
// sent its OnChange properties anew, as the engine, which forgets what it
// last sent a peer it hides a synchronizer from.
func TestDeltaAfterShownAgain(t *testing.T) {
	m, players, c := replicatingServer(declarePlayers)
	ball, err := players.Spawn(testScene, "Ball", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}, propScore: int64(7)})
	require.NoError(t, err)
	deltas := func() int {
		n := 0
		for _, p := range drain(c) {
			if p[0] == cmdSync|deltaFlag {
				n++
			}
		}
		return n
	}
	m.repl.tick()
	m.repl.tick()
	require.Equal(t, 1, deltas(), "score, once")
	ball.SetVisibility(0, false)
	ball.SetVisibility(0, true)
	m.repl.tick()
	m.repl.tick()
	assert.Equal(t, 1, deltas(), "score again, for the node spawned anew")
}

// TestHeldPathsBounded: paths a client broadcasts for nodes hidden from
// the other clients, each padded to the packet limit, make the relay hold
// less than it received: only the nodes' authority's paths are held, and
// without what followed them.
func TestHeldPathsBounded(t *testing.T) {
	const peers = 40
	m := MustNew()
	players := declareGame(m)
	players.SetVisibilityFilter(func(o *Object, peer PeerID) bool { return o.Name() == name(peer) })
	m.id = ServerID
	conns := map[PeerID]*conn{}
	for i := range peers {
		id := PeerID(i + 2)
		c := fakePeer(m, id)
		conns[id] = c
		m.repl.replicating = true
		admitFake(m, c)
		_, err := players.Spawn(testScene, name(id), map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
		require.NoError(t, err)
	}
	bad := conns[2]
	sent := 0
	for i := range peers {
		for _, path := range []string{"Main/Players/" + name(PeerID(i+2)) + "/Sync", "Main/Players/" + name(PeerID(i+2))} {
			inner := appendSimplify(nil, emptyChecksum, uint32(1000+2*i+len(path)), path)
			inner = append(inner, make([]byte, DefaultMaxPacket-sysSize-len(inner))...) // after the NUL: ignored
			pkt := append(appendSys(nil, sysRelay, 0), inner...)
			sent += len(pkt)
			_ = m.route(bad, pkt, reliably)
			for _, c := range conns {
				drain(c)
			}
		}
	}
	m.repl.mu.Lock()
	held := 0
	for _, p := range m.repl.states {
		for _, pkts := range p.held {
			for _, pkt := range pkts {
				held += cap(pkt)
			}
		}
	}
	m.repl.mu.Unlock()
	t.Logf("sent %d KiB, held %d KiB (%.1fx)", sent>>10, held>>10, float64(held)/float64(sent))
	assert.LessOrEqual(t, uint64(held), uint64(sent)*2, "held paths, per byte sent")
}

// BenchmarkDespawn: a server's n spawns, each with its synchronizer's
// path, then n despawns, taken by a Go client, and the same client's
// leaving with n nodes: ns/node stays flat as n grows (it grew with n when
// each despawn scanned every node and cache).
func BenchmarkDespawn(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		b.Run(fmt.Sprintf("nodes=%d", n), func(b *testing.B) {
			var pkts [][]byte
			for i := range uint32(n) {
				name := "N" + strconv.Itoa(int(i))
				pkts = append(pkts, appendSpawn(nil, spawnOf(b, 2*i+100, name)),
					appendSimplify(nil, emptyChecksum, i+10, "Main/Players/"+name+"/Sync"))
			}
			for i := range uint32(n) {
				pkts = append(pkts, appendDespawn(nil, 2*i+100))
			}
			for b.Loop() {
				m, sp, c := replicaOfFake(b)
				sp.taken = n // past DefaultSpawnLimit, as a game's Limit
				for _, p := range pkts {
					if err := m.route(c, p, reliably); err != nil {
						b.Fatal(err)
					}
					dropQueued(c)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/node")
		})
	}
}

// TestOnSyncSetWhileSyncing: OnSync may be set while syncs arrive (the
// race detector checks that the handler is read under the lock).
func TestOnSyncSetWhileSyncing(t *testing.T) {
	m, c, mine := serverOfFake(t)
	sp := m.repl.spawners[0]
	var calls atomic.Int64
	count := func(*Object, PeerID) { calls.Add(1) }
	sp.OnSync(count)
	pos, err := AppendArg(nil, gdvar.Vector2{X: 1}, nil)
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 1000 {
			sp.OnSync(count)
		}
	}()
	for i := range 1000 {
		require.NoError(t, m.route(c, appendSyncState(appendSyncHeader(nil, false, uint16(i+1)), false, syncState{netID: mine, values: pos}), reliably))
	}
	<-done
	assert.Equal(t, int64(1000), calls.Load(), "each sync handled")
}

// TestNoHeaderOnlySync: a state that fits the sync MTU alone but not with
// the header is sent without a packet of the header alone before it,
// which every receiver refuses (the engine's _send_sync sends one).
func TestNoHeaderOnlySync(t *testing.T) {
	m, players, c := replicatingServer(declarePlayers)
	big := make([]byte, 1336) // compressed: 4+4+1336 = 1344 bytes, under sync_mtu alone
	_, err := players.Spawn(testScene, "Ball", map[string]any{propPos: big, propColor: gdvar.Color{}})
	require.NoError(t, err)
	drain(c)
	m.repl.tick()
	for _, p := range drain(c) {
		if p[0]&cmdMask == cmdSync {
			assert.GreaterOrEqual(t, len(p), minSync, "a SYNC every receiver takes")
		}
	}
}

// TestCacheForgetsTheDead: a client that names the nodes of one wave of
// spawns after another, each wave despawned, has every name taken, and
// its cache holds no more than the bound (maxCached beyond the nodes
// there are): the ids of paths with no node left are forgotten.
func TestCacheForgetsTheDead(t *testing.T) {
	m, players, c := replicatingServer(func(m *Multiplayer) *Spawner { return declareGame(m) })
	id := uint32(1)
	for wave := range 5 {
		var objs []*Object
		for i := range 200 {
			name := fmt.Sprintf("W%dP%d", wave, i)
			o, err := players.Spawn(testScene, name, map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
			require.NoError(t, err)
			objs = append(objs, o)
			for _, path := range []string{"Main/Players/" + name, "Main/Players/" + name + "/Sync"} {
				require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, id, path), reliably), "wave %d, %s", wave, path)
				id++
			}
		}
		m.rpc.mu.Lock()
		assert.LessOrEqual(t, len(m.rpc.recv[2].ids), len(m.rpc.nodes)+maxCached, "wave %d", wave)
		m.rpc.mu.Unlock()
		for _, o := range objs {
			require.NoError(t, o.Despawn())
		}
		dropQueued(c)
	}
	// Still full of the last wave's, which no node is at: a path given
	// anew is taken once the sweep has made room.
	o, err := players.Spawn(testScene, "Late", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	require.NoError(t, err)
	require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, id, "Main/Players/Late/Sync"), reliably))
	m.rpc.mu.Lock()
	assert.LessOrEqual(t, len(m.rpc.recv[2].ids), len(m.rpc.nodes)+maxCached)
	m.rpc.mu.Unlock()
	require.NoError(t, o.Despawn())
}
