package enet

import (
	"context"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serveAsync serves p with handle and quick on a goroutine of its own,
// and returns what Serve returns, once it does.
func serveAsync(p *Peer, handle func(Packet) bool, quick func() bool) <-chan error {
	done := make(chan error, 1)
	go func() { done <- p.Serve(handle, quick) }()
	return done
}

// waitIdle waits until Serve's goroutine waits for p's packets: the next
// one is the reader's to handle.
func waitIdle(t *testing.T, p *Peer) {
	t.Helper()
	require.Eventually(t, func() bool {
		p.host.mu.Lock()
		defer p.host.unlock()
		return p.waiting > 0
	}, 10*time.Second, time.Millisecond, "Serve waits")
}

// joinServer connects one more client to server and returns the server's
// peer of it.
func joinServer(t *testing.T, server *Host) (sp, cp *Peer) {
	t.Helper()
	client, err := Listen("udp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cp, err = client.Connect(ctx, server.Addr().String(), 1, 0)
	require.NoError(t, err)
	sp, err = server.Accept(ctx)
	require.NoError(t, err)
	return sp, cp
}

// A served peer's packets are handled in order, one at a time; while
// Serve's goroutine waits, by the reading goroutine (quick is asked
// there), which spares a hand-off; with quick refusing, all of them by
// Serve's goroutine.
func TestServeInOrder(t *testing.T) {
	for _, quickly := range []bool{true, false} {
		t.Run(fmt.Sprintf("quick=%v", quickly), func(t *testing.T) {
			_, _, sp, cp := pair(t, 1)
			const n = 50
			var got []string
			var running, overlaps, asked atomic.Int32
			served := serveAsync(sp, func(pk Packet) bool {
				if running.Add(1) > 1 {
					overlaps.Add(1)
				}
				got = append(got, string(pk.Data))
				assert.NoError(t, sp.Send(0, pk.Data, Reliable))
				running.Add(-1)
				return true
			}, func() bool { asked.Add(1); return quickly })
			for i := range n {
				require.NoError(t, cp.Send(0, []byte(strconv.Itoa(i)), Reliable))
				assert.Equal(t, strconv.Itoa(i), string(receive(t, cp).Data), "the echo")
			}
			sp.DisconnectNow(0)
			require.Error(t, within(t, served, 10*time.Second, "Serve did not return"), "the peer is gone")
			require.Len(t, got, n)
			for i, s := range got {
				require.Equal(t, strconv.Itoa(i), s)
			}
			assert.Zero(t, overlaps.Load(), "one packet at a time")
			if quickly {
				assert.GreaterOrEqual(t, int(asked.Load()), n/2, "most packets handled by the reader")
			} else {
				assert.Positive(t, asked.Load())
			}
		})
	}
}

// A handler that blocks on the reading goroutine holds up the other
// peers inlineWatch and a tick at most: another goroutine reads meanwhile. The one it
// blocks is served in order once it returns.
func TestServeSlowHandlerHandsOverReading(t *testing.T) {
	server, _, slow, slowClient := pair(t, 1)
	other, otherClient := joinServer(t, server)
	release := make(chan struct{})
	slowGot := make(chan string, 2)
	blocking := atomic.Bool{}
	blocking.Store(true)
	serveAsync(slow, func(pk Packet) bool {
		if blocking.Swap(false) {
			<-release
		}
		slowGot <- string(pk.Data)
		return true
	}, func() bool { return true })
	otherGot := make(chan string, 1)
	serveAsync(other, func(pk Packet) bool {
		otherGot <- string(pk.Data)
		return true
	}, func() bool { return true })

	waitIdle(t, slow)
	waitIdle(t, other)
	require.NoError(t, slowClient.Send(0, []byte("a"), Reliable))
	require.Eventually(t, func() bool {
		server.mu.Lock()
		defer server.unlock()
		return slow.busy
	}, 10*time.Second, time.Millisecond, "the slow peer's handler runs")
	require.NoError(t, slowClient.Send(0, []byte("b"), Reliable))
	require.NoError(t, otherClient.Send(0, []byte("x"), Reliable))
	assert.Equal(t, "x", within(t, otherGot, 5*time.Second, "the other peer was not served while a handler blocked"))
	close(release)
	for _, want := range []string{"a", "b"} {
		assert.Equal(t, want, within(t, slowGot, 10*time.Second, fmt.Sprintf("the slow peer's %q was not handled", want)))
	}
}

// Close does not wait for a handler running on the reading goroutine,
// which may be waiting for the Close.
func TestServeCloseWhileHandling(t *testing.T) {
	server, _, sp, cp := pair(t, 1)
	release := make(chan struct{})
	defer close(release)
	started := make(chan struct{})
	served := serveAsync(sp, func(Packet) bool {
		close(started)
		<-release
		return true
	}, func() bool { return true })
	waitIdle(t, sp)
	require.NoError(t, cp.Send(0, []byte("a"), Reliable))
	within(t, started, 10*time.Second, "the packet was not handled")
	closed := make(chan error, 1)
	go func() { closed <- server.Close() }()
	within(t, closed, 10*time.Second, "Close waited for the handler")
	select {
	case <-served:
		t.Fatal("Serve returned while its handler runs")
	default:
	}
}

// Serve returns nil once handle returns false, wherever it ran, and
// handles nothing more.
func TestServeStops(t *testing.T) {
	for _, quickly := range []bool{true, false} {
		t.Run(fmt.Sprintf("quick=%v", quickly), func(t *testing.T) {
			_, _, sp, cp := pair(t, 1)
			var handled atomic.Int32
			served := serveAsync(sp, func(Packet) bool {
				handled.Add(1)
				return false
			}, func() bool { return quickly })
			require.NoError(t, cp.Send(0, []byte("a"), Reliable))
			require.NoError(t, within(t, served, 10*time.Second, "Serve did not return"))
			require.NoError(t, cp.Send(0, []byte("b"), Reliable))
			assert.Equal(t, []byte("b"), receive(t, sp).Data, "left for Receive")
			assert.Equal(t, int32(1), handled.Load())
		})
	}
}

// What a handler on the reading goroutine sends waits until the reader
// has served the peers of the batch it read, to go out in one write with
// their other replies; a handler that blocks a tick or more lets it go as
// the reading is handed over.
func TestServeHoldsRepliesForTheBatch(t *testing.T) {
	t.Run("quick", func(t *testing.T) {
		server, _, sp, cp := pair(t, 1)
		held := make(chan bool, 1)
		serveAsync(sp, func(pk Packet) bool {
			assert.NoError(t, sp.Send(0, pk.Data, Reliable))
			server.mu.Lock()
			held <- server.writesHeld && len(server.out.ends) > 0
			server.unlock()
			return true
		}, func() bool { return true })
		waitIdle(t, sp)
		require.NoError(t, cp.Send(0, []byte("a"), Reliable))
		assert.Equal(t, "a", string(receive(t, cp).Data), "the reply, once the handler returned")
		assert.True(t, <-held, "the reply waited for the handler to return")
	})
	t.Run("blocking", func(t *testing.T) {
		_, _, sp, cp := pair(t, 1)
		got := make(chan string, 1)
		serveAsync(sp, func(pk Packet) bool {
			assert.NoError(t, sp.Send(0, pk.Data, Reliable))
			got <- string(receive(t, cp).Data) // within the handler: the reader was replaced
			return true
		}, func() bool { return true })
		waitIdle(t, sp)
		require.NoError(t, cp.Send(0, []byte("a"), Reliable))
		assert.Equal(t, "a", within(t, got, 15*time.Second, "the handler's reply waited for it to return"))
	})
}

// What a handler on the reading goroutine queues to other peers (a
// relay) is sent by the reader once it has served its batch, without
// waking the flusher: a wake-up a packet read was most of a small match's
// cost.
func TestServeSendsWhatHandlersQueue(t *testing.T) {
	server, _, sp, cp := pair(t, 1)
	other, otherClient := joinServer(t, server)
	serveAsync(sp, func(pk Packet) bool {
		assert.NoError(t, other.Queue(0, pk.Data, Reliable))
		return true
	}, func() bool { return true })
	waitIdle(t, sp)
	server.mu.Lock()
	before := server.flusherWakes
	server.unlock()
	for i := range 20 {
		require.NoError(t, cp.Send(0, []byte(strconv.Itoa(i)), Reliable))
		assert.Equal(t, strconv.Itoa(i), string(receive(t, otherClient).Data))
	}
	server.mu.Lock()
	defer server.unlock()
	assert.Equal(t, before, server.flusherWakes, "the flusher woke for the relays")
}
