package multiplayer

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// The tutorials' player: the server keeps its root's synchronizer
// (position, health), and gives its Inputs node, with a synchronizer of
// its own, to the peer it is named after, in _enter_tree.
const (
	mixedScene  = "res://mixed.tscn"
	propHealth  = ".:health"
	propInput   = "Inputs:direction"
	inputsPath  = "Inputs"
	inputSync   = "Inputs/InputSync"
	serverSync  = "ServerSync"
	mixedHealth = int64(100)
)

func declareMixed(m *Multiplayer) *Spawner {
	return m.Spawner("/root/Main/Spawner", SpawnerConfig{
		SpawnPath: "/root/Main/Players",
		Scenes: []SpawnableScene{{
			Path: mixedScene,
			Synchronizers: []Synchronizer{
				{Path: serverSync, Properties: []Property{
					{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways},
					{Path: propHealth, Spawn: true, Replicate: mode.ReplicateOnChange},
				}},
				{Path: inputSync, Root: inputsPath, Properties: []Property{{Path: propInput, Replicate: mode.ReplicateAlways}}},
			},
			Nodes: []SpawnedNode{{Path: inputsPath, Methods: []Method{{Name: "jump", Transfer: mode.Reliable}}}},
		}},
	})
}

// Mixed ownership within one spawned node: the spawn lists the server's
// synchronizer alone, with its state (a listed Inputs synchronizer, of
// another node than the root, would be refused as malformed by the
// client); the peer's Inputs reach the server and, relayed, a late
// joiner; the server's position and health reach the peer; the Inputs'
// Authority method is the peer's to call; a sync of the server's
// synchronizer from the peer is refused.
func TestSpawnWithOwners(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		players := declareMixed(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		jumps := make(chan PeerID, 4)
		players.Handle(mixedScene, inputsPath, "jump", func(c *Call) error {
			jumps <- c.From
			return players.Objects()[0].Set(propHealth, mixedHealth-10)
		})
		server.OnPeerConnected(func(id PeerID) {
			o, err := players.SpawnWithOwners(mixedScene, name(id), Owners{inputsPath: id},
				map[string]any{propPos: gdvar.Vector2{X: 1}, propHealth: mixedHealth})
			if assert.NoError(t, err) {
				assert.Equal(t, ServerID, o.Authority(), "the root stays the server's")
			}
		})
		port := serveOver(t, server, transport)

		first := newReplicaClientOf(t, transport, port, declareMixed)
		clientErrs := &errorLog{}
		first.m.OnError(clientErrs.add)
		mine := next(t, first.spawned)
		require.NoError(t, mine.SetAuthorityAt(inputsPath, first.m.ID())) // the client's _enter_tree
		var health int64
		require.NoError(t, mine.Get(propHealth, &health), "the spawn's state")
		assert.Equal(t, mixedHealth, health)
		eventually(t, mine, propPos, gdvar.Vector2{X: 1})

		// The peer's input reaches the server, whose moves reach the peer.
		onServer := players.Objects()[0]
		require.NoError(t, mine.Set(propInput, gdvar.Vector2{X: 1}))
		eventually(t, onServer, propInput, gdvar.Vector2{X: 1})
		require.NoError(t, onServer.Set(propPos, gdvar.Vector2{X: 2}))
		eventually(t, mine, propPos, gdvar.Vector2{X: 2})
		require.NoError(t, mine.Child(inputsPath).Call(ServerID, "jump"))
		assert.Equal(t, first.m.ID(), next(t, jumps))
		eventually(t, mine, propHealth, mixedHealth-10)

		// A late joiner takes the first player's Inputs as its peer's.
		late := newReplicaClientOf(t, transport, port, declareMixed)
		seen := map[string]*Object{}
		for range 2 {
			o := next(t, late.spawned)
			seen[o.Name()] = o
		}
		theirs := seen[mine.Name()]
		require.NoError(t, theirs.SetAuthorityAt(inputsPath, first.m.ID()))
		require.NoError(t, mine.Set(propInput, gdvar.Vector2{X: 3}))
		eventually(t, theirs, propInput, gdvar.Vector2{X: 3})
		eventually(t, theirs, propHealth, mixedHealth-10)
		assert.Empty(t, errs.get())
		assert.Empty(t, clientErrs.get())

		// The server's synchronizer is not the peer's to sync.
		mine.SetAuthority(first.m.ID())
		require.NoError(t, mine.Set(propPos, gdvar.Vector2{X: 9}))
		assert.Eventually(t, func() bool { return len(errs.get()) > 0 }, 10*time.Second, 5*time.Millisecond)
		for _, err := range errs.get() {
			assert.ErrorIs(t, err, ErrNotAllowed)
			assert.ErrorContains(t, err, "/root/Main/Players/"+mine.Name()+"/"+serverSync)
		}
	})
}

