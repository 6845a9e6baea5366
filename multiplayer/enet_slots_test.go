package multiplayer

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/enet"
)

// An ENet server given no WithMaxPeers has the slots Godot's
// create_server gives (DefaultENetPeers): that many clients get in, and
// the next finds no slot, its connect unanswered.
func TestENetDefaultSlots(t *testing.T) {
	m := MustNew()
	addr := "127.0.0.1:" + serveOver(t, m, "enet")
	client := func() *enet.Host {
		h, err := enet.Listen("udp4", "127.0.0.1:0")
		require.NoError(t, err)
		t.Cleanup(func() { h.Close() })
		return h
	}
	for i := range DefaultENetPeers {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := client().Connect(ctx, addr, enetChannels, uint32(100+i))
		cancel()
		require.NoError(t, err, "client %d", i)
	}
	// Every slot connected, none only offered (a connect takes an offer's
	// slot, not a connected one's).
	require.Eventually(t, func() bool { return len(m.Peers()) == DefaultENetPeers }, 10*time.Second, 5*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := client().Connect(ctx, addr, enetChannels, 99)
	require.ErrorIs(t, err, context.DeadlineExceeded, "a client past the slots got in")
}
