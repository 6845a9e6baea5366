package multiplayer

import (
	"encoding/binary"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// The scenes of the nested spawners' tests: a ship whose Weapon/Gun
// spawns shots below the ship (Shots) and whose Wreck spawns debris
// outside it, beside the ships (/root/Main/Debris).
const (
	shipScene = "res://ship.tscn"
	shotScene = "res://shot.tscn"
	gunPath   = "Weapon/Gun"
	wreckPath = "Wreck"
)

func declareShips(m *Multiplayer) *Spawner {
	shot := SpawnableScene{Path: shotScene, Synchronizers: []Synchronizer{{Path: "Sync",
		Properties: []Property{{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways}}}}}
	return m.Spawner("/root/Main/Spawner", SpawnerConfig{
		SpawnPath: "/root/Main/Players",
		Scenes: []SpawnableScene{{Path: shipScene, Spawners: []SceneSpawner{
			{Path: gunPath, SpawnerConfig: SpawnerConfig{SpawnPath: "Shots", Scenes: []SpawnableScene{shot}}},
			{Path: wreckPath, SpawnerConfig: SpawnerConfig{SpawnPath: "../../Debris", Scenes: []SpawnableScene{shot}}},
		}}},
	})
}

// A Go server and a Go client, over each transport: a spawned ship holds
// the spawners its scene declares, at its paths, which spawn below the
// ship and outside it on the client too; despawning the ship despawns
// their nodes first, the last spawner's first, on the client as the
// engine's server does (the nested spawners' OnDespawn), and forgets the spawners, which spawn no
// more; a ship spawned again of the name has spawners anew.
func TestNestedSpawners(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		ships := declareShips(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		port := serveOver(t, server, transport)

		client := newReplicaClientOf(t, transport, port, declareShips)
		nested := make(chan string, 16) // what the client's nested spawners did
		client.spawner.OnSpawn(func(o *Object) {
			for _, at := range []string{gunPath, wreckPath} {
				s := o.SpawnerAt(at)
				s.OnSpawn(func(o *Object) { nested <- "spawn " + o.Path() })
				s.OnDespawn(func(o *Object) { nested <- "despawn " + o.Path() })
			}
			client.spawned <- o
		})
		pos := map[string]any{propPos: gdvar.Vector2{X: 1}}
		require.Eventually(t, func() bool { return server.ID() == ServerID }, liveWait, 5*time.Millisecond, "the server has its id")

		for round := range 2 { // the second, the ship spawned again of the name
			ship, err := ships.Spawn(shipScene, "A", nil)
			require.NoError(t, err, "round %d", round)
			mine := next(t, client.spawned)
			gun, wreck := ship.SpawnerAt(gunPath), ship.SpawnerAt(wreckPath)
			require.NotNil(t, gun)
			require.NotNil(t, wreck)
			assert.Nil(t, ship.SpawnerAt("Weapon"), "no spawner there")
			assert.Equal(t, "/root/Main/Players/A/Weapon/Gun", gun.node.Path())

			_, err = gun.Spawn(shotScene, "S", pos)
			require.NoError(t, err)
			_, err = wreck.Spawn(shotScene, "D", pos)
			require.NoError(t, err)
			assert.Equal(t, "spawn /root/Main/Players/A/Shots/S", next(t, nested))
			assert.Equal(t, "spawn /root/Main/Debris/D", next(t, nested))
			shot := mine.SpawnerAt(gunPath).Objects()[0]
			eventually(t, shot, propPos, gdvar.Vector2{X: 1})

			require.NoError(t, ship.Despawn())
			assert.Equal(t, "despawn /root/Main/Debris/D", next(t, nested), "the last spawner's first, as the engine's tree leaves")
			assert.Equal(t, "despawn /root/Main/Players/A/Shots/S", next(t, nested))
			assert.Equal(t, mine, next(t, client.despawned))
			for _, at := range []string{"/root/Main/Players/A/Shots/S", "/root/Main/Debris/D", "/root/Main/Players/A/Weapon/Gun"} {
				assert.Nil(t, server.Lookup(at), "server: %s", at)
				assert.Nil(t, client.m.Lookup(at), "client: %s", at)
			}
			assert.Empty(t, gun.Objects())
			assert.Empty(t, mine.SpawnerAt(gunPath).Objects())
			_, err = gun.Spawn(shotScene, "S2", pos)
			assert.ErrorIs(t, err, ErrNotAllowed, "the spawner went with its ship")
		}
		assert.Len(t, server.repl.spawners, 1, "the ships' spawners are forgotten")
		assert.Empty(t, errs.get())
	})
}

