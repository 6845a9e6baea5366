//go:build unix

package netsim

import (
	"encoding/binary"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// frameRig is a link of frames at 60 frames a second between a client
// socket and a server socket, nothing running but the test.
type frameRig struct {
	link           *Proxy
	client, server *net.UDPConn
	buf            []byte
}

func newFrameRig(t *testing.T, opts Options) *frameRig {
	t.Helper()
	r := &frameRig{server: listen(t, "udp4", "127.0.0.1"), client: listen(t, "udp4", "127.0.0.1"), buf: make([]byte, 1<<16)}
	opts.FPS = 60
	link, err := New(r.server.LocalAddr().(*net.UDPAddr), opts)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, link.Close()) })
	r.link = link
	return r
}

// send writes numbered datagram seq of size bytes from the client.
func (r *frameRig) send(t *testing.T, seq uint64, size int) {
	t.Helper()
	_, err := r.client.WriteToUDPAddrPort(numbered(seq, size), r.link.Addr().AddrPort())
	require.NoError(t, err)
}

// arrived returns the numbers of the datagrams in the server's socket,
// read without waiting: a link of frames writes what is due within Step,
// and loopback delivers a datagram within its write.
func (r *frameRig) arrived(t *testing.T) []uint64 {
	t.Helper()
	var seqs []uint64
	for {
		n, _, ok, err := recvNow(r.server, r.buf)
		require.NoError(t, err)
		if !ok {
			return seqs
		}
		require.GreaterOrEqual(t, n, 8)
		seqs = append(seqs, binary.BigEndian.Uint64(r.buf))
	}
}

// arrivals steps the link frames frames, and returns at which frame each
// datagram reached the server.
func (r *frameRig) arrivals(t *testing.T, frames int) map[uint64]int64 {
	t.Helper()
	at := map[uint64]int64{}
	for range frames {
		require.NoError(t, r.link.Step(1))
		for _, seq := range r.arrived(t) {
			at[seq] = r.link.Frame()
		}
	}
	return at
}

// A link of frames counts its delays in frames: 150 ms at 60 frames a
// second is 9, to the frame, however long the test takes between steps.
func TestFramesDelay(t *testing.T) {
	r := newFrameRig(t, Options{Up: Faults{Delay: 150 * time.Millisecond}})
	r.send(t, 1, 32)
	require.NoError(t, r.link.Step(8))
	time.Sleep(20 * time.Millisecond) // the wall clock is not the link's
	assert.Empty(t, r.arrived(t), "8 frames on")
	require.NoError(t, r.link.Step(1))
	assert.Equal(t, []uint64{1}, r.arrived(t), "9 frames on")
	assert.Equal(t, int64(9), r.link.Frame())
	s := r.link.Stats().Up
	assert.Equal(t, Counter{1, 32}, s.Delayed)
	assert.Equal(t, Counter{1, 32}, s.Forwarded)
}

// The same seed and the same datagrams at the same frames give the same
// frame of arrival to each, loss, jitter and reordering included; another
// seed gives others.
func TestFramesSeeded(t *testing.T) {
	faults := Faults{Loss: 0.2, Duplicate: 0.1, Reorder: 0.1, Delay: 100 * time.Millisecond, Jitter: 80 * time.Millisecond}
	run := func(seed uint64) map[uint64]int64 {
		r := newFrameRig(t, Options{Seed: seed, Up: faults})
		at := map[uint64]int64{}
		for i := range 60 {
			r.send(t, uint64(i), 32)
			r.send(t, uint64(1000+i), 32)
			for seq, f := range r.arrivals(t, 1) {
				at[seq] = f
			}
		}
		for seq, f := range r.arrivals(t, 30) {
			at[seq] = f
		}
		return at
	}
	first := run(7)
	assert.Less(t, len(first), 120, "some lost")
	assert.Greater(t, len(first), 70, "most through")
	assert.Equal(t, first, run(7))
	assert.NotEqual(t, first, run(8))
}

