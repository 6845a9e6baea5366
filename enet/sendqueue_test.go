package enet

import (
	"context"
	"encoding/binary"
	"errors"
	"net"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/netsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A peer's send queue holds no more than WithMaxSendQueue counts, within
// twice it: packets sent to a peer that acknowledges none of them, or
// queued and never flushed, until the queue is full. The limit is large
// enough that the host's own buffers, made on its first send (about 50
// KiB, whatever the queue), and the heap's 8 KiB spans do not count: at
// 64 KiB they made it 1.9 to 2.1 times the limit, in 0.98 to 1.02 here.
func TestSendQueueHoldsItsLimit(t *testing.T) {
	const limit = 1 << 20
	tests := []struct {
		name  string
		size  int
		flags Flag
		queue bool // Queue, never flushed, rather than Send
	}{
		{"Send reliable 1 byte", 1, Reliable, false},
		{"Send reliable 8 bytes", 8, Reliable, false},
		{"Send reliable 4 KiB in fragments", 4 << 10, Reliable, false},
		{"Queue reliable 1 byte", 1, Reliable, true},
		{"Queue unreliable 1 byte", 1, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := testHost(WithMaxSendQueue(limit))
			p := connectedPeer(h)
			send := p.Send
			if tt.queue {
				send = p.Queue
			}
			data := make([]byte, tt.size)
			hostile.Collect()
			before := hostile.HeapInUse()
			sent := 0
			for ; sent < 1<<20; sent++ {
				if err := send(0, data, tt.flags); err != nil {
					require.ErrorIs(t, err, ErrQueueFull)
					break
				}
			}
			held := hostile.HeapInUse() - before
			t.Logf("%d packets taken: %d bytes held, %.2f times the limit", sent, held, float64(held)/limit)
			require.Less(t, sent, 1<<20, "the queue never filled")
			require.LessOrEqual(t, held, uint64(2*limit))
			runtime.KeepAlive(h)
		})
	}
}

// A command counts at least what it holds: its outgoing, a place in each
// of two queues (the queue and the sent list), each up to twice its
// length, and its entry in the index of commands in flight.
func TestCommandCost(t *testing.T) {
	require.LessOrEqual(t, int(unsafe.Sizeof(outgoing{})+4*unsafe.Sizeof(&outgoing{}))+indexCost, commandCost)
}

// A peer that acknowledges gets every reliable packet, in order, from a
// sender whose queue fills: Send refuses while the queue is full of
// packets in flight, and takes them again once they are acknowledged. A
// proxy loses the acknowledgements until the first refusal, so the queue
// fills however quickly the two ends run.
func TestSendQueueFullDrains(t *testing.T) {
	server, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer server.Close()
	px := newProxy(t, server.Addr().(*net.UDPAddr), netsim.Options{})
	client, err := Listen("udp", "127.0.0.1:0", WithMaxSendQueue(64<<10))
	require.NoError(t, err)
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cp, err := client.Connect(ctx, px.Addr().String(), 1, 0)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	require.NoError(t, px.SetFaults(netsim.Down, netsim.Faults{Loss: 1}))
	const n = 5000
	full := 0 // sends refused
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for i := uint32(0); i < n; i++ {
			data := binary.LittleEndian.AppendUint32(make([]byte, 0, 100), i)[:100]
			for {
				err := cp.Send(0, data, Reliable)
				if !errors.Is(err, ErrQueueFull) {
					assert.NoError(t, err)
					break
				}
				if full++; full == 1 {
					assert.NoError(t, px.SetFaults(netsim.Down, netsim.Faults{}))
				}
				select {
				case <-ctx.Done():
					return
				case <-time.After(time.Millisecond):
				}
			}
		}
	}()
	for i := uint32(0); i < n; i++ {
		pk, err := sp.Receive(ctx)
		require.NoError(t, err, "packet %d of %d", i, n)
		require.Equal(t, i, binary.LittleEndian.Uint32(pk.Data))
	}
	<-sent
	t.Logf("%d sends refused while the queue was full", full)
	require.Positive(t, full, "the queue filled")
	require.Eventually(t, func() bool {
		client.mu.Lock()
		defer client.mu.Unlock()
		return cp.queuedBytes == 0
	}, 10*time.Second, 5*time.Millisecond, "every packet acknowledged")
}

// A packet larger than the queue's limit is taken while packets in flight
// count less than it, and the queue then refuses until it drains.
func TestSendQueueLargePacket(t *testing.T) {
	const limit = 64 << 10
	h, _ := testHost(WithMaxSendQueue(limit))
	p := connectedPeer(h)
	require.NoError(t, p.Send(0, []byte{1}, Reliable))
	require.Len(t, p.sentReliable, 1, "in flight")
	require.NoError(t, p.Send(0, make([]byte, 4*limit), Reliable))
	require.ErrorIs(t, p.Send(0, []byte{1}, Reliable), ErrQueueFull)
}
