package enet

import (
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBusyPoll checks that hosts that busy-poll read what comes within
// their window, what comes once it has passed and they sleep again, and
// close while they poll.
func TestBusyPoll(t *testing.T) {
	if !busyPollSupported {
		t.Skip("no busy polling on this system")
	}
	server, client, sp, cp := pair(t, 1, WithBusyPoll(5*time.Millisecond))
	require.NotNil(t, server.poll, "a host on a UDP socket polls")
	roundTrip := func(i int) {
		data := []byte{byte(i), byte(i >> 8)}
		require.NoError(t, cp.Send(0, data, Reliable))
		pk := receive(t, sp)
		require.Equal(t, data, pk.Data)
		require.NoError(t, sp.Send(0, pk.Data, Reliable))
		require.Equal(t, data, receive(t, cp).Data)
	}
	for i := range 500 {
		roundTrip(i)
	}
	polled := server.Stats().DatagramsPolled
	assert.Positive(t, polled, "datagrams came while the server polled")
	time.Sleep(50 * time.Millisecond) // past the window: both readers sleep
	roundTrip(500)
	t.Logf("server: %d of %d datagrams came while it polled", polled, server.Stats().DatagramsIn)
	for _, h := range []*Host{client, server} {
		closed := make(chan struct{})
		go func() { h.Close(); close(closed) }()
		within(t, closed, 10*time.Second, "Close did not return")
	}
}

// TestBusyPollWait checks the poll itself, on a host without goroutines:
// an empty socket is polled until the window passes, a waiting datagram
// is found.
func TestBusyPollWait(t *testing.T) {
	if !busyPollSupported {
		t.Skip("no busy polling on this system")
	}
	conn, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer conn.Close()
	cfg, err := configOf([]Option{WithBusyPoll(2 * time.Millisecond)})
	require.NoError(t, err)
	h := newHost(conn, cfg)
	assert.False(t, h.poll.wait(), "nothing came within the window")
	sender, err := net.DialUDP("udp", nil, conn.LocalAddr().(*net.UDPAddr))
	require.NoError(t, err)
	defer sender.Close()
	_, err = sender.Write([]byte{1})
	require.NoError(t, err)
	found := false
	for deadline := time.Now().Add(10 * time.Second); !found && time.Now().Before(deadline); {
		found = h.poll.wait()
	}
	assert.True(t, found, "a datagram waits")
}

func TestBusyPollWindow(t *testing.T) {
	for _, c := range []struct {
		d     time.Duration
		valid bool
	}{
		{-time.Second, false},
		{0, true},
		{time.Millisecond, true},
		{maxBusyPoll, true},
		{time.Hour, false},
	} {
		cfg, err := configOf([]Option{WithBusyPoll(c.d)})
		if !c.valid {
			assert.ErrorIs(t, err, ErrInvalidOption, "WithBusyPoll(%v)", c.d)
			continue
		}
		assert.NoError(t, err)
		assert.Equal(t, c.d, cfg.busyPoll, "WithBusyPoll(%v)", c.d)
	}
	server, _, sp, cp := pair(t, 1)
	assert.Nil(t, server.poll, "no polling by default")
	require.NoError(t, cp.Send(0, []byte{1}, Reliable))
	receive(t, sp)
	assert.Zero(t, server.Stats().DatagramsPolled, "nothing polled by default")
}

// strangerDatagrams sends to addr n datagrams from a socket that is no
// peer's, one every interval: a connect that asks for no channel, which
// the host drops.
func strangerDatagrams(tb testing.TB, addr net.Addr, n int, interval time.Duration) int {
	conn, err := net.DialUDP("udp", nil, addr.(*net.UDPAddr))
	require.NoError(tb, err)
	defer conn.Close()
	c := command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1}
	d := append([]byte{0x80 | maxPeerID>>8, maxPeerID & 0xFF, 0, 1}, cmdBytes(c)...)
	for range n {
		_, err := conn.Write(d)
		require.NoError(tb, err)
		time.Sleep(interval)
	}
	return n * len(d)
}

// waitIn waits until h has read n datagrams.
func waitIn(tb testing.TB, h *Host, n uint64) {
	for deadline := time.Now().Add(10 * time.Second); h.Stats().DatagramsIn < n; time.Sleep(time.Millisecond) {
		require.True(tb, time.Now().Before(deadline), "%d of %d datagrams read", h.Stats().DatagramsIn, n)
	}
}

// Only a peer's datagram keeps a host polling: datagrams from a source
// that is none, however close together, find the reader asleep, so that
// anyone can no more keep a core spinning than make the host answer.
func TestBusyPollNotForStrangers(t *testing.T) {
	if !busyPollSupported {
		t.Skip("no busy polling on this system")
	}
	h, err := Listen("udp4", "127.0.0.1:0", WithBusyPoll(maxBusyPoll))
	require.NoError(t, err)
	defer h.Close()
	const n = 200
	strangerDatagrams(t, h.Addr(), n, time.Millisecond)
	waitIn(t, h, n)
	require.Zero(t, h.Stats().DatagramsPolled, "datagrams read while the reader polled after a stranger's")
}

// BenchmarkBusyPollStrangers measures the CPU time a host with the
// longest busy-poll window spends while a source that is no peer sends a
// small datagram every millisecond, next to a host without: per byte
// received.
func BenchmarkBusyPollStrangers(b *testing.B) {
	for _, poll := range []time.Duration{0, maxBusyPoll} {
		b.Run(fmt.Sprintf("poll=%v", poll), func(b *testing.B) {
			h, err := Listen("udp4", "127.0.0.1:0", WithBusyPoll(poll))
			require.NoError(b, err)
			defer h.Close()
			bytes, sent := 0, uint64(0)
			start := cputime.Process()
			for b.Loop() {
				bytes += strangerDatagrams(b, h.Addr(), 200, time.Millisecond)
				sent += 200
				waitIn(b, h, sent)
			}
			if cpu := cputime.Process() - start; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(bytes), "cpu-ns/byte")
			}
		})
	}
}
