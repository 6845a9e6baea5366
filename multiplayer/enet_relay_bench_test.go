package multiplayer

import (
	"context"
	"fmt"
	"net"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// silentConn is a peer's socket that drops every datagram, both ways, once
// silenced: an ENet peer that stops answering, as one gone or hostile.
type silentConn struct {
	net.PacketConn
	silent atomic.Bool
}

func (c *silentConn) WriteTo(b []byte, a net.Addr) (int, error) {
	if c.silent.Load() {
		return len(b), nil
	}
	return c.PacketConn.WriteTo(b, a)
}

func (c *silentConn) ReadFrom(b []byte) (int, net.Addr, error) {
	for {
		n, a, err := c.PacketConn.ReadFrom(b)
		if err != nil || !c.silent.Load() {
			return n, a, err
		}
	}
}

// BenchmarkRelayToSilentENetPeers has one ENet client relay relays packets
// of 8 bytes to every peer, 20 ENet peers that joined, then went silent,
// and reports what the server holds for each (the heap in use, after a
// collection, over its level before) and per byte of payload relayed to
// them, which is what their ENet queues count against WithSendQueue.
//
//	go test -run XXX -bench RelayToSilentENetPeers -benchtime 1x ./multiplayer
func BenchmarkRelayToSilentENetPeers(b *testing.B) {
	for _, relays := range []int{10000, 40000} {
		b.Run(fmt.Sprintf("relays=%d", relays), func(b *testing.B) {
			var held uint64
			for range b.N {
				held += relayToSilentENetPeers(b, relays)
			}
			const targets, size = silentTargets, 8
			perPeer := float64(held) / float64(b.N*targets)
			b.ReportMetric(perPeer/1024, "held-KiB/peer")
			b.ReportMetric(perPeer/float64(relays*size), "held-B/relayed-B")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// silentTargets is how many silent peers BenchmarkRelayToSilentENetPeers
// relays to.
const silentTargets = 20

// A relay to ENet peers that stopped answering holds what their send
// queues count, within twice WithSendQueue a peer, however many packets
// the sender relays.
func TestRelayToSilentENetPeersHeld(t *testing.T) {
	const queue = DefaultMaxPacket
	held := relayToSilentENetPeers(t, 4000, WithSendQueue(queue))
	perPeer := held / silentTargets
	t.Logf("%d bytes held a peer, %.2f times its queue", perPeer, float64(perPeer)/queue)
	require.LessOrEqual(t, perPeer, uint64(2*queue))
}

// relayToSilentENetPeers serves a Multiplayer over ENet, with opts, joins
// silentTargets peers that then go silent and a sender, has the sender
// relay relays packets of 8 bytes to every peer, and returns what the
// server holds once they are relayed.
func relayToSilentENetPeers(b testing.TB, relays int, opts ...Option) uint64 {
	m := MustNew(append([]Option{WithRateLimit(1e12, 1<<30)}, opts...)...)
	m.Node("/root/Main", echoMethods...)
	var handled atomic.Int64 // a relay to every peer is the server's too
	m.OnPacket(func(PeerID, []byte) { handled.Add(1) })
	port := serveOver(b, m, "enet")
	addr := "127.0.0.1:" + port
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	join := func(conn net.PacketConn, id uint32) *enet.Peer {
		h, err := enet.NewHost(conn, enet.WithMaxPeers(1))
		require.NoError(b, err)
		b.Cleanup(func() { h.Close() })
		p, err := h.Connect(ctx, addr, enetChannels, id)
		require.NoError(b, err)
		return p
	}
	var silent []*silentConn
	for i := range silentTargets {
		pc, err := net.ListenPacket("udp", "127.0.0.1:0")
		require.NoError(b, err)
		silent = append(silent, &silentConn{PacketConn: pc})
		join(silent[i], uint32(100+i))
	}
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(b, err)
	sender := join(pc, 99)
	require.Eventually(b, func() bool { return len(m.Peers()) == silentTargets+1 }, 10*time.Second, 5*time.Millisecond)
	for _, s := range silent {
		s.silent.Store(true)
	}
	before := hostile.HeapInUse()
	pkt := append(appendSys(nil, sysRelay, AllPeers), cmdRaw, 1)
	for range relays {
		for sender.Send(0, pkt, enet.Reliable) != nil { // the sender's own queue is full: wait
			time.Sleep(time.Millisecond)
		}
	}
	require.Eventually(b, func() bool { return handled.Load() == int64(relays) }, time.Minute, 5*time.Millisecond, "relayed")
	after := hostile.HeapInUse()
	held := after - min(before, after)
	runtime.KeepAlive(m)
	return held
}
