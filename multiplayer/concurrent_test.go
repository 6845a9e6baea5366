package multiplayer

import (
	"context"
	"errors"
	"fmt"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The methods of the concurrency test's node: echo, answered by
// echo_reply, and local, which runs on the caller's side too.
var concurrentMethods = append([]Method{{Name: "local", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.Reliable}}, echoMethods...)

// concurrentSide is a side of the concurrency test: its Multiplayer, node,
// spawner, and the calls and packets it received.
type concurrentSide struct {
	t              *testing.T
	m              *Multiplayer
	main           *Node
	players        *Spawner
	calls, packets atomic.Int64
}

// declareConcurrent declares the test's node and spawner on m, with
// handlers that count what arrives.
func declareConcurrent(t *testing.T, m *Multiplayer) *concurrentSide {
	s := &concurrentSide{t: t, m: m, main: m.Node("/root/Main", concurrentMethods...), players: declarePlayers(m)}
	s.handle()
	return s
}

// handle sets (again) every handler and callback of the side.
func (s *concurrentSide) handle() {
	s.main.Handle("echo", func(c *Call, n int64, text string) error {
		s.calls.Add(1)
		if text == "later" { // a reply from another goroutine, after the handler
			go func() { assert.NoError(s.t, c.Reply("echo_reply", n, text)) }()
			return nil
		}
		return c.Reply("echo_reply", n, text)
	})
	Handle2(s.main, "echo_reply", func(_ *Call, _ int64, _ string) error { s.calls.Add(1); return nil })
	Handle1(s.main, "local", func(*Call, int64) error { s.calls.Add(1); return nil })
	s.main.HandleArgError("echo", func(*Call, *ArgError) {})
	s.m.OnPacket(func(PeerID, []byte) { s.packets.Add(1) })
	s.m.OnPeerConnected(func(PeerID) {})
	s.m.OnPeerDisconnected(func(PeerID) {})
	s.m.OnPeerAuthenticating(func(PeerID) {})
	s.m.OnPeerAuthenticationFailed(func(PeerID) {})
	s.players.OnSpawn(func(*Object) {})
	s.players.OnDespawn(func(*Object) {})
	s.players.OnSync(func(*Object, PeerID) {})
	s.players.SetVisibilityFilter(func(*Object, PeerID) bool { return true })
}

// Every exported method of a server, of its nodes, spawner and spawned
// nodes, and of two Go clients, called from four goroutines per side at
// once while the server serves the clients, replicates and relays, and a
// third client joins and leaves, over each transport. Under -race (CI's
// race run) it fails on what a lock does not guard; without it, it checks
// that every call did what it says and that no peer saw an error.
func TestConcurrentAPI(t *testing.T) {
	overTransports(t, concurrentAPI)
}

// concurrentAPI is TestConcurrentAPI over a transport.
func concurrentAPI(t *testing.T, transport string) {
	const goroutines, rounds = 4, 20
	server := declareConcurrent(t, MustNew(WithReplicationTick(time.Millisecond)))
	errs := &errorLog{}
	server.m.OnError(errs.add)
	port := serveOver(t, server.m, transport)
	var clients []*concurrentSide
	for range 2 {
		// The side's callbacks alone: any other that blocks (as
		// newReplicaClient's OnSpawn into its 8-slot channel, which nothing
		// here drains) holds up the client's reading goroutine for good.
		c := declareConcurrent(t, MustNew(WithReplicationTick(5*time.Millisecond)))
		c.m.OnError(errs.add)
		require.NoError(t, connectSide(c.m, transport, port))
		t.Cleanup(func() { c.m.Close() })
		clients = append(clients, c)
		waitFor(t, "the client's admission", func() bool { return len(server.m.Peers()) == len(clients) })
	}
	waitFor(t, "the clients to know each other", func() bool {
		return len(clients[0].m.Peers()) == 2 && len(clients[1].m.Peers()) == 2
	})

	var wg sync.WaitGroup
	wg.Go(func() { // a client joins and leaves, again and again
		for range 3 {
			joiner := declareConcurrent(t, MustNew())
			assert.NoError(t, connectSide(joiner.m, transport, port))
			joiner.m.Close()
			within(t, "the joiner's end", joiner.m.Done())
		}
	})
	for g := range goroutines {
		wg.Go(func() {
			for i := range rounds {
				useServer(t, server, fmt.Sprintf("g%dr%d", g, i))
			}
		})
		for _, c := range clients {
			wg.Go(func() {
				for range rounds {
					useClient(t, c)
				}
			})
		}
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	within(t, "the goroutines' calls", done)

	calls := int64(goroutines * rounds)
	waitFor(t, "every call's handler", func() bool {
		// The server: two echoes and a local from each client, its own
		// local; a client: its echoes' replies, the server's
		// echo_reply.
		return server.calls.Load() == 7*calls && clients[0].calls.Load() == 3*calls && clients[1].calls.Load() == 3*calls
	})
	waitFor(t, "every raw packet", func() bool { return server.packets.Load() == 2*calls })
	for _, c := range clients {
		waitFor(t, "the spawns and despawns", func() bool { return len(c.players.Objects()) == goroutines*rounds })
	}
	assert.Empty(t, errs.get())

	// Calls go on while the server closes: each returns, at worst
	// ErrClosed or ErrNoPeer, or ErrQueueFull (over ENet, this flood
	// overruns the clients' sockets: the losses throttle the reliable
	// window down to a datagram, and the server's queue fills), and Done
	// follows.
	stop := make(chan struct{})
	var closing sync.WaitGroup
	for g := range goroutines {
		closing.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				name := fmt.Sprintf("closing%d_%d", g, i)
				_, _ = server.players.Spawn(testScene, name, map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
				if err := server.main.Call(AllPeers, "echo_reply", int64(1), name); err != nil {
					assert.True(t, errors.Is(err, ErrClosed) || errors.Is(err, ErrNoPeer) || errors.Is(err, ErrQueueFull), "%v", err)
				}
				_ = clients[g%2].main.Call(ServerID, "echo", int64(1), name)
			}
		})
	}
	time.Sleep(20 * time.Millisecond)
	require.NoError(t, server.m.Close())
	within(t, "the server's Done", server.m.Done())
	close(stop)
	closing.Wait()
	assert.ErrorIs(t, server.main.Call(AllPeers, "echo_reply", int64(1), ""), ErrClosed)
	assert.ErrorIs(t, server.m.SendBytes(AllPeers, []byte{1}), ErrClosed)
}

