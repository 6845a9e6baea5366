//go:build unix

package multiplayer

import (
	"errors"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/polltimer"
	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gatheredFrames connects peers clients to an echo server whose gather's
// window is an hour, ended by no timer, so that relays stay held until a
// read ends the window or the test flushes it, and reads each client's
// announcements of the others.
func gatheredFrames(t *testing.T, peers int) (*wsGather, []*frameConn) {
	t.Helper()
	m := newEchoServer()
	g := newWSGather(time.Hour)
	g.timer = polltimer.New(func() {})
	t.Cleanup(g.timer.Close)
	m.gather = g
	return g, joinedTo(t, m, peers)
}

// joinedTo connects peers clients to m, served, and reads each one's
// announcements of the others.
func joinedTo(t *testing.T, m *Multiplayer, peers int) []*frameConn {
	t.Helper()
	port := serve(t, m)
	var fs []*frameConn
	for range peers {
		fs = append(fs, dialFrames(t, port))
	}
	for _, f := range fs {
		for range peers - 1 {
			_, p := f.next(t)
			require.Equal(t, []byte{cmdSys, sysAddPeer}, p[:2])
		}
	}
	return fs
}

// holdRelays makes the gather hold relays, as it does once the reads come
// closer together than the window.
func (g *wsGather) holdRelays() {
	g.mu.Lock()
	g.gap, g.lastRead = 0, time.Since(linkEpoch)
	g.holding.Store(true)
	g.mu.Unlock()
}

// heldLinks returns how many links hold relays.
func (g *wsGather) heldLinks() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.links)
}

// relayToAll sends n raw packets from f to every other client, in one
// write, numbered from first.
func relayToAll(t *testing.T, f *frameConn, first, n int) {
	t.Helper()
	var b []byte
	for i := range n {
		pkt := append(appendSys(nil, sysRelay, -1), cmdRaw, byte(first+i))
		b = append(b, clientFrame(wsframe.OpBinary, false, false, pkt)...)
	}
	_, err := f.nc.Write(b)
	require.NoError(t, err)
}

// readRelays reads n relays numbered from first.
func readRelays(t *testing.T, f *frameConn, first, n int) {
	t.Helper()
	for i := range n {
		_, p := f.next(t)
		require.Equal(t, []byte{cmdSys, sysRelay}, p[:2])
		require.Equal(t, []byte{cmdRaw, byte(first + i)}, p[sysSize:])
	}
}

// nothingYet asserts that nothing has come to f: a read that waits for
// no byte finds none.
func nothingYet(t *testing.T, f *frameConn) {
	t.Helper()
	require.NoError(t, f.nc.SetReadDeadline(time.Now()))
	_, err := f.br.Peek(1)
	assert.True(t, errors.Is(err, os.ErrDeadlineExceeded), "a frame came: %v", err)
	require.NoError(t, f.nc.SetReadDeadline(time.Now().Add(10*time.Second)))
}

// Relays held for the window go out when it ends, each peer's in order:
// until then the peers got none, and no goroutine was started to write
// them.
func TestGatherHoldsRelays(t *testing.T) {
	const relays = 20
	g, fs := gatheredFrames(t, 4)
	g.holdRelays()
	relayToAll(t, fs[0], 0, relays)
	require.Eventually(t, func() bool { return g.heldLinks() == 3 }, 10*time.Second, time.Millisecond, "the relays held")
	for _, f := range fs[1:] {
		nothingYet(t, f)
	}
	g.flush()
	for _, f := range fs[1:] {
		readRelays(t, f, 0, relays)
	}
	assert.Zero(t, g.heldLinks())
	assert.NotRegexp(t, regexp.MustCompile(`\.\(\*wsLink\)\.write\(`), allStacks(), "a writing goroutine")
}

// A window a quarter of which has passed ends at the next read of any
// peer's packets, as that reader goes back to its socket: no timer is
// woken for it.
func TestGatherEndsAtARead(t *testing.T) {
	g, fs := gatheredFrames(t, 3)
	g.holdRelays()
	relayToAll(t, fs[0], 0, 5)
	require.Eventually(t, func() bool { return g.heldLinks() == 2 }, 10*time.Second, time.Millisecond, "the relays held")
	g.opened.Store(int64(time.Since(linkEpoch) - time.Hour)) // opened an hour ago
	relayToAll(t, fs[1], 100, 1)
	readRelays(t, fs[1], 0, 5)
	readRelays(t, fs[2], 0, 5)
	readRelays(t, fs[2], 100, 1)
}

// A read leaves the window open while the next read is expected before
// the window ends: that read will end it, with more relays gathered. Reads
// ten minutes apart, a window of an hour opened twenty minutes ago: held.
func TestGatherWaitsForTheLastReadInTheWindow(t *testing.T) {
	g, fs := gatheredFrames(t, 3)
	g.mu.Lock()
	g.gap, g.lastRead = 10*time.Minute, time.Since(linkEpoch)-10*time.Minute
	g.holding.Store(true)
	before := g.lastRead
	g.mu.Unlock()
	readEnded := func(after time.Duration) time.Duration {
		var last time.Duration
		require.Eventually(t, func() bool {
			g.mu.Lock()
			defer g.mu.Unlock()
			last = g.lastRead
			return last != after
		}, 10*time.Second, time.Millisecond, "the read handled")
		return last
	}
	relayToAll(t, fs[0], 0, 5)
	first := readEnded(before)
	g.opened.Store(int64(time.Since(linkEpoch) - 20*time.Minute))
	relayToAll(t, fs[1], 100, 1)
	readEnded(first)
	nothingYet(t, fs[2])
	assert.Equal(t, 3, g.heldLinks(), "every peer's relays, still held")
	g.flush()
	readRelays(t, fs[2], 0, 5)
	readRelays(t, fs[2], 100, 1)
	readRelays(t, fs[1], 0, 5)
}

// While the reads come further apart than the window, relays go out as
// they come: no window opens, and the gather never makes its timer.
func TestGatherWaitsForCloseReads(t *testing.T) {
	m := newEchoServer()
	fs := joinedTo(t, m, 3)
	g := m.gather
	g.mu.Lock()
	g.gap, g.lastRead = time.Hour, time.Since(linkEpoch) // reads an hour apart
	g.holding.Store(false)
	g.mu.Unlock()
	relayToAll(t, fs[0], 0, 5)
	readRelays(t, fs[1], 0, 5)
	readRelays(t, fs[2], 0, 5)
	g.mu.Lock()
	defer g.mu.Unlock()
	assert.Nil(t, g.timer, "a window opened")
	assert.False(t, g.holds())
}

// With the package's default window, its timer ends it: relays held go
// out with no read to end the window.
func TestGatherTimerEndsTheWindow(t *testing.T) {
	m := newEchoServer()
	fs := joinedTo(t, m, 3)
	m.gather.holdRelays()
	relayToAll(t, fs[0], 0, 3)
	readRelays(t, fs[1], 0, 3)
	readRelays(t, fs[2], 0, 3)
}
