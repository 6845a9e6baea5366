package enet

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An acknowledgement takes out the command it names, whether it waits in
// the sent list or, its time up, in the queue to go again; one naming a
// number in flight on no channel, or acknowledged already, takes nothing.
func TestAckInFlight(t *testing.T) {
	h, _ := testHost()
	p := connectedPeer(h)
	sendInFlight(h, p, 100)
	require.Len(t, p.sentReliable, 100)
	require.Len(t, p.inFlight, 100)
	h.mu.Lock()
	defer h.mu.Unlock()

	require.Zero(t, h.removeSentReliable(p, 1, 3), "nothing sent on channel 3")
	require.Zero(t, h.removeSentReliable(p, 101, 0), "not sent")
	require.Len(t, p.sentReliable, 100)

	require.Equal(t, uint8(cmdSendReliable), h.removeSentReliable(p, 50, 0))
	require.Zero(t, h.removeSentReliable(p, 50, 0), "acknowledged already")
	require.Len(t, p.sentReliable, 99)

	// Every command's time is up: they wait in the queue to go again.
	h.now += 1 << 20
	p.timeoutMaximum, p.timeoutMinimum = 1<<30, 1<<30
	require.False(t, h.checkTimeouts(p))
	require.Empty(t, p.sentReliable)
	require.Len(t, p.outgoingReliable, 99)
	require.Equal(t, uint8(cmdSendReliable), h.removeSentReliable(p, 70, 0))
	require.Len(t, p.outgoingReliable, 98)
	require.NotContains(t, p.inFlight, inFlightKey(0, 70))

	for seq := uint16(1); seq <= 100; seq++ {
		h.removeSentReliable(p, seq, 0)
	}
	require.Empty(t, p.outgoingReliable)
	require.Nil(t, p.inFlight, "the table of a burst goes with it")
	require.Zero(t, p.queuedBytes)
	require.Zero(t, p.reliableDataInTransit)
}
