package enet

import (
	"net"
	"testing"
	"time"

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
		select {
		case <-closed:
		case <-time.After(10 * time.Second):
			t.Fatal("Close did not return")
		}
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
	h := newHost(conn, []Option{WithBusyPoll(2 * time.Millisecond)})
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
	for _, c := range []struct{ d, want time.Duration }{
		{-time.Second, 0},
		{0, 0},
		{time.Millisecond, time.Millisecond},
		{time.Hour, maxBusyPoll},
	} {
		cfg := defaultConfig()
		WithBusyPoll(c.d)(&cfg)
		assert.Equal(t, c.want, cfg.busyPoll, "WithBusyPoll(%v)", c.d)
	}
	server, _, sp, cp := pair(t, 1)
	assert.Nil(t, server.poll, "no polling by default")
	require.NoError(t, cp.Send(0, []byte{1}, Reliable))
	receive(t, sp)
	assert.Zero(t, server.Stats().DatagramsPolled, "nothing polled by default")
}
