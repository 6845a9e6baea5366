package enet

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pair connects a client host to a server host on loopback.
func pair(t *testing.T, channels int, opts ...Option) (server, client *Host, sp, cp *Peer) {
	t.Helper()
	server, err := Listen("udp", "127.0.0.1:0", opts...)
	require.NoError(t, err)
	t.Cleanup(func() { server.Close() })
	client, err = Listen("udp", "127.0.0.1:0", opts...)
	require.NoError(t, err)
	t.Cleanup(func() { client.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cp, err = client.Connect(ctx, server.Addr().String(), channels, 42)
	require.NoError(t, err)
	sp, err = server.Accept(ctx)
	require.NoError(t, err)
	assert.Equal(t, uint32(42), sp.ConnectData())
	return server, client, sp, cp
}

func receive(t *testing.T, p *Peer) Packet {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pk, err := p.Receive(ctx)
	require.NoError(t, err)
	return pk
}

// within returns the next value from ch, and fails the test with what
// if none comes within limit.
func within[T any](t testing.TB, ch <-chan T, limit time.Duration, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(limit):
	}
	t.Fatalf("%s (waited %v)", what, limit)
	var none T
	return none
}

func TestSendKinds(t *testing.T) {
	for _, comp := range []Compression{CompressNone, CompressRangeCoder, compressZlib} {
		for _, sum := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/checksum=%v", modeName(comp), sum), func(t *testing.T) {
				opts := []Option{withCompression(comp)}
				if sum {
					opts = append(opts, WithChecksum(true))
				}
				_, _, sp, cp := pair(t, 4, opts...)
				cases := []struct {
					ch    uint8
					size  int
					flags Flag
				}{
					{0, 10, Reliable}, {1, 100, 0}, {2, 50, Unsequenced},
					{0, 5000, Reliable}, {3, 100000, Reliable}, {1, 3000, UnreliableFragment},
					{1, 0, Reliable},
				}
				for i, c := range cases {
					data := bytes.Repeat([]byte{byte(i + 1)}, c.size)
					pk := sendUntil(t, cp, sp, c.ch, data, c.flags)
					assert.Equal(t, c.ch, pk.Channel, "case %d", i)
					assert.Equal(t, data, pk.Data, "case %d", i)
					assert.Equal(t, data, sendUntil(t, sp, cp, c.ch, data, c.flags).Data, "case %d back", i)
				}
			})
		}
	}
}

// sendUntil sends data from one peer to another and returns what arrives.
// An unreliable packet is sent again until one arrives (the throttle may
// drop it at the sender when round trips vary, as under the race
// detector), then a reliable marker on its channel clears the copies.
func sendUntil(t *testing.T, from, to *Peer, ch uint8, data []byte, flags Flag) Packet {
	t.Helper()
	if flags&Reliable != 0 {
		require.NoError(t, from.Send(ch, data, flags))
		return receive(t, to)
	}
	deadline := time.Now().Add(10 * time.Second)
	var pk Packet
	for {
		require.NoError(t, from.Send(ch, data, flags))
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		got, err := to.Receive(ctx)
		cancel()
		if err == nil {
			pk = got
			break
		}
		require.True(t, time.Now().Before(deadline), "no copy of an unreliable packet arrived in 10 s")
	}
	marker := []byte("marker")
	require.NoError(t, from.Send(ch, marker, Reliable))
	for !bytes.Equal(receive(t, to).Data, marker) {
	}
	return pk
}

func TestReliableOrder(t *testing.T) {
	_, _, sp, cp := pair(t, 2)
	const n = 2000
	go func() {
		for i := 0; i < n; i++ {
			for cp.Send(uint8(i%2), []byte(fmt.Sprint(i)), Reliable) != nil {
				time.Sleep(time.Millisecond)
			}
		}
	}()
	next := [2]int{0, 1}
	for i := 0; i < n; i++ {
		pk := receive(t, sp)
		assert.Equal(t, fmt.Sprint(next[pk.Channel]), string(pk.Data))
		next[pk.Channel] += 2
	}
}

func TestDisconnect(t *testing.T) {
	_, _, sp, cp := pair(t, 1)
	require.NoError(t, cp.Send(0, []byte("bye"), Reliable))
	cp.Disconnect(7)
	assert.Equal(t, "bye", string(receive(t, sp).Data))
	within(t, sp.Done(), 10*time.Second, "server peer not ended")
	var de *DisconnectError
	require.True(t, errors.As(sp.Err(), &de), "%v", sp.Err())
	assert.Equal(t, uint32(7), de.Data)
	within(t, cp.Done(), 10*time.Second, "client peer not ended")
	assert.ErrorIs(t, cp.Err(), ErrDisconnected)
}