// A datagram more in one frame (a transport's ping, timed by the wall
// clock) changes the fates of no datagram of a later frame: each frame
// draws from its own sequence.
func TestFramesDrawsEachFrame(t *testing.T) {
	faults := Faults{Loss: 0.3, Delay: 50 * time.Millisecond, Jitter: 100 * time.Millisecond}
	run := func(extra bool) map[uint64]int64 {
		r := newFrameRig(t, Options{Seed: 7, Up: faults})
		at := map[uint64]int64{}
		for i := range 60 {
			r.send(t, uint64(i), 32)
			if extra && i == 5 {
				r.send(t, 1000, 32)
			}
			for seq, f := range r.arrivals(t, 1) {
				at[seq] = f
			}
		}
		for seq, f := range r.arrivals(t, 30) {
			at[seq] = f
		}
		delete(at, 1000)
		for seq := range uint64(6) { // the frames up to the extra one's
			delete(at, seq)
		}
		return at
	}
	without := run(false)
	assert.Greater(t, len(without), 25, "most through")
	assert.Less(t, len(without), 54, "some lost")
	assert.Equal(t, without, run(true))
}

// Rate bounds the bytes a frame carries: three 100-byte datagrams sent
// at once over 600 bytes a second leave a sixth of a second apart, 10
// frames.
func TestFramesRate(t *testing.T) {
	r := newFrameRig(t, Options{Up: Faults{Rate: 600}})
	for i := range 3 {
		r.send(t, uint64(i), 100)
	}
	assert.Equal(t, map[uint64]int64{0: 10, 1: 20, 2: 30}, r.arrivals(t, 40))
}

// A cut direction drops everything until it is joined again; the counts
// say so.
func TestFramesCut(t *testing.T) {
	r := newFrameRig(t, Options{Up: Faults{Cut: true}})
	r.send(t, 1, 32)
	assert.Empty(t, r.arrivals(t, 5))
	require.NoError(t, r.link.SetFaults(Up, Faults{}))
	r.send(t, 2, 32)
	assert.Equal(t, map[uint64]int64{2: 6}, r.arrivals(t, 5))
	s := r.link.Stats().Up
	assert.Equal(t, Counter{1, 32}, s.Cut)
	assert.Equal(t, s.Cut, s.Dropped())
}

// The server's answers go through the link of frames too, to the client
// that sent first, from the link's address.
func TestFramesDown(t *testing.T) {
	r := newFrameRig(t, Options{Down: Faults{Delay: 50 * time.Millisecond}})
	r.send(t, 1, 32)
	require.NoError(t, r.link.Step(1))
	require.NoError(t, r.server.SetReadDeadline(time.Now().Add(patience)))
	n, upstream, err := r.server.ReadFromUDPAddrPort(r.buf)
	require.NoError(t, err)
	require.Equal(t, 32, n)
	_, err = r.server.WriteToUDPAddrPort([]byte("welcome!"), upstream)
	require.NoError(t, err)
	var got []int64
	for range 5 {
		require.NoError(t, r.link.Step(1))
		if n, from, ok, err := recvNow(r.client, r.buf); ok {
			require.NoError(t, err)
			assert.Equal(t, "welcome!", string(r.buf[:n]))
			assert.Equal(t, r.link.Addr().AddrPort(), netip.AddrPortFrom(from.Addr().Unmap(), from.Port()))
			got = append(got, r.link.Frame())
		}
	}
	assert.Equal(t, []int64{4}, got, "read at frame 1, 3 frames later (50 ms is 3 frames at 60)")
}

// Step is for a link of frames; FPS is not negative.
func TestFramesRefused(t *testing.T) {
	r := newRig(t, "udp4", "127.0.0.1", Options{})
	assert.ErrorContains(t, r.proxy.Step(1), "Step runs a link of frames")
	_, err := New(r.server.LocalAddr().(*net.UDPAddr), Options{FPS: -1})
	assert.ErrorContains(t, err, "FPS -1")
}
