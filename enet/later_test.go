package enet

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Packets queued together go out together: 50 small packets queued while
// the host is busy (its lock held, as while its reader handles a
// datagram) leave in two datagrams (ENet puts at most 32 commands in
// one), where sent they take one each; all arrive, in order.
func TestQueuePacks(t *testing.T) {
	server, _, sp, cp := pair(t, 2)
	for _, queued := range []bool{false, true} {
		before := server.Stats().DatagramsOut
		server.mu.Lock()
		for i := range 50 {
			if queued {
				require.NoError(t, sp.queue(1, []byte{byte(i)}, Unsequenced))
			} else {
				require.NoError(t, sp.send(1, []byte{byte(i)}, Unsequenced))
				server.flushPeer(sp, false) // as Send
			}
		}
		server.unlock()
		for i := range 50 {
			require.Equal(t, []byte{byte(i)}, receive(t, cp).Data)
		}
		sent := server.Stats().DatagramsOut - before
		if queued {
			assert.Equal(t, uint64(2), sent, "queued")
		} else {
			assert.Equal(t, uint64(50), sent, "sent one by one")
		}
	}
}
