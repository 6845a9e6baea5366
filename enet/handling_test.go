package enet

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A packet Receive returns is being handled until the peer's next
// Receive, whether that one returns a packet, times out or finds the peer
// gone; the flusher then waits for nothing.
func TestReceiveHoldsUntilNext(t *testing.T) {
	server, _, sp, cp := pair(t, 2)
	handling := func() int {
		server.mu.Lock()
		defer server.unlock()
		return server.handling
	}
	require.NoError(t, cp.Send(0, []byte("a"), Reliable))
	require.NoError(t, cp.Send(0, []byte("b"), Reliable))
	assert.Equal(t, []byte("a"), receive(t, sp).Data)
	assert.Equal(t, 1, handling(), "a, until the next Receive")
	assert.Equal(t, []byte("b"), receive(t, sp).Data)
	assert.Equal(t, 1, handling(), "b, a handled")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	_, err := sp.Receive(ctx)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, 0, handling(), "after a Receive that found nothing")

	require.NoError(t, cp.Send(0, []byte("c"), Reliable))
	assert.Equal(t, []byte("c"), receive(t, sp).Data)
	assert.Equal(t, 1, handling())
	sp.DisconnectNow(0)
	assert.Equal(t, 0, handling(), "the peer gone")
}