// A peer that leaves takes the nodes it spawned with it, and those its
// nodes' spawners spawned: a Go client whose server closes forgets the
// ship and its shots, each once.
func TestNestedSpawnsGoWithTheServer(t *testing.T) {
	server := MustNew(WithReplicationTick(5 * time.Millisecond))
	ships := declareShips(server)
	port := serveOver(t, server, "websocket")
	client := newReplicaClientOf(t, "websocket", port, declareShips)
	require.Eventually(t, func() bool { return server.ID() == ServerID }, liveWait, 5*time.Millisecond, "the server has its id")
	ship, err := ships.Spawn(shipScene, "A", nil)
	require.NoError(t, err)
	_, err = ship.SpawnerAt(gunPath).Spawn(shotScene, "S", map[string]any{propPos: gdvar.Vector2{}})
	require.NoError(t, err)
	mine := next(t, client.spawned)
	require.Eventually(t, func() bool { return len(mine.SpawnerAt(gunPath).Objects()) == 1 }, liveWait, 5*time.Millisecond)

	require.NoError(t, server.Close())
	require.Eventually(t, func() bool { return client.m.Lookup("/root/Main/Players/A") == nil }, liveWait, 5*time.Millisecond)
	assert.Nil(t, client.m.Lookup("/root/Main/Players/A/Shots/S"))
	assert.Empty(t, mine.SpawnerAt(gunPath).Objects())
	client.m.repl.mu.Lock()
	assert.Len(t, client.m.repl.spawners, 1)
	client.m.repl.mu.Unlock()
}

// A scene's spawner is checked as it is declared: at a path below the
// scene's root no other node of it takes, spawning at a relative path.
func TestNestedSpawnerDeclaration(t *testing.T) {
	for name, sp := range map[string]SceneSpawner{
		"absolute path":       {Path: "/root/Gun", SpawnerConfig: SpawnerConfig{SpawnPath: "Shots"}},
		"the root":            {Path: ".", SpawnerConfig: SpawnerConfig{SpawnPath: "Shots"}},
		"a synchronizer's":    {Path: "Sync", SpawnerConfig: SpawnerConfig{SpawnPath: "Shots"}},
		"no spawn path":       {Path: "Gun"},
		"absolute spawn path": {Path: "Gun", SpawnerConfig: SpawnerConfig{SpawnPath: "/root/Main/Shots"}},
		"bad spawn path":      {Path: "Gun", SpawnerConfig: SpawnerConfig{SpawnPath: "Sh:ots"}},
		"negative limit":      {Path: "Gun", SpawnerConfig: SpawnerConfig{SpawnPath: "Shots", Limit: -1}},
	} {
		t.Run(name, func(t *testing.T) {
			assert.Panics(t, func() {
				MustNew().Spawner("/root/Main/Spawner", SpawnerConfig{SpawnPath: "/root/Main/Players", Scenes: []SpawnableScene{{
					Path: shipScene, Synchronizers: []Synchronizer{{Path: "Sync"}}, Spawners: []SceneSpawner{sp}}}})
			})
		})
	}
	t.Run("spawn path above the root", func(t *testing.T) {
		m, s, _ := replicatingServer(func(m *Multiplayer) *Spawner {
			return m.Spawner("/root/Main/Spawner", SpawnerConfig{SpawnPath: "/root/Main/Players", Scenes: []SpawnableScene{{
				Path: shipScene, Spawners: []SceneSpawner{{Path: "Gun", SpawnerConfig: SpawnerConfig{SpawnPath: "../../../.."}}}}}})
		})
		_, err := s.Spawn(shipScene, "A", nil)
		assert.ErrorIs(t, err, ErrNotAllowed)
		assert.Nil(t, m.Lookup("/root/Main/Players/A"), "nothing was made")
	})
}

