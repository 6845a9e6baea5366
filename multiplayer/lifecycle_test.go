package multiplayer

import (
	"context"
	"errors"
	"net"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// within fails the test unless ch is closed within 5 s.
func within(t *testing.T, what string, ch <-chan struct{}) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: timed out", what)
	}
}

// Close may be called from a handler or a callback: it does not wait for
// their goroutine; Serve returns and Done is closed once every connection
// has ended, leaving no goroutine behind.
func TestCloseFromInside(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	main.Handle("echo", func(c *Call, _ ...any) { m.Close() })
	ln := mustListen(t)
	served := make(chan struct{})
	go func() {
		assert.NoError(t, m.Serve(context.Background(), ln))
		close(served)
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)

	client := MustNew()
	cmain := client.Node("/root/Main", echoMethods...)
	gone := make(chan struct{})
	client.OnPeerDisconnected(func(id PeerID) {
		if id == ServerID {
			client.Close() // from its own callback
			close(gone)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
	require.NoError(t, cmain.Call(ServerID, "echo"))
	within(t, "Serve after Close in a handler", served)
	within(t, "the server's Done", m.Done())
	within(t, "the client's callback", gone)
	within(t, "the client's Done", client.Done())
	assert.ErrorIs(t, client.Connect(ctx, "ws://127.0.0.1:"+port), ErrClosed, "closed for good")
	ln = mustListen(t)
	assert.ErrorIs(t, m.Serve(ctx, ln), ErrClosed, "closed for good")
	assert.ErrorIs(t, ln.Close(), net.ErrClosed, "Serve closed the listener, as it does whenever it returns")
}

// Closing while clients connect: every connection that got in ends, none
// joins after, and Connect after Close fails (run with -race).
func TestCloseWhileConnecting(t *testing.T) {
	m := MustNew()
	m.Node("/root/Main", echoMethods...)
	port := serve(t, m)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			c := MustNew()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if c.Connect(ctx, "ws://127.0.0.1:"+port) == nil {
				c.Close()
			}
		})
	}
	time.Sleep(5 * time.Millisecond)
	m.Close()
	wg.Wait()
	within(t, "Done", m.Done())
	assert.Empty(t, m.Peers())
}

// Clients connecting at once: never more than WithMaxPeers in, and each
// client is announced to each other once, after its peer id (run with
// -race).
func TestConcurrentClients(t *testing.T) {
	const max = 8
	m := MustNew(WithMaxPeers(max))
	m.Node("/root/Main", echoMethods...)
	port := serve(t, m)
	type seen struct {
		mu  sync.Mutex
		ids []PeerID
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var in []*Multiplayer
	var views []*seen
	for range 40 {
		wg.Go(func() {
			c := MustNew()
			v := &seen{}
			c.OnPeerConnected(func(id PeerID) {
				v.mu.Lock()
				v.ids = append(v.ids, id)
				v.mu.Unlock()
			})
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if c.Connect(ctx, "ws://127.0.0.1:"+port) != nil {
				return
			}
			mu.Lock()
			in, views = append(in, c), append(views, v)
			mu.Unlock()
		})
	}
	wg.Wait()
	assert.LessOrEqual(t, len(in), max)
	assert.LessOrEqual(t, len(m.Peers()), max)
	waitFor(t, "every client to learn of the others", func() bool {
		for _, v := range views {
			v.mu.Lock()
			n := len(v.ids)
			v.mu.Unlock()
			if n < len(in) {
				return false
			}
		}
		return true
	})
	for i, v := range views {
		v.mu.Lock()
		ids := slices.Clone(v.ids)
		v.mu.Unlock()
		assert.Equal(t, ServerID, ids[0], "client %d: the server first", i)
		slices.Sort(ids)
		assert.Len(t, slices.Compact(ids), len(ids), "client %d: each peer announced once: %v", i, ids)
	}
	for _, c := range in {
		c.Close()
	}
}

// OnPeerConnected comes before the peer's first call, OnPeerDisconnected
// after its last: all on the connection's goroutine.
func TestCallbackOrder(t *testing.T) {
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	var mu sync.Mutex
	var events []string
	note := func(e string) {
		mu.Lock()
		events = append(events, e)
		mu.Unlock()
	}
	main.Handle("echo", func(*Call, ...any) { note("call") })
	m.OnPeerConnected(func(PeerID) { note("connected") })
	left := make(chan struct{})
	m.OnPeerDisconnected(func(PeerID) { note("left"); close(left) })
	port := serve(t, m)
	for range 20 { // a call sent with no wait after the id
		ws := rawConn(t, port)
		require.NoError(t, ws.Write(context.Background(), websocket.MessageBinary, appendCall(nil, 0, "Main", 0, true, 0, nil)))
		ws.CloseNow()
		within(t, "the peer leaving", left)
		mu.Lock()
		assert.Equal(t, []string{"connected", "call", "left"}, events)
		events = nil
		mu.Unlock()
		left = make(chan struct{})
	}
}

// A client flooding another with relayed packets does not get it
// disconnected: what does not fit its queue is dropped, as the engine
// drops, and it goes on being served.
func TestRelayFlood(t *testing.T) {
	port, errs := testServer(t, WithSendQueue(DefaultMaxPacket), WithErrorInterval(0)) // each drop counted
	victim, main, replies := testClient(t, port)
	var mu sync.Mutex
	got := 0
	victim.OnPacket(func(PeerID, []byte) {
		mu.Lock()
		got++
		mu.Unlock()
	})
	attacker := rawConn(t, port)
	big := make([]byte, 60000)
	const sent = 200
	for range sent {
		pkt := append(appendSys(nil, sysRelay, victim.ID()), append([]byte{cmdRaw}, big...)...)
		require.NoError(t, attacker.Write(context.Background(), websocket.MessageBinary, pkt))
	}
	dropped := func() int {
		n := 0
		for _, err := range errs.get() {
			if errors.Is(err, ErrQueueFull) {
				n++
			}
		}
		return n
	}
	waitFor(t, "every relayed packet delivered or dropped", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return got+dropped() == sent
	})
	t.Logf("%d relayed packets delivered, %d dropped", got, dropped())
	echoes(t, main, replies, "the victim is still served")
	assert.Contains(t, victim.Peers(), ServerID)
}

