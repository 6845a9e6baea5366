package multiplayer

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/multiplayer/mode"
)

// The scene of the tests of nodes below a spawned root: its synchronizer
// Sync has methods of its script (as tps-demo's InputSynchronizer), and
// so has a deeper node, Body/Gun.
var (
	syncMethods = []Method{{Name: "jump", Mode: mode.Authority, CallLocal: true}}
	gunMethods  = []Method{{Name: "fire", Mode: mode.AnyPeer}, {Name: "hit", Mode: mode.Authority}}
)

func declareArmed(m *Multiplayer) *Spawner {
	return m.Spawner("/root/Main/Spawner", SpawnerConfig{
		SpawnPath: "/root/Main/Players",
		Scenes: []SpawnableScene{{
			Path:          testScene,
			Synchronizers: []Synchronizer{{Path: "Sync", Properties: []Property{{Path: propPos, Spawn: true, Replicate: mode.ReplicateAlways}}}},
			Methods:       []Method{{Name: "hello", Mode: mode.AnyPeer}},
			Nodes:         []SpawnedNode{{Path: "Sync", Methods: syncMethods}, {Path: "Body/Gun", Methods: gunMethods}},
		}},
	})
}

// A Go server and a Go client, over each transport: calls of methods of
// nodes below a spawned scene's root reach the handlers set on
// Object.Child, both ways, the first by path and the next by cache id;
// an Authority method obeys the object's authority; a despawn forgets
// the nodes.
func TestSpawnedChildrenRPC(t *testing.T) {
	overTransports(t, func(t *testing.T, transport string) {
		server := MustNew(WithReplicationTick(5 * time.Millisecond))
		players := declareArmed(server)
		errs := &errorLog{}
		server.OnError(errs.add)
		calls := make(chan string, 8)
		server.OnPeerConnected(func(id PeerID) {
			o, err := players.Spawn(testScene, name(id), map[string]any{propPos: nil})
			if !assert.NoError(t, err) {
				return
			}
			o.Child("Body/Gun").Handle("fire", func(c *Call, n int64) { calls <- fmt.Sprintf("fire %d from %d", n, c.From) })
			o.Child("Sync").Handle("jump", func(c *Call) { calls <- fmt.Sprintf("jump from %d", c.From) })
		})
		port := serveOver(t, server, transport)

		client := newReplicaClientOf(t, transport, port, declareArmed)
		id := client.m.ID()
		mine := next(t, client.spawned)
		assert.Nil(t, mine.Child("Body"), "declares no methods")
		gun := mine.Child("Body/Gun")
		require.NotNil(t, gun)
		assert.Equal(t, "/root/Main/Players/"+name(id)+"/Body/Gun", gun.Path())
		hits := make(chan int64, 8)
		gun.Handle("hit", func(_ *Call, n int64) { hits <- n })

		for n := range int64(3) { // by path, then by cache id
			require.NoError(t, gun.Call(ServerID, "fire", n))
			assert.Equal(t, fmt.Sprintf("fire %d from %d", n, id), next(t, calls))
		}
		onServer := players.Objects()[0]
		for n := range int64(3) {
			require.NoError(t, onServer.Child("Body/Gun").Call(id, "hit", n))
			assert.Equal(t, n, next(t, hits))
		}

		// jump is the authority's: the server's until it gives the node away.
		require.NoError(t, mine.Child("Sync").Call(ServerID, "jump"))
		require.Eventually(t, func() bool { return len(errs.get()) == 1 }, liveWait, 5*time.Millisecond)
		assert.ErrorIs(t, errs.get()[0], ErrNotAllowed)
		onServer.SetAuthority(id)
		assert.Equal(t, id, PeerID(onServer.Child("Sync").authority.Load()))
		require.NoError(t, mine.Child("Sync").Call(ServerID, "jump"))
		assert.Equal(t, fmt.Sprintf("jump from %d", id), next(t, calls))

		path := onServer.Child("Body/Gun").Path()
		require.NotNil(t, server.Lookup(path))
		require.NoError(t, onServer.Despawn())
		next(t, client.despawned)
		assert.Nil(t, server.Lookup(path), "forgotten on the server")
		assert.Nil(t, client.m.Lookup(path), "and on the client")
		assert.Nil(t, server.Lookup(onServer.Path()+"/Sync"))
		assert.Len(t, errs.get(), 1)
	})
}

// Spawner.Handle, set before serving, is the handler of each spawn's
// node, root or below, until Handle on one node replaces it there; an
// undeclared scene, node or method, or no handler, is a mistake.
func TestSpawnerHandle(t *testing.T) {
	server := MustNew(WithReplicationTick(5 * time.Millisecond))
	players := declareArmed(server)
	calls := make(chan string, 8)
	players.Handle(testScene, "Body/Gun", "fire", func(c *Call, n int64) { calls <- fmt.Sprintf("%s fire %d", c.Node.Path(), n) })
	players.Handle(testScene, ".", "hello", func(c *Call) { calls <- c.Node.Path() + " hello" })
	server.OnPeerConnected(func(id PeerID) {
		_, err := players.Spawn(testScene, name(id), map[string]any{propPos: nil})
		assert.NoError(t, err)
	})
	port := serveOver(t, server, "websocket")
	client := newReplicaClientOf(t, "websocket", port, declareArmed)
	mine := next(t, client.spawned)
	at := "/root/Main/Players/" + mine.Name()
	require.NoError(t, mine.Child("Body/Gun").Call(ServerID, "fire", 1))
	assert.Equal(t, at+"/Body/Gun fire 1", next(t, calls))
	require.NoError(t, mine.Node().Call(ServerID, "hello"))
	assert.Equal(t, at+" hello", next(t, calls))

	players.Objects()[0].Child("Body/Gun").Handle("fire", func(_ *Call, n int64) { calls <- fmt.Sprintf("replaced %d", n) })
	require.NoError(t, mine.Child("Body/Gun").Call(ServerID, "fire", 2))
	assert.Equal(t, "replaced 2", next(t, calls))

	for _, bad := range [][3]string{{"res://nope.tscn", ".", "hello"}, {testScene, "Body", "fire"}, {testScene, ".", "fire"}, {testScene, "Body/Gun", "nope"}} {
		assert.Panics(t, func() { players.Handle(bad[0], bad[1], bad[2], func(*Call) {}) }, "%v", bad)
	}
	assert.Panics(t, func() { players.Handle(testScene, ".", "hello", 3) }, "no handler")
}

// A node below a scene's root is declared once, at a path below it.
func TestSpawnedNodeDeclaration(t *testing.T) {
	for _, path := range []string{"", ".", "..", "../Other", "/root/Main", "Body/", "Body/../Gun", "Sync"} {
		t.Run(path, func(t *testing.T) {
			nodes := []SpawnedNode{{Path: path, Methods: gunMethods}}
			if path == "Sync" {
				nodes = append(nodes, SpawnedNode{Path: "Sync"})
			}
			assert.Panics(t, func() {
				MustNew().Spawner("/root/Main/Spawner", SpawnerConfig{SpawnPath: "Main/Players", Scenes: []SpawnableScene{{Path: testScene, Nodes: nodes}}})
			})
		})
	}
	assert.NotPanics(t, func() {
		MustNew().Spawner("/root/Main/Spawner", SpawnerConfig{SpawnPath: "Main/Players", Scenes: []SpawnableScene{{Path: testScene, Nodes: []SpawnedNode{{Path: "Body/Gun", Methods: gunMethods}}}}})
	})
}