// A ship handed to a peer hands it its spawners, as
// set_multiplayer_authority(peer) (recursive) does: Godot peers take
// spawns through them from that peer alone, so the server's are refused;
// a ship whose PlayerInput alone is the peer's keeps its spawners the
// server's (BatteryAcid__godot-authority-2's ships), as does one given
// back.
func TestNestedSpawnerOfAPeersNode(t *testing.T) {
	_, ships, _ := replicatingServer(declareShips)
	for _, tc := range []struct {
		name   string
		give   func(*Object) error
		refuse bool
	}{
		{"the ship", func(o *Object) error { o.SetAuthority(2); return nil }, true},
		{"its Weapon", func(o *Object) error { return o.SetAuthorityAt("Weapon", 2) }, true},
		{"its PlayerInput", func(o *Object) error { return o.SetAuthorityAt("PlayerInput", 2) }, false},
		{"the ship, given back", func(o *Object) error { o.SetAuthority(2); o.SetAuthority(ServerID); return nil }, false},
	} {
		ship, err := ships.Spawn(shipScene, "A", nil)
		require.NoError(t, err)
		require.NoError(t, tc.give(ship))
		_, err = ship.SpawnerAt(gunPath).Spawn(shotScene, "S", map[string]any{propPos: gdvar.Vector2{}})
		if tc.refuse {
			assert.ErrorIs(t, err, ErrNotAllowed, tc.name)
			assert.ErrorContains(t, err, "spawner /root/Main/Players/A/Weapon/Gun is peer 2's", tc.name)
		} else {
			assert.NoError(t, err, tc.name)
		}
		_, err = ship.SpawnerAt(wreckPath).Spawn(shotScene, "D", map[string]any{propPos: gdvar.Vector2{}})
		assert.Equal(t, tc.name == "the ship", err != nil, "%s: the Wreck: %v", tc.name, err)
		require.NoError(t, ship.Despawn())
	}
}

// A server's spawns through a ship's spawner, to a Go client: taken while
// the ship is there; after its despawn, refused as of an unknown node,
// the spawner gone with it; taken again once a ship of the name is
// spawned anew, whose spawner the cache id finds at its path, as the
// engine's cache ids find a node at their path.
func TestNestedSpawnsFromAFakeServer(t *testing.T) {
	m, ships, c := shipsOfFake(t)

	assert.ErrorIs(t, m.route(c, shot(t, 10), reliably), ErrUnknownNode, "no gun named yet")
	require.NoError(t, m.route(c, ship(1), reliably))
	require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, 2, "Main/Players/A/Weapon/Gun"), reliably))
	require.NoError(t, m.route(c, shot(t, 2), reliably))
	gun := ships.Objects()[0].SpawnerAt(gunPath)
	require.Len(t, gun.Objects(), 1)
	var got gdvar.Vector2
	require.NoError(t, gun.Objects()[0].Get(propPos, &got))
	assert.Equal(t, gdvar.Vector2{X: 3}, got)

	require.NoError(t, m.route(c, appendDespawn(nil, 1), reliably))
	assert.Empty(t, gun.Objects(), "the shot went with the ship")
	assert.ErrorIs(t, m.route(c, shot(t, 3), reliably), ErrUnknownNode, "the gun went with the ship")
	assert.ErrorIs(t, m.route(c, appendDespawn(nil, 2), reliably), ErrNotAllowed, "the shot is gone")

	require.NoError(t, m.route(c, ship(4), reliably))
	require.NoError(t, m.route(c, shot(t, 5), reliably))
	assert.Len(t, ships.Objects()[0].SpawnerAt(gunPath).Objects(), 1)
}

// shipsOfFake is a Go client of the ships' spawner whose server is a fake
// connection, one that already named the spawner by cache id 1.
func shipsOfFake(t testing.TB) (*Multiplayer, *Spawner, *conn) {
	m := MustNew()
	ships := declareShips(m)
	c := fakePeer(m, ServerID)
	m.repl.replicating = true
	require.NoError(t, m.enter(c, 5, false))
	require.NoError(t, m.route(c, appendSimplify(nil, emptyChecksum, 1, "Main/Spawner"), reliably))
	return m, ships, c
}

// ship is the server's spawn of ship A, of net id netID.
func ship(netID uint32) []byte {
	return appendSpawn(nil, spawnPacket{spawner: 1, netID: netID, name: "A"})
}

// shot is the server's spawn of a shot through the spawner of cache id
// 2, of net id netID.
func shot(t testing.TB, netID uint32) []byte {
	pos, err := AppendArg(nil, gdvar.Vector2{X: 3}, nil)
	require.NoError(t, err)
	return appendSpawn(nil, spawnPacket{spawner: 2, netID: netID, name: "S" + name(PeerID(netID)),
		syncIDs: binary.LittleEndian.AppendUint32(nil, netID+100), state: pos})
}