// A synchronizer of another node than the spawned root is never listed in
// the spawn, as the engine lists only the root's (a Godot client takes
// the listed net ids for the root's synchronizers alone, and refuses a
// spawn with more: ERR_INVALID_DATA): the server's goes by its path.
func TestSpawnListsTheRootsSynchronizers(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		players := declareMixed(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		port := serveOver(t, server, transport)
		client := newReplicaClientOf(t, transport, port, declareMixed)
		clientErrs := &errorLog{}
		client.m.OnError(clientErrs.add)
		bot, err := players.Spawn(mixedScene, "Bot", map[string]any{propPos: gdvar.Vector2{X: 1}, propHealth: mixedHealth})
		require.NoError(t, err)
		require.NoError(t, bot.Set(propInput, gdvar.Vector2{Y: 1}))
		theBot := next(t, client.spawned)
		eventually(t, theBot, propHealth, mixedHealth)
		eventually(t, theBot, propInput, gdvar.Vector2{Y: 1})
		assert.Empty(t, errs.get())
		assert.Empty(t, clientErrs.get())
	})
}

// A server's Spawn before it serves says so: a Go server that spawns
// as soon as its ServeENet goroutine is started may get there first.
func TestSpawnBeforeServing(t *testing.T) {
	players := declareMixed(MustNew())
	_, err := players.Spawn(mixedScene, "Bot", map[string]any{propPos: gdvar.Vector2{}, propHealth: mixedHealth})
	assert.ErrorIs(t, err, ErrNotAllowed)
	assert.ErrorContains(t, err, "not serving yet (Serve or ServeENet starts it)")
}

// A spawn's owners are checked, and the spawn state it needs is that of
// the root's synchronizers the server keeps.
func TestSpawnWithOwnersRefused(t *testing.T) {
	server := MustNew()
	players := declareMixed(server)
	serveOver(t, server, "websocket")
	require.Eventually(t, func() bool { return server.ID() == ServerID }, 10*time.Second, time.Millisecond)
	full := map[string]any{propPos: gdvar.Vector2{}, propHealth: mixedHealth}
	for _, c := range []struct {
		name   string
		owners Owners
		state  map[string]any
		want   string
	}{
		{"a", Owners{"../Other": 2}, full, `node "../Other" owned by peer 2`},
		{"b", Owners{"/root/Main": 2}, full, `node "/root/Main" owned by peer 2`},
		{"c", Owners{inputsPath: 0}, full, `node "Inputs" owned by peer 0`},
		{"c2", Owners{"Input": 2}, full, `owners name "Input", which is no declared node of res://mixed.tscn nor above one`},
		{"d", Owners{inputsPath: 2}, map[string]any{propPos: gdvar.Vector2{}}, `no value for spawn property ".:health"`},
		{"e", Owners{".": 2}, nil, ""},
		{"f", Owners{inputsPath: 2}, full, ""},
	} {
		_, err := players.SpawnWithOwners(mixedScene, c.name, c.owners, c.state)
		if c.want == "" {
			assert.NoError(t, err, c.name)
		} else {
			assert.ErrorContains(t, err, c.want, c.name)
		}
	}
	o := players.Objects()[0]
	assert.Error(t, o.SetAuthorityAt("../x", 2))
	assert.NoError(t, o.SetAuthorityAt(inputsPath, 3))
}

// The owner of a node is that of the deepest path of Owners at it or
// above it, or the server.
func TestOwnersOf(t *testing.T) {
	owners := Owners{".": 2, "Inputs": 3, "Inputs/Deep": 4}
	for path, want := range map[string]PeerID{
		".":                 2,
		"Body":              2,
		"Inputs":            3,
		"Inputs/InputSync":  3,
		"Inputs/Deep":       4,
		"Inputs/Deep/Sync":  4,
		"InputsToo":         2,
		"Inputs/DeepToo/ab": 3,
	} {
		assert.Equal(t, want, owners.of(path), path)
	}
	assert.Equal(t, ServerID, Owners{"Inputs": 3}.of("Body"))
	assert.Equal(t, ServerID, Owners(nil).of("."))
}
