package enet

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lossyConn drops a share of the datagrams it is asked to send.
type lossyConn struct {
	net.PacketConn
	mu   sync.Mutex
	rng  *rand.Rand
	loss float64
}

func (c *lossyConn) WriteTo(b []byte, addr net.Addr) (int, error) {
	c.mu.Lock()
	drop := c.rng.Float64() < c.loss
	c.mu.Unlock()
	if drop {
		return len(b), nil
	}
	return c.PacketConn.WriteTo(b, addr)
}

func lossyHost(t *testing.T, loss float64, seed uint64) *Host {
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	h, err := NewHost(&lossyConn{PacketConn: conn, rng: rand.New(rand.NewPCG(seed, 1)), loss: loss})
	require.NoError(t, err)
	t.Cleanup(func() { h.Close() })
	return h
}

// lossWait bounds each wait of a test on a lossy link. A run of losses
// doubles a command's retransmission time each time, from ENet's 500 ms
// for the commands sent before the first round trip is measured, and the
// commands a datagram carries are lost together: 6 losses in a row take
// 31.5 s, 7 take 63.5 s, 8 take 127.5 s. On a loaded machine the
// socket's buffer overflows in the first burst, adding to the losses.
// ENet's default timeout drops a peer at the 6th loss in a row of such a
// command (its 16 s wait is past the 5 s minimum), which a link losing 10%
// each way reaches about once in a few hundred runs: in those tests the
// peers' timeouts are longer than the waits.
const lossWait = 3 * time.Minute

// With 10% of datagrams lost both ways, every reliable packet arrives once
// and in order, fragmented or not. The peers' timeouts are longer than
// the waits: this test is about order, not about how soon ENet gives up.
func TestReliableUnderLoss(t *testing.T) {
	server, client := lossyHost(t, 0.1, 1), lossyHost(t, 0.1, 2)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), lossWait)
	defer cancel()
	cp, err := client.Connect(ctx, server.Addr().String(), 2, 0)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	cp.SetTimeout(0, 2*lossWait, 2*lossWait)
	sp.SetTimeout(0, 2*lossWait, 2*lossWait)
	const n = 500
	go func() {
		for i := range n {
			size := 10
			if i%50 == 0 {
				size = 5000
			}
			data := make([]byte, size)
			copy(data, fmt.Sprint(i))
			if err := cp.Send(uint8(i%2), data, Reliable); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	next := [2]int{0, 1}
	for range n {
		pk, err := sp.Receive(ctx)
		require.NoError(t, err, "after %v, %v in", next, time.Since(start))
		want := fmt.Sprint(next[pk.Channel])
		assert.Equal(t, want, string(pk.Data[:len(want)]))
		next[pk.Channel] += 2
	}
	t.Logf("all received after %v", time.Since(start))
	// Once everything is acknowledged, the sender's books are even.
	acked := assert.Eventually(t, func() bool {
		client.mu.Lock()
		defer client.mu.Unlock()
		return !cp.hasOutgoing()
	}, lossWait, 10*time.Millisecond)
	t.Logf("all acknowledged after %v", time.Since(start))
	client.mu.Lock()
	defer client.mu.Unlock()
	// A peer that timed out has nothing left to send either.
	require.NoError(t, cp.err, "the sender's peer")
	if !acked { // what is stuck, for the failure's message
		t.Logf("the sender still has: sent %d out %d rel %d inTransit %d throttle %d/%d window %d mtu %d state %d now %d next %d", len(cp.sentReliable), len(cp.outgoing), len(cp.outgoingReliable), cp.reliableDataInTransit, cp.throttle, cp.throttleLimit, cp.windowSize, cp.mtu, cp.state, client.now, cp.nextTimeout)
		for _, q := range [][]*outgoing{cp.sentReliable, cp.outgoing, cp.outgoingReliable} {
			for _, o := range q[:min(4, len(q))] {
				t.Logf("  queued or sent: cmd %d ch %d seq %d att %d rto %d sent %d len %d", o.cmd.number(), o.cmd.channel, o.reliableSeq, o.sendAttempts, o.rtTimeout, o.sentTime, len(o.cmd.payload))
			}
		}
		ch := cp.channel(0)
		t.Logf("channel 0 windows: used %b, commands per window %v", ch.usedReliableWindows, ch.reliableWindows)
	}
	assert.Zero(t, cp.reliableDataInTransit, "bytes in flight")
	assert.Zero(t, cp.queuedBytes, "bytes queued")
}
