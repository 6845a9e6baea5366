package multiplayer

import (
	"context"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gdvar/gdvar/enet"
)

// A Go client calls a Go server over ENet, gets its reply and its raw
// packet back, and both sides see each other leave; nothing is left
// running.
func TestENetGoToGo(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) }) // after the server's own cleanup
	m := MustNew()
	main := m.Node("/root/Main", echoMethods...)
	main.Handle("echo", func(c *Call, args ...any) error { return c.Reply("echo_reply", args...) })
	m.OnPacket(func(from PeerID, data []byte) { assert.NoError(t, m.SendBytes(from, data)) })
	left := make(chan PeerID, 1)
	m.OnPeerDisconnected(func(id PeerID) { left <- id })
	port := serveOver(t, m, "enet")

	client := MustNew()
	cmain := client.Node("/root/Main", echoMethods...)
	replies := make(chan []any, 1)
	cmain.Handle("echo_reply", func(c *Call, args ...any) { replies <- args })
	raws := make(chan string, 1)
	client.OnPacket(func(_ PeerID, data []byte) { raws <- string(data) })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	id := joinENet(t, client, m, port)
	assert.GreaterOrEqual(t, id, PeerID(2))
	assert.Equal(t, []PeerID{id}, m.Peers())

	require.NoError(t, cmain.Call(ServerID, "echo", int64(7), "hi", []byte{1, 2}))
	select {
	case got := <-replies:
		assert.Equal(t, []any{int64(7), "hi", []byte{1, 2}}, got)
	case <-ctx.Done():
		t.Fatal("no reply")
	}
	require.NoError(t, client.SendBytes(ServerID, []byte("raw")))
	select {
	case got := <-raws:
		assert.Equal(t, "raw", got)
	case <-ctx.Done():
		t.Fatal("no raw packet back")
	}
	client.Close()
	within(t, "the client's Done", client.Done())
	select {
	case got := <-left:
		assert.Equal(t, id, got)
	case <-ctx.Done():
		t.Fatal("the server did not see the client leave")
	}
}

// The server refuses, silently as the engine does, a client whose peer id
// is below 2 or taken: the client is never accepted and times out.
func TestENetRefusesBadIDs(t *testing.T) {
	m := MustNew()
	m.Node("/root/Main", echoMethods...)
	joined := make(chan PeerID, 4)
	m.OnPeerConnected(func(id PeerID) { joined <- id })
	port := serveOver(t, m, "enet")
	h, err := enet.Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	good, err := h.Connect(ctx, "127.0.0.1:"+port, 255, 1234)
	require.NoError(t, err)
	select {
	case id := <-joined:
		assert.Equal(t, PeerID(1234), id)
	case <-ctx.Done():
		t.Fatal("the good client did not join")
	}
	for _, id := range []uint32{0, 1, 1234, 1 << 31} {
		p, err := h.Connect(ctx, "127.0.0.1:"+port, 255, id)
		require.NoError(t, err, "ENet's handshake completes before the refusal")
		p.SetTimeout(0, 200*time.Millisecond, time.Second)
		require.NoError(t, p.Send(0, []byte{0}, enet.Reliable))
		select {
		case <-p.Done():
			assert.ErrorIs(t, p.Err(), enet.ErrTimeout, "id %d", id)
		case <-ctx.Done():
			t.Fatalf("id %d: the refused client did not time out", id)
		}
	}
	assert.Empty(t, joined, "no refused client joined")
	assert.Equal(t, []PeerID{1234}, m.Peers())
	_ = good
}

// A send ENet refuses is reported as what it is: a method's channel the
// peer did not open is enet.ErrChannel, not a full queue.
func TestENetSendErrors(t *testing.T) {
	m := MustNew()
	main := m.Node("/root/Main", Method{Name: "far", Mode: mode.AnyPeer, Channel: 5}, Method{Name: "near", Mode: mode.AnyPeer})
	joined := make(chan PeerID, 1)
	m.OnPeerConnected(func(id PeerID) { joined <- id })
	port := serveOver(t, m, "enet")
	h, err := enet.Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = h.Connect(ctx, "127.0.0.1:"+port, 2, 1234) // channels 0 and 1 only
	require.NoError(t, err)
	id := next(t, joined)
	assert.NoError(t, main.Call(id, "near"))
	err = main.Call(id, "far")
	assert.ErrorIs(t, err, enet.ErrChannel)
	assert.NotErrorIs(t, err, ErrQueueFull)
}

// Each way an ENet connection ends: the side that ends it sees the other
// leave, the other side learns it at once (not by timing out), a server
// that disconnects a client first delivers what it queued for it, and
// nothing is left running.
func TestENetEnds(t *testing.T) {
	tests := []struct {
		name string
		end  func(server, client *Multiplayer)
	}{
		{"the client closes", func(_, client *Multiplayer) { client.Close() }},
		{"the server disconnects the client", func(server, client *Multiplayer) {
			require.NoError(t, server.SendBytes(client.ID(), []byte("last")))
			require.NoError(t, server.Disconnect(client.ID()))
		}},
		{"the server closes", func(server, _ *Multiplayer) { server.Close() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ignore := goleak.IgnoreCurrent()
			t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
			server := MustNew()
			serverSaw := make(chan PeerID, 1)
			server.OnPeerDisconnected(func(id PeerID) { serverSaw <- id })
			port := serveOver(t, server, "enet")
			client := MustNew()
			clientSaw := make(chan PeerID, 1)
			client.OnPeerDisconnected(func(id PeerID) { clientSaw <- id })
			raws := make(chan string, 1)
			client.OnPacket(func(_ PeerID, data []byte) { raws <- string(data) })
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			id := joinENet(t, client, server, port)

			start := time.Now()
			tt.end(server, client)
			for side, ch := range map[PeerID]chan PeerID{id: serverSaw, ServerID: clientSaw} {
				select {
				case got := <-ch:
					assert.Equal(t, side, got)
				case <-ctx.Done():
					t.Fatalf("peer %d was not seen to leave", side)
				}
			}
			// ENet's shortest timeout is 5 s: an end told to the peer takes
			// a round trip.
			assert.Less(t, time.Since(start), 4*time.Second, "an end was found by timing out")
			if tt.name == "the server disconnects the client" {
				select {
				case got := <-raws:
					assert.Equal(t, "last", got, "what was queued before the disconnect")
				default:
					t.Error("the packet queued before the disconnect was lost")
				}
			}
			server.Close()
			client.Close()
			within(t, "the client's Done", client.Done())
		})
	}
}

// joinENet connects client to server, on port over ENet, and returns the
// client's id once the server counts it among its peers.
func joinENet(t *testing.T, client, server *Multiplayer, port string) PeerID {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, client.ConnectENet(ctx, "127.0.0.1:"+port))
	id := client.ID()
	require.Eventually(t, func() bool { return slices.Contains(server.Peers(), id) }, 10*time.Second, 5*time.Millisecond)
	return id
}
