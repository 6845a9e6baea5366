package multiplayer

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Godot 4.6 ENet client whose settings the Go server does not share is
// reported at once, where the engine's client waits 30 s on
// "Connecting…" and the engine's server says nothing: a client that
// compresses with the range coder, to a server that does not; a client
// past the server's peer limit. With the client's compression, the
// server serves it.
func TestLiveENetMismatches(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	t.Setenv("GDVAR_TRANSPORT", "enet")
	for _, c := range []struct {
		name    string
		opts    []Option
		enet    []enet.Option
		clients int
		want    error
	}{
		{"compression", nil, nil, 1, enet.ErrCompression},
		{"compression agreed", nil, []enet.Option{enet.WithCompression(enet.CompressRangeCoder)}, 1, nil},
		{"past the peer limit", []Option{WithMaxPeers(1)}, []enet.Option{enet.WithCompression(enet.CompressRangeCoder)}, 2, enet.ErrTooManyPeers},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GDVAR_ENET_COMPRESSION", "1") // COMPRESS_RANGE_CODER
			m := MustNew(c.opts...)
			m.Node("/root/Main", relayMethods...)
			errs := make(chan error, 64)
			m.OnError(func(err error) { errs <- err })
			joined := make(chan PeerID, 4)
			m.OnPeerConnected(func(id PeerID) { joined <- id })
			port := serveENetWith(t, m, c.enet...)
			for i := range c.clients {
				godot.Start(t, engine, "scripts/multiplayer/client.gd", port, "relay.gd", "relay", "9") // waits for peers that never come
				if i < c.clients-1 || c.want == nil {
					select {
					case <-joined:
					case err := <-errs:
						t.Fatalf("client %d: %v", i, err)
					case <-time.After(liveWait):
						t.Fatalf("client %d did not join", i)
					}
				}
			}
			if c.want == nil {
				assert.Empty(t, errs)
				return
			}
			select {
			case err := <-errs:
				require.ErrorIs(t, err, c.want)
				var pe *PeerError
				require.True(t, errors.As(err, &pe))
				t.Log(err)
			case id := <-joined:
				t.Fatalf("peer %d joined", id)
			case <-time.After(liveWait):
				t.Fatal("nothing reported")
			}
		})
	}
}

// An ENet client the server refuses for the peer id it asks for (below
// 2, or in use), as the engine refuses it, silently, is reported.
func TestENetRefusedIDReported(t *testing.T) {
	m := MustNew()
	errs := make(chan error, 4)
	m.OnError(func(err error) { errs <- err })
	port := serveENetWith(t, m)
	h, err := enet.Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	defer cancel()
	_, _ = h.Connect(ctx, "127.0.0.1:"+port, enetChannels, 1) // the server's own id
	select {
	case err := <-errs:
		require.ErrorIs(t, err, ErrNotAllowed)
		assert.ErrorContains(t, err, "an id below 2 (peer id 1)")
	case <-ctx.Done():
		t.Fatal("nothing reported")
	}
}