// connectSide connects m to the test's server on port over a transport.
func connectSide(m *Multiplayer, transport, port string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if transport == "enet" {
		return m.ConnectENet(ctx, "127.0.0.1:"+port)
	}
	return m.Connect(ctx, "ws://127.0.0.1:"+port)
}

// useServer calls, on a server, each exported method that may be called
// while it serves; name is the round's own node name.
func useServer(t *testing.T, s *concurrentSide, name string) {
	m := s.m
	assert.Equal(t, ServerID, m.ID())
	assert.GreaterOrEqual(t, len(m.Peers()), 2, "the two clients, and one joining")
	s.handle()
	s.main.SetAuthority(ServerID)
	assert.Equal(t, "/root/Main", s.main.Path())
	assert.NoError(t, s.main.Call(AllPeers, "echo_reply", int64(1), name))
	assert.NoError(t, s.main.Call(ServerID, "local", int64(1)))
	assert.ErrorIs(t, m.SendAuth(3<<20, []byte{1}), ErrNoPeer)
	assert.ErrorIs(t, m.CompleteAuth(3<<20), ErrNoPeer)
	assert.ErrorIs(t, m.Disconnect(3<<20), ErrNoPeer)
	m.Node("/root/Extra/" + name)

	o, err := s.players.Spawn(testScene, name, map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	if !assert.NoError(t, err) {
		return
	}
	assert.Equal(t, name, o.Name())
	assert.Equal(t, "/root/Main/Players/"+name, o.Path())
	assert.Equal(t, testScene, o.Scene())
	assert.Same(t, s.players, o.Spawner())
	assert.Equal(t, o.Path(), o.Node().Path())
	assert.Error(t, o.Data(new(any)), "not a custom spawn")
	assert.NoError(t, o.Set(propPos, gdvar.Vector2{X: 1}))
	assert.NoError(t, o.Set(propScore, int64(2)))
	var score int64
	assert.NoError(t, o.Get(propScore, &score))
	assert.Equal(t, int64(2), score)
	o.SetAuthority(o.Authority())
	o.SetVisibility(0, true)
	o.SetVisibilityFilter(func(PeerID) bool { return true })
	o.UpdateVisibility()
	s.players.UpdateVisibility()
	assert.NotEmpty(t, s.players.Objects())
	gone, err := s.players.Spawn(testScene, name+"_gone", map[string]any{propPos: gdvar.Vector2{}, propColor: gdvar.Color{}})
	if assert.NoError(t, err) {
		assert.NoError(t, gone.Despawn())
	}
}

// useClient calls, on a client, each exported method that may be called
// while it is connected.
func useClient(t *testing.T, c *concurrentSide) {
	m := c.m
	self := m.ID()
	assert.Greater(t, self, ServerID)
	assert.GreaterOrEqual(t, len(m.Peers()), 2, "the server and the other client, and one joining")
	c.handle()
	assert.NoError(t, c.main.Call(ServerID, "echo", int64(1), "now"))
	assert.NoError(t, c.main.Call(ServerID, "echo", int64(1), "later"))
	assert.NoError(t, c.main.Call(ServerID, "local", int64(1)))
	assert.NoError(t, m.SendBytes(ServerID, []byte{1}))
	for _, o := range c.players.Objects() {
		assert.NoError(t, o.Get(propPos, new(gdvar.Vector2)), "a spawn property")
		assert.NoError(t, o.Set(propScore, int64(3)), "stored, not sent: the server owns it")
		assert.Equal(t, ServerID, o.Authority())
	}
}
