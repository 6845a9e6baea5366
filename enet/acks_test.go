package enet

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A reliable packet's acknowledgement goes without waiting for the
// server's tick (an hour here): at once when nobody receives, once the
// receiver has handled the packet (its next Receive) when nothing
// answers, and in the answer's datagram when one is sent, as a single
// datagram.
func TestAcksWaitForNoTick(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(sp *Peer) // what the server's receiver does with the packet; nil: there is none
	}{
		{"nobody receives", nil},
		{"handled, no answer", func(*Peer) {}},
		{"answered", func(sp *Peer) { sp.Send(0, []byte("reply"), Unsequenced) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server, client, sp, cp := pairTickless(t)
			acked := func() bool {
				client.mu.Lock()
				defer client.unlock()
				return len(cp.sentReliable) == 0
			}
			require.Eventually(t, acked, 5*time.Second, time.Millisecond, "the connect's acknowledgements")
			before := server.Stats().DatagramsOut

			if tc.answer != nil {
				go func() { // a receiver waits for the call, answers, and comes back
					for {
						_, err := sp.Receive(context.Background())
						if err != nil {
							return
						}
						tc.answer(sp)
					}
				}()
				receiverWaits(t, sp)
			}
			require.NoError(t, cp.Send(0, []byte("call"), Reliable))
			require.Eventually(t, acked, 2*time.Second, time.Millisecond, "the call's acknowledgement")
			assert.Equal(t, uint64(1), server.Stats().DatagramsOut-before, "one datagram: the acknowledgement, with the answer if any")
		})
	}
}

// A call that arrives while the receiver still handles the last one is
// acknowledged by the answer to it, not alone when the receiver comes
// back: an echo costs the server one datagram.
func TestAckWaitsForTheNextAnswer(t *testing.T) {
	server, _, sp, cp := pairTickless(t)
	pending := func() bool {
		server.mu.Lock()
		defer server.unlock()
		return len(sp.acks) > 0
	}
	go func() {
		for {
			pk, err := sp.Receive(context.Background())
			if err != nil {
				return
			}
			sp.Send(0, pk.Data, Reliable)
			if string(pk.Data) == "1" {
				// Back to Receive only once the next call has come.
				for end := time.Now().Add(5 * time.Second); !pending() && time.Now().Before(end); {
					time.Sleep(time.Millisecond)
				}
			}
		}
	}()
	receiverWaits(t, sp)
	before := server.Stats().DatagramsOut
	for _, call := range []string{"1", "2"} {
		require.NoError(t, cp.Send(0, []byte(call), Reliable))
		assert.Equal(t, call, string(receive(t, cp).Data))
	}
	assert.Equal(t, uint64(2), server.Stats().DatagramsOut-before, "the answers, each with its call's acknowledgement")
}

// receiverWaits waits until a Receive waits for p's next packet.
func receiverWaits(t *testing.T, p *Peer) {
	t.Helper()
	require.Eventually(t, func() bool {
		p.host.mu.Lock()
		defer p.host.unlock()
		return p.waiting == 1
	}, 5*time.Second, time.Millisecond, "the receiver waits")
}

// pairTickless connects a client to a server whose tick is an hour, so
// that it sends nothing on a timer.
func pairTickless(t *testing.T) (server, client *Host, sp, cp *Peer) {
	t.Helper()
	server, err := Listen("udp", "127.0.0.1:0", WithTick(time.Hour))
	require.NoError(t, err)
	t.Cleanup(func() { server.Close() })
	client, err = Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cp, err = client.Connect(ctx, server.Addr().String(), 1, 0)
	require.NoError(t, err)
	sp, err = server.Accept(ctx)
	require.NoError(t, err)
	return server, client, sp, cp
}
