package enet

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// receivers are the ways an application takes a peer's packets: each
// calls handle with every packet until the peer ends.
var receivers = []struct {
	name  string
	start func(p *Peer, handle func(Packet))
}{
	{"Receive", func(p *Peer, handle func(Packet)) {
		go func() {
			for {
				pk, err := p.Receive(context.Background())
				if err != nil {
					return
				}
				handle(pk)
			}
		}()
	}},
	{"Serve", func(p *Peer, handle func(Packet)) {
		serveAsync(p, func(pk Packet) bool { handle(pk); return true }, nil)
	}},
	{"Serve, by the reader", func(p *Peer, handle func(Packet)) {
		serveAsync(p, func(pk Packet) bool { handle(pk); return true }, func() bool { return true })
	}},
}

// A reliable packet's acknowledgement goes without waiting for the
// server's tick (an hour here): at once when nobody receives, once the
// receiver has handled the packet when nothing answers, and in the
// answer's datagram when one is sent, as a single datagram.
func TestAcksWaitForNoTick(t *testing.T) {
	for _, r := range receivers {
		for _, tc := range []struct {
			name   string
			answer func(sp *Peer) // what the server's receiver does with the packet; nil: there is none
		}{
			{"nobody receives", nil},
			{"handled, no answer", func(*Peer) {}},
			{"answered", func(sp *Peer) { sp.Send(0, []byte("reply"), Unsequenced) }},
		} {
			if tc.answer == nil && r.name != receivers[0].name {
				continue // the same for every way
			}
			t.Run(r.name+"/"+tc.name, func(t *testing.T) {
				server, sp, cp := pairTickless(t)
				acked := func() bool {
					cp.host.mu.Lock()
					defer cp.host.unlock()
					return len(cp.sentReliable) == 0
				}
				require.Eventually(t, acked, 5*time.Second, time.Millisecond, "the connect's acknowledgements")
				before := server.Stats().DatagramsOut
				if tc.answer != nil {
					r.start(sp, func(Packet) { tc.answer(sp) })
					waitIdle(t, sp)
				}
				require.NoError(t, cp.Send(0, []byte("call"), Reliable))
				require.Eventually(t, acked, 2*time.Second, time.Millisecond, "the call's acknowledgement")
				assert.Equal(t, uint64(1), server.Stats().DatagramsOut-before, "one datagram: the acknowledgement, with the answer if any")
			})
		}
	}
}

// A call that arrives while the receiver still handles the last one is
// acknowledged by the answer to it, not alone when the receiver comes
// back: an echo costs the server one datagram. (The reader, handling a
// packet itself, reads no other meanwhile.)
func TestAckWaitsForTheNextAnswer(t *testing.T) {
	for _, r := range receivers[:2] {
		t.Run(r.name, func(t *testing.T) {
			server, sp, cp := pairTickless(t)
			pending := func() bool {
				server.mu.Lock()
				defer server.unlock()
				return len(sp.acks) > 0
			}
			r.start(sp, func(pk Packet) {
				sp.Send(0, pk.Data, Reliable)
				if string(pk.Data) == "1" {
					// Back to the receiver only once the next call has come.
					for end := time.Now().Add(5 * time.Second); !pending() && time.Now().Before(end); {
						time.Sleep(time.Millisecond)
					}
				}
			})
			waitIdle(t, sp)
			before := server.Stats().DatagramsOut
			for _, call := range []string{"1", "2"} {
				require.NoError(t, cp.Send(0, []byte(call), Reliable))
				assert.Equal(t, call, string(receive(t, cp).Data))
			}
			assert.Equal(t, uint64(2), server.Stats().DatagramsOut-before, "the answers, each with its call's acknowledgement")
		})
	}
}

// pairTickless connects a client to a server whose tick is an hour, so
// that it sends nothing on a timer; the client neither pings it, nor
// announces its bandwidth, nor sends a reliable command again within a
// minute, so that nothing prompts the server's acknowledgements but what
// a test sends.
func pairTickless(t *testing.T) (server *Host, sp, cp *Peer) {
	t.Helper()
	server, err := Listen("udp", "127.0.0.1:0", WithTick(time.Hour))
	require.NoError(t, err)
	t.Cleanup(func() { server.Close() })
	sp, cp = joinServer(t, server)
	cp.host.mu.Lock()
	cp.pingInterval = uint32(time.Hour.Milliseconds())
	cp.rtt = uint32(time.Minute.Milliseconds()) // its commands' first timeout
	// As if a round trip had been measured already: the first measurement
	// would replace the minute with a millisecond, and the client would
	// send a call again while the server's receiver, on a busy machine,
	// still holds its acknowledgement.
	cp.lastReceiveTime = max(cp.host.now, 1)
	cp.host.recalculateBandwidth = false
	cp.host.unlock()
	return server, sp, cp
}
