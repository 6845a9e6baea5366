package enet

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSentTimeIsNow checks that a datagram sent by Send or by the flusher
// carries the time it is sent, not the host's last reading of its clock:
// with no tick and no datagram read for 150 ms (less than the server
// takes to send its verify-connect again), a stale clock adds them to the
// round trip the peer's acknowledgement echoes (the RTT then read, the
// first measured), where a fresh one makes it no longer than the exchange
// took, however long a busy machine makes that.
func TestSentTimeIsNow(t *testing.T) {
	for _, tc := range []struct {
		name string
		send func(p *Peer, data []byte) error
	}{
		{"Send", func(p *Peer, data []byte) error { return p.Send(0, data, Reliable) }},
		{"Queue", func(p *Peer, data []byte) error { return p.Queue(0, data, Reliable) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server, err := Listen("udp", "127.0.0.1:0")
			require.NoError(t, err)
			defer server.Close()
			client, err := Listen("udp", "127.0.0.1:0", WithTick(time.Hour)) // its clock moves only when it reads, or sends
			require.NoError(t, err)
			defer client.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			cp, err := client.Connect(ctx, server.Addr().String(), 1, 0)
			require.NoError(t, err)
			time.Sleep(150 * time.Millisecond)
			start := time.Now()
			require.NoError(t, tc.send(cp, []byte("ping"))) // acknowledges the connect, too
			sp, err := server.Accept(ctx)
			require.NoError(t, err)
			assert.Equal(t, "ping", string(receive(t, sp).Data))
			require.NoError(t, sp.Send(0, []byte("pong"), Reliable)) // carries the ping's acknowledgement
			assert.Equal(t, "pong", string(receive(t, cp).Data))
			took := time.Since(start)
			// The clock counts whole milliseconds: a millisecond more.
			assert.LessOrEqual(t, cp.RTT(), took+time.Millisecond, "the exchange took %v", took)
		})
	}
}