func TestTimeout(t *testing.T) {
	server, _, _, cp := pair(t, 1)
	cp.SetTimeout(0, 200*time.Millisecond, 500*time.Millisecond)
	require.NoError(t, server.conn.Close()) // the server vanishes without a word
	within(t, cp.Done(), 10*time.Second, "client peer not ended")
	assert.ErrorIs(t, cp.Err(), ErrTimeout)
}

// A host with an incoming bandwidth shares it among its peers, a second
// after they come (BANDWIDTH_LIMIT), as enet_host_bandwidth_throttle does:
// two clients that could each send 100000 B/s get 64000 / 2 each, where
// the verify-connect gave each the whole 64000.
func TestBandwidthLimit(t *testing.T) {
	server, err := Listen("udp", "127.0.0.1:0", WithBandwidth(64000, 32000))
	require.NoError(t, err)
	defer server.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var clients []*Host
	var peers []*Peer
	for range 2 {
		client, err := Listen("udp", "127.0.0.1:0", WithBandwidth(0, 100000))
		require.NoError(t, err)
		defer client.Close()
		cp, err := client.Connect(ctx, server.Addr().String(), 1, 0)
		require.NoError(t, err)
		clients, peers = append(clients, client), append(peers, cp)
	}
	for i, cp := range peers {
		require.Eventually(t, func() bool {
			clients[i].mu.Lock()
			defer clients[i].mu.Unlock()
			return cp.incomingBandwidth == 32000 && cp.outgoingBandwidth == 32000
		}, 10*time.Second, 10*time.Millisecond, "client %d: the server's share", i)
		clients[i].mu.Lock()
		assert.Equal(t, uint32(minWindowSize), cp.windowSize, "client %d: 32000 B/s is under one 64 KiB window step", i)
		clients[i].mu.Unlock()
	}
}

// The host counts the unreliable packets its throttle drops: none while
// a peer's throttle is open, 31 of each 32 while it is shut (ENet's
// counter lets one in 32 through), each either dropped or delivered.
func TestThrottleDroppedCounted(t *testing.T) {
	const sent = 64
	for _, tc := range []struct {
		name         string
		throttle     uint32
		leastDropped uint64
		mostDropped  uint64
	}{
		{"open", throttleScale, 0, 0},
		{"shut", 0, sent - 8, sent - 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, client, sp, cp := pair(t, 1)
			client.mu.Lock()
			// Nothing raises it while the test sends: no acceleration, no limit to reset it to.
			cp.throttle, cp.throttleLimit, cp.throttleAccel = tc.throttle, tc.throttle, 0
			client.mu.Unlock()
			for i := range sent {
				require.NoError(t, cp.Send(0, []byte{byte(i)}, 0))
			}
			require.Eventually(t, func() bool {
				client.mu.Lock()
				defer client.mu.Unlock()
				return len(cp.outgoing) == 0
			}, 10*time.Second, time.Millisecond, "the client sent or dropped what it queued")
			dropped := client.Stats().ThrottleDropped
			assert.GreaterOrEqual(t, dropped, tc.leastDropped)
			assert.LessOrEqual(t, dropped, tc.mostDropped)
			for range sent - int(dropped) {
				receive(t, sp)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			_, err := sp.Receive(ctx)
			assert.ErrorIs(t, err, context.DeadlineExceeded, "a packet counted as dropped was delivered")
		})
	}
}

// A reader that always leaves a packet behind leaves the inbox holding
// that packet, not the packets it took.
func TestInboxBacklog(t *testing.T) {
	_, _, sp, cp := pair(t, 1)
	require.NoError(t, cp.Send(0, []byte("first"), Reliable))
	receive(t, sp) // nothing yet: the backlog starts with the next one
	for i := range 3000 {
		require.NoError(t, cp.Send(0, []byte{byte(i)}, Reliable))
		if i > 0 {
			receive(t, sp)
		}
	}
	sp.host.mu.Lock()
	defer sp.host.mu.Unlock()
	assert.LessOrEqual(t, len(inboxed(sp)), 1, "packets waiting after 3000 with one always waiting")
}

// Hosts talk over IPv6 as over IPv4.
func TestIPv6(t *testing.T) {
	server, err := Listen("udp6", "[::1]:0")
	if err != nil {
		t.Skipf("no IPv6 loopback: %v", err)
	}
	defer server.Close()
	client, err := Listen("udp6", "[::1]:0")
	require.NoError(t, err)
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cp, err := client.Connect(ctx, server.Addr().String(), 1, 5)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	assert.Equal(t, "[::1]", sp.RemoteAddr().String()[:5])
	require.NoError(t, cp.Send(0, bytes.Repeat([]byte("v6"), 3000), Reliable))
	assert.Equal(t, bytes.Repeat([]byte("v6"), 3000), receive(t, sp).Data)
}

