package enet

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A host that refuses connects answers a new one with a disconnect: the
// client's connect fails at once, not at its timeout; the peers that
// joined before stay, and once it takes connects again, clients join.
func TestRefuseConnects(t *testing.T) {
	server, _, sp, cp := pair(t, 1)
	server.RefuseConnects(true)
	client, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	started := time.Now()
	_, err = client.Connect(ctx, server.Addr().String(), 1, 7)
	require.Error(t, err)
	var refused *DisconnectError
	assert.True(t, errors.As(err, &refused), "a disconnect, not a timeout: %v", err)
	assert.Less(t, time.Since(started), 2*time.Second)
	assert.EqualValues(t, 1, server.Stats().ConnectsRefused)

	require.NoError(t, cp.Send(0, []byte("still here"), Reliable))
	assert.Equal(t, "still here", string(receive(t, sp).Data), "the peer that joined before plays on")

	server.RefuseConnects(false)
	p, err := client.Connect(ctx, server.Addr().String(), 1, 8)
	require.NoError(t, err)
	p.DisconnectNow(0)
}
