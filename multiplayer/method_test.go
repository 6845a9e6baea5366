package multiplayer

import (
	"context"
	"errors"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/enet"
)

// A node's rpc_config methods are numbered apart from its script's, as
// the engine numbers them: 0x8000 | their place among themselves, sorted;
// the checksum walks them first.
func TestConfigMethodIDs(t *testing.T) {
	n := MustNew().Node("Main",
		Method{Name: "zeta"}, Method{Name: "alpha"},
		Method{Name: "set_pos", Config: true}, Method{Name: "fire", Config: true},
		Method{Name: "alpha", Config: true}) // in both: by name, the script's
	for _, tt := range []struct {
		name string
		id   uint16
	}{{"alpha", 0}, {"zeta", 1}} {
		assert.Equal(t, tt.id, n.byName(tt.name).id, tt.name)
	}
	for _, tt := range []struct {
		id   uint16
		name string
	}{{0, "alpha"}, {1, "zeta"}, {0x8000, "alpha"}, {0x8001, "fire"}, {0x8002, "set_pos"}} {
		m := n.byID(tt.id)
		require.NotNil(t, m, "%#x", tt.id)
		assert.Equal(t, tt.name, m.Name, "%#x", tt.id)
		assert.Equal(t, tt.id&configFlag != 0, m.Config, "%#x", tt.id)
	}
	for _, id := range []uint16{2, 0x8003, 0xffff} {
		assert.Nil(t, n.byID(id), "%#x", id)
	}
	assert.Equal(t, checksum([]string{"alpha", "fire", "set_pos", "alpha", "zeta"}), n.methods.checksum)
	assert.Panics(t, func() { MustNew().Node("Main", Method{Name: "f", Channel: MaxChannel + 1}) }, "a channel past ENet's")
	assert.Panics(t, func() { MustNew().Node("Main", Method{Name: "f", Transfer: mode.Reliable + 1}) }, "no such mode")
	assert.Panics(t, func() { MustNew().Node("Main", Method{Name: "f", Mode: mode.Disabled + 1}) }, "no such RPC mode: not disabled unnoticed")
}

