package enet

import (
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/polltimer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frozenWindow gives server a queue window of an hour that no timer ends,
// holding: packets queued wait until a batch read ends it, or the test.
func frozenWindow(t *testing.T, server *Host) {
	t.Helper()
	server.mu.Lock()
	defer server.unlock()
	server.cfg.queueWindow = time.Hour
	server.window.timer = polltimer.New(func() {})
	t.Cleanup(server.window.timer.Close)
	holdQueued(server)
}

// holdQueued makes the host's packets queued wait for the window, as
// once its batches come close together (h.mu held).
func holdQueued(h *Host) {
	h.window.gap, h.window.lastRead, h.window.holding = 0, h.since(), true
}

// Packets queued one at a time within a window leave together, in one
// datagram, once a batch read a quarter of the window after it opened has
// been served: none before, and no flusher woken for them.
func TestQueueWindowPacks(t *testing.T) {
	server, _, sp, cp := pair(t, 2, WithQueueWindow(10*time.Millisecond))
	frozenWindow(t, server)
	before := server.Stats().DatagramsOut
	server.mu.Lock()
	wakes := server.flusherWakes
	server.unlock()
	for i := range 10 {
		require.NoError(t, sp.Queue(1, []byte{byte(i)}, Unsequenced))
	}
	server.mu.Lock()
	assert.Equal(t, before, server.stats.DatagramsOut, "sent before the window ended")
	assert.Equal(t, wakes, server.flusherWakes, "the flusher woke")
	server.window.opened = server.since() - time.Hour // opened an hour ago
	server.unlock()

	require.NoError(t, cp.Send(1, []byte("batch"), Unsequenced)) // a batch for the reader
	for i := range 10 {
		require.Equal(t, []byte{byte(i)}, receive(t, cp).Data)
	}
	assert.Equal(t, "batch", string(receive(t, sp).Data))
	assert.Equal(t, before+1, server.Stats().DatagramsOut, "datagrams")
}

// With no batch read to end it, the window's timer does: queued packets
// wait no longer than the window.
func TestQueueWindowTimer(t *testing.T) {
	server, _, sp, cp := pair(t, 2, WithQueueWindow(5*time.Millisecond))
	server.mu.Lock()
	holdQueued(server)
	server.unlock()
	for i := range 5 {
		require.NoError(t, sp.Queue(1, []byte{byte(i)}, Unsequenced))
	}
	for i := range 5 {
		require.Equal(t, []byte{byte(i)}, receive(t, cp).Data)
	}
	server.mu.Lock()
	defer server.unlock()
	assert.NotNil(t, server.window.timer, "the window opened")
	assert.Zero(t, server.window.opened, "the window ended")
}

// While the batches read come further apart than the window, queued
// packets go as they did with none: the flusher sends them, and no window
// opens. Batches that come close make them wait again.
func TestQueueWindowWaitsForCloseBatches(t *testing.T) {
	server, _, sp, cp := pair(t, 2, WithQueueWindow(5*time.Millisecond))
	server.mu.Lock()
	server.window.lastRead = server.since() - time.Hour // batches an hour apart
	server.batchRead()
	holding := server.window.holding
	server.unlock()
	assert.False(t, holding)
	require.NoError(t, sp.Queue(1, []byte("now"), Unsequenced))
	assert.Equal(t, "now", string(receive(t, cp).Data))
	server.mu.Lock()
	assert.Nil(t, server.window.timer, "a window opened")
	for range 100 {
		server.batchRead() // a hundred batches at once
	}
	assert.True(t, server.window.holding)
	server.unlock()
}