// Errors that say what happened: a packet over the limit is refused, not
// sent; nothing is sent before serving (a call to every peer reaches
// none, as rpc() does offline) or after Close; a call to a peer
// that is not there leaves nothing behind.
func TestSendErrors(t *testing.T) {
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	assert.ErrorIs(t, m.SendBytes(AllPeers, []byte{1}), ErrClosed, "not serving yet")
	assert.ErrorIs(t, main.Call(2, "echo"), ErrClosed, "not serving yet")
	assert.NoError(t, main.Call(AllPeers, "echo"), "not serving yet, every peer: none, as rpc() offline")
	port := serve(t, m)
	waitFor(t, "Serve", func() bool { return m.ID() == ServerID })
	client, _, _ := testClient(t, port)
	waitFor(t, "the client", func() bool { return len(m.Peers()) == 1 })
	id := m.Peers()[0]
	assert.ErrorIs(t, m.SendBytes(id, make([]byte, DefaultMaxPacket)), ErrTooLarge)
	assert.ErrorIs(t, main.Call(77, "echo"), ErrNoPeer)
	m.rpc.mu.Lock()
	assert.NotContains(t, m.rpc.sent, PeerID(77), "no cache state for a peer that is not there")
	m.rpc.mu.Unlock()
	m.Disconnect(id)
	waitFor(t, "the client to see the server leave", func() bool { return client.ID() == 0 })
	m.Close()
	assert.ErrorIs(t, main.Call(AllPeers, "echo"), ErrClosed)
	assert.ErrorIs(t, m.SendBytes(id, []byte{1}), ErrClosed)
}

// Disconnect and Close send a close frame: the peer sees a normal closure.
func TestCloseFrame(t *testing.T) {
	m := MustNew()
	m.Node("/root/Main", echoMethods...)
	port := serve(t, m)
	ws := rawConn(t, port)
	waitFor(t, "the client", func() bool { return len(m.Peers()) == 1 })
	require.NoError(t, m.Disconnect(m.Peers()[0]))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _, err := ws.Read(ctx)
	assert.Equal(t, websocket.StatusNormalClosure, websocket.CloseStatus(err), "%v", err)
}

// Handlers that cannot be called are refused when given.
func TestBadHandlers(t *testing.T) {
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	var nilFunc func(*Call)
	for _, fn := range []any{nil, nilFunc, 7, func() {}, func(int) {}, func(*Call) int { return 0 }} {
		assert.Panics(t, func() { main.Handle("echo", fn) }, "%T", fn)
	}
}

// Serve closes its listener however it fails: on a Multiplayer closed, or
// already a client.
func TestServeClosesListener(t *testing.T) {
	port, _ := testServer(t)
	closed := MustNew()
	closed.Close()
	client, _, _ := testClient(t, port)
	for _, tc := range []struct {
		name string
		m    *Multiplayer
	}{{"closed", closed}, {"a client", client}} {
		ln := mustListen(t)
		assert.Error(t, tc.m.Serve(context.Background(), ln), tc.name)
		assert.ErrorIs(t, ln.Close(), net.ErrClosed, "%s: Serve closed the listener", tc.name)
	}
}