// Over ENet each method's calls go on the channel and with the flags that
// ENetMultiplayerPeer gives their transfer mode and channel, and node
// paths reliably on channel 0.
func TestENetDelivery(t *testing.T) {
	tests := []struct {
		meth    Method
		channel uint8
		flags   enet.Flag
	}{
		{Method{Name: "a_reliable", Transfer: mode.Reliable}, 0, enet.Reliable},
		{Method{Name: "b_unreliable"}, 1, enet.Unsequenced},
		{Method{Name: "c_ordered", Transfer: mode.UnreliableOrdered}, 1, 0},
		{Method{Name: "d_reliable_3", Transfer: mode.Reliable, Channel: 3}, 4, enet.Reliable},
		{Method{Name: "e_unreliable_2", Channel: 2}, 3, enet.Unsequenced},
		{Method{Name: "f_config", Transfer: mode.Reliable, Channel: 1, Config: true}, 2, enet.Reliable},
	}
	server, err := enet.Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer server.Close()
	client := MustNew()
	var methods []Method
	for _, tt := range tests {
		methods = append(methods, tt.meth)
	}
	main := client.Node("Main", methods...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	accepted := make(chan *enet.Peer, 1)
	go func() {
		p, err := server.Accept(ctx)
		if err == nil {
			p.Send(0, appendSys(nil, sysAddPeer, ServerID), enet.Reliable) // harmless: a client ignores the server's own id
			accepted <- p
		}
	}()
	require.NoError(t, client.ConnectENet(ctx, server.Addr().String()))
	defer client.Close()
	var sp *enet.Peer
	select {
	case sp = <-accepted:
	case <-ctx.Done():
		t.Fatal("the client was not accepted")
	}
	next := func() enet.Packet {
		pk, err := sp.Receive(ctx)
		require.NoError(t, err)
		return pk
	}
	for i, tt := range tests {
		require.NoError(t, main.Call(ServerID, tt.meth.Name, int64(i)))
		if i == 0 {
			pk := next()
			require.Equal(t, byte(cmdSimplifyPath), pk.Data[0]&cmdMask, "the node's path first")
			assert.Equal(t, uint8(0), pk.Channel, "the path's channel")
			assert.Equal(t, enet.Reliable, pk.Flags, "the path's flags")
		}
		pk := next()
		require.Equal(t, byte(cmdRemoteCall), pk.Data[0]&cmdMask, tt.meth.Name)
		call, err := parseCall(nil, pk.Data)
		require.NoError(t, err)
		assert.Equal(t, main.byName(tt.meth.Name).id, call.method, tt.meth.Name)
		assert.Equal(t, tt.channel, pk.Channel, "%s: ENet channel", tt.meth.Name)
		assert.Equal(t, tt.flags, pk.Flags&^enet.UnreliableFragment, "%s: flags", tt.meth.Name)
		assert.Equal(t, delivery{transfer: tt.meth.Transfer, channel: tt.meth.Channel}, enetDelivery(pk), "%s: read back", tt.meth.Name)
	}
}

// A CallLocal method's Call runs this side's handler too, as the engine's
// rpc does for call_local: for every peer, every peer but another, or this
// side alone (which sends nothing); never for one other peer, or for
// every peer but this side. Without CallLocal a call to oneself fails.
func TestCallLocal(t *testing.T) {
	server := MustNew()
	type got struct {
		from PeerID
		arg  string
	}
	serverGot, clientGot := make(chan got, 4), make(chan got, 4)
	methods := []Method{{Name: "local", Mode: mode.AnyPeer, CallLocal: true, Transfer: mode.Reliable}, {Name: "remote", Mode: mode.AnyPeer}}
	smain := server.Node("Main", methods...)
	smain.Handle("local", func(c *Call, s string) { serverGot <- got{c.From, s} })
	port := serve(t, server)
	client := MustNew()
	cmain := client.Node("Main", methods...)
	cmain.Handle("local", func(c *Call, s string) { clientGot <- got{c.From, s} })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
	defer client.Close()
	id := client.ID()
	require.Eventually(t, func() bool { return len(server.Peers()) == 1 }, 10*time.Second, 5*time.Millisecond)

	tests := []struct {
		to            PeerID
		local, remote bool
	}{
		{AllPeers, true, true},
		{ServerID, true, false},
		{id, false, true},
		{-id, true, false},
		{-ServerID, false, true},
	}
	for _, tt := range tests {
		require.NoError(t, smain.Call(tt.to, "local", "x"), "to %d", tt.to)
		if tt.local {
			select {
			case g := <-serverGot: // the local call ran before Call returned
				assert.Equal(t, got{ServerID, "x"}, g, "to %d", tt.to)
			default:
				t.Errorf("to %d: the local handler did not run", tt.to)
			}
		}
		require.NoError(t, smain.Call(id, "local", "mark")) // after the call above, on the same peer
		want := []string{"mark"}
		if tt.remote {
			want = []string{"x", "mark"}
		}
		for _, w := range want {
			select {
			case g := <-clientGot:
				assert.Equal(t, got{ServerID, w}, g, "to %d", tt.to)
			case <-ctx.Done():
				t.Fatalf("to %d: the client did not get %q", tt.to, w)
			}
		}
		assert.Empty(t, serverGot, "to %d", tt.to)
	}
	assert.ErrorIs(t, smain.Call(ServerID, "remote"), ErrNotAllowed, "oneself, without CallLocal")
}

// A server without relay announces no peer to another and relays
// nothing; its clients know only the server, and a relay a client sends
// anyway is refused.
func TestServerRelayOff(t *testing.T) {
	server := MustNew(WithServerRelay(false))
	server.Node("Main", echoMethods...)
	port := serve(t, server)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var clients []*Multiplayer
	var announced []chan PeerID
	var first *Node
	for range 3 {
		c := MustNew()
		if n := c.Node("Main", echoMethods...); first == nil {
			first = n
		}
		saw := make(chan PeerID, 4)
		c.OnPeerConnected(func(id PeerID) { saw <- id })
		require.NoError(t, c.Connect(ctx, "ws://127.0.0.1:"+port))
		defer c.Close()
		clients, announced = append(clients, c), append(announced, saw)
	}
	require.Eventually(t, func() bool { return len(server.Peers()) == 3 }, 10*time.Second, 5*time.Millisecond)
	// A packet sent after the joins arrives after any announcement would.
	for i, c := range clients {
		got := make(chan string, 1)
		c.OnPacket(func(_ PeerID, data []byte) { got <- string(data) })
		require.NoError(t, server.SendBytes(c.ID(), []byte("after")))
		select {
		case s := <-got:
			assert.Equal(t, "after", s)
		case <-ctx.Done():
			t.Fatal("no packet")
		}
		assert.Equal(t, []PeerID{ServerID}, c.Peers(), "client %d", i)
		assert.Equal(t, ServerID, <-announced[i], "client %d: the server, once", i)
		assert.Empty(t, announced[i], "client %d: no other peer announced", i)
	}
	assert.ErrorIs(t, first.Call(clients[1].ID(), "echo"), ErrNoPeer)
	clients[2].Close()
	require.Eventually(t, func() bool { return len(server.Peers()) == 2 }, 10*time.Second, 5*time.Millisecond)
	assert.Equal(t, ServerID, server.ID(), "the server, after a client left")

	m := MustNew(WithServerRelay(false))
	m.Node("Main", echoMethods...)
	c := fakeConn(m)
	relay := append(appendSys(nil, sysRelay, 0), appendCall(nil, 0, "Main", 0, true, 0, nil)...)
	assert.ErrorIs(t, m.route(c, relay, reliably), ErrNotAllowed)
	assert.Zero(t, fakeLink(c).queued, "nothing relayed")
}

// A call whose argument does not decode into its handler's parameter
// does not reach the handler, as the engine does not call the function;
// it reaches HandleArgError's function, with the arguments as they came,
// or else OnError, as an *ArgError.
func TestArgError(t *testing.T) {
	type seen struct {
		from  PeerID
		index int
		arg   []byte
	}
	tests := []struct {
		name     string
		args     []any
		index    int
		withFunc bool
	}{
		{"a string for an int", []any{"x", "y"}, 0, true},
		{"the second argument", []any{int64(1), int64(2)}, 1, true},
		{"one too many", []any{int64(1), "y", true}, 2, true},
		{"to OnError", []any{"x", "y"}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			server := MustNew()
			main := server.Node("Main", Method{Name: "f", Mode: mode.AnyPeer, Transfer: mode.Reliable})
			handled, sawErr := make(chan struct{}, 1), make(chan seen, 1)
			main.Handle("f", func(_ *Call, n int64, s string) { handled <- struct{}{} })
			if tt.withFunc {
				main.HandleArgError("f", func(c *Call, err *ArgError) {
					sawErr <- seen{c.From, err.Index, append([]byte(nil), c.Arg(err.Index)...)}
				})
			}
			reported := make(chan error, 1)
			server.OnError(func(err error) { reported <- err })
			port := serve(t, server)
			client := MustNew()
			cmain := client.Node("Main", Method{Name: "f", Mode: mode.AnyPeer, Transfer: mode.Reliable})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
			defer client.Close()
			require.NoError(t, cmain.Call(ServerID, "f", tt.args...))
			require.NoError(t, cmain.Call(ServerID, "f", int64(1), "fits")) // the next call goes on
			if tt.withFunc {
				select {
				case got := <-sawErr:
					want, err := AppendArg(nil, tt.args[tt.index], nil)
					require.NoError(t, err)
					var wantArg []byte
					wantArg, _, err = ReadArg(nil, want, nil)
					require.NoError(t, err)
					assert.Equal(t, seen{client.ID(), tt.index, wantArg}, got)
				case <-ctx.Done():
					t.Fatal("HandleArgError's function was not called")
				}
			} else {
				select {
				case err := <-reported:
					ae, ok := errors.AsType[*ArgError](err)
					require.True(t, ok, "%v", err)
					assert.Equal(t, tt.index, ae.Index)
					assert.Equal(t, "/root/Main", ae.Node)
				case <-ctx.Done():
					t.Fatal("nothing reported")
				}
			}
			select {
			case <-handled:
			case <-ctx.Done():
				t.Fatal("the next call was not handled")
			}
			assert.Empty(t, handled, "the bad call reached the handler")
			assert.Empty(t, reported, "reported as well")
		})
	}
}

// A method whose mode is mode.Disabled (C#'s RpcMode.Disabled) keeps its
// place among the node's methods, and a peer's call to it is refused,
// as the engine refuses it; the method beside it is served.
func TestDisabledMethod(t *testing.T) {
	m := MustNew()
	n := m.Node("Main", Method{Name: "off", Mode: mode.Disabled}, Method{Name: "on", Mode: mode.AnyPeer})
	var ran []string
	n.Handle("off", func(*Call) { ran = append(ran, "off") })
	n.Handle("on", func(*Call) { ran = append(ran, "on") })
	c := fakeConn(m)
	assert.ErrorIs(t, m.route(c, appendCall(nil, 0, "Main", 0, false, 0, nil), reliably), ErrNotAllowed)
	require.NoError(t, m.route(c, appendCall(nil, 0, "Main", 1, false, 0, nil), reliably))
	assert.Equal(t, []string{"on"}, ran)
	_, err := NewMethodSet(Method{Name: "f", Mode: mode.Disabled + 1})
	assert.Error(t, err, "a mode that is none")
}
