package enet

import (
	"context"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// quietWait bounds the waits for a host to settle or a packet to arrive.
const quietWait = 20 * time.Second

// eventually polls cond every few milliseconds until it holds, or fails
// the test after quietWait.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(quietWait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, quietWait)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// quietNow reports whether the host's tick goroutine sleeps for a quiet
// host.
func (h *Host) quietNow() bool {
	h.mu.Lock()
	defer h.unlock()
	return h.tickQuiet
}

// A connected host whose peers have nothing in flight sleeps: over a
// second its timer work runs a few times, not 200 (one each 5 ms tick),
// whether the peers are silent or exchange unreliable packets, handled
// on the reader or not; it sleeps again once a reliable packet is
// acknowledged.
func TestQuietHostSleeps(t *testing.T) {
	tests := []struct {
		name       string
		unreliable bool // the client sends unsequenced packets meanwhile
		served     bool // a handler on the reader takes them (Serve)
	}{
		{"silent", false, false},
		{"unreliable traffic", true, false},
		{"unreliable traffic served", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			server, _, sp, cp := pair(t, 2)
			// No pings meanwhile: their round trips, long on a busy
			// machine, would tick; the count is then the host's alone.
			for _, p := range []*Peer{sp, cp} {
				p.host.mu.Lock()
				p.pingInterval = uint32(time.Hour.Milliseconds())
				p.host.unlock()
			}
			if tt.served {
				serveAsync(sp, func(Packet) bool { return true }, func() bool { return true })
				waitIdle(t, sp)
			}
			eventually(t, "the server is quiet", server.quietNow)
			stop := make(chan struct{})
			done := make(chan struct{})
			go func() {
				defer close(done)
				for tt.unreliable {
					select {
					case <-stop:
						return
					case <-time.After(10 * time.Millisecond):
					}
					_ = cp.Send(1, []byte("sync"), Unsequenced)
				}
			}()
			before, start := server.Stats().Ticks, time.Now()
			time.Sleep(time.Second)
			ticks, took := server.Stats().Ticks-before, time.Since(start)
			close(stop)
			<-done
			// The bandwidth share each second: a tick or two. At 5 ms
			// a tick the second would hold about 200. Served, the tick
			// also looks each inlineWatch for a handler that blocks: 20,
			// where a wake-up for each packet handled made 100.
			assert.Less(t, ticks, uint64(40), "ticks in %v", took)

			require.NoError(t, sp.Send(0, []byte("reliable"), Reliable))
			assert.Equal(t, "reliable", string(receive(t, cp).Data))
			eventually(t, "the server is quiet once it is acknowledged", server.quietNow)
		})
	}
}

// dropOnce drops the next datagram written once armed.
type dropOnce struct {
	net.PacketConn
	armed atomic.Bool
}

func (c *dropOnce) WriteTo(b []byte, addr net.Addr) (int, error) {
	if c.armed.CompareAndSwap(true, false) {
		return len(b), nil
	}
	return c.PacketConn.WriteTo(b, addr)
}

// A quiet host that loses the datagram of a reliable packet sends it
// again: the send woke its timer work at once (it is not quiet while the
// packet is in flight), which retransmits.
func TestQuietHostRetransmits(t *testing.T) {
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	drop := &dropOnce{PacketConn: conn}
	server, err := NewHost(drop)
	require.NoError(t, err)
	t.Cleanup(func() { server.Close() })
	client, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), quietWait)
	defer cancel()
	cp, err := client.Connect(ctx, server.Addr().String(), 2, 0)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	eventually(t, "the server is quiet", server.quietNow)

	drop.armed.Store(true)
	require.NoError(t, sp.Send(0, []byte("again"), Reliable))
	assert.False(t, drop.armed.Load(), "the first datagram was dropped")
	server.mu.Lock()
	inFlight, quiet := len(sp.sentReliable), server.tickQuiet
	server.unlock()
	assert.Positive(t, inFlight, "the packet waits for its acknowledgement")
	assert.False(t, quiet, "a packet in flight wakes the timer work")
	assert.Equal(t, "again", string(receive(t, cp).Data))
}