// The host's options shape what its peers get.
func TestOptions(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	t.Run("channel limit", func(t *testing.T) {
		server, _, sp, cp := pair(t, 8, WithChannelLimit(3))
		server.mu.Lock()
		assert.Equal(t, 3, sp.channelCount, "the server's side")
		server.mu.Unlock()
		assert.ErrorIs(t, cp.Send(5, []byte{1}, Reliable), ErrChannel, "the client learns the limit from the verify")
	})
	t.Run("MTU", func(t *testing.T) {
		_, client, sp, cp := pair(t, 1, WithMTU(600), WithTick(time.Millisecond))
		before := client.Stats()
		data := bytes.Repeat([]byte{7}, 5000)
		require.NoError(t, cp.Send(0, data, Reliable))
		assert.Equal(t, data, receive(t, sp).Data)
		client.mu.Lock()
		assert.Equal(t, uint32(600), cp.mtu)
		client.mu.Unlock()
		sent := client.Stats().DatagramsOut - before.DatagramsOut
		assert.GreaterOrEqual(t, sent, uint64((5000+571)/572), "fragments of at most 572 bytes")
	})
	t.Run("duplicate peers", func(t *testing.T) {
		server, err := Listen("udp", "127.0.0.1:0", WithDuplicatePeers(1))
		require.NoError(t, err)
		defer server.Close()
		client, err := Listen("udp", "127.0.0.1:0")
		require.NoError(t, err)
		defer client.Close()
		_, err = client.Connect(ctx, server.Addr().String(), 1, 0)
		require.NoError(t, err)
		short, cancelShort := context.WithTimeout(ctx, time.Second)
		defer cancelShort()
		_, err = client.Connect(short, server.Addr().String(), 1, 0)
		assert.ErrorIs(t, err, context.DeadlineExceeded, "a second peer from the same address is not answered")
	})
}

// TestIdleAfterBurst checks that a peer gone idle after a burst holds no
// array the burst grew, and no channel state for channels it never used:
// a server with a thousand idle clients pays for what they hold.
func TestIdleAfterBurst(t *testing.T) {
	const burst = 1000
	server, client, sp, cp := pair(t, 255)
	for i := range burst {
		require.NoError(t, sp.Send(0, []byte{byte(i)}, Reliable))
	}
	big := make([]byte, 1<<20) // packed as a burst of fragments
	require.NoError(t, sp.Send(0, big, Reliable))
	for i := range burst {
		require.Equal(t, []byte{byte(i)}, receive(t, cp).Data)
	}
	require.Len(t, receive(t, cp).Data, len(big))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, side := range []struct {
		name string
		h    *Host
		p    *Peer
	}{{"sender", server, sp}, {"receiver", client, cp}} {
		// The last acknowledgements go with the next tick.
		for {
			side.h.mu.Lock()
			busy := side.p.hasOutgoing() || len(side.p.acks) > 0
			side.h.mu.Unlock()
			if !busy {
				break
			}
			select {
			case <-ctx.Done():
				t.Fatalf("%s: the burst is still in flight", side.name)
			case <-time.After(5 * time.Millisecond):
			}
		}
		side.h.mu.Lock()
		p := side.p
		assert.Equal(t, 255, p.channelCount, side.name)
		assert.Len(t, p.channels, 1, "%s: only channel 0 was used", side.name)
		for name, c := range map[string]int{
			"outgoing": cap(p.outgoing), "outgoingReliable": cap(p.outgoingReliable),
			"sentReliable": cap(p.sentReliable),
		} {
			assert.LessOrEqual(t, c, keptQueue, "%s: %s kept the burst's array", side.name, name)
		}
		assert.LessOrEqual(t, cap(p.acks), maxCommands, "%s: acks kept the burst's array", side.name)
		side.h.mu.Unlock()
		side.h.wmu.Lock()
		t.Logf("%s: outbox %d B %d datagrams, spare %d B %d", side.name, cap(side.h.out.buf), cap(side.h.out.ends), cap(side.h.spare.buf), cap(side.h.spare.ends))
		for _, o := range []outbox{side.h.out, side.h.spare} {
			assert.LessOrEqual(t, cap(o.buf), keptOutbox, "%s: the outbox kept the burst's buffer", side.name)
			assert.LessOrEqual(t, cap(o.ends), keptOutboxDatagrams, "%s: the outbox kept the burst's datagrams", side.name)
		}
		side.h.wmu.Unlock()
	}
}
