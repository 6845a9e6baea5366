package enet

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"runtime"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// Properties found by reviewing the package against ENet 1.3.18.

// reviewConnect is a connect datagram, as ENet 1.3.18 sends a first one.
func reviewConnect(connectID uint32) []byte {
	c := command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1, outgoingPeerID: 0,
		incomingSession: 0xFF, outgoingSession: 0xFF, mtu: 1392, windowSize: 65536, channelCount: 2,
		throttleInterval: 5000, throttleAccel: 2, throttleDecel: 2, connectID: connectID, data: 7}
	return append([]byte{0x8F, 0xFF, 0, 1}, cmdBytes(c)...)
}

// reviewTo is a datagram to a peer id with a session and a sent time.
func reviewTo(id uint16, session uint8, sent uint16, cmds ...[]byte) []byte {
	w := id | uint16(session)<<headerSessionShift | headerSentTime
	b := []byte{byte(w >> 8), byte(w), byte(sent >> 8), byte(sent)}
	for _, c := range cmds {
		b = append(b, c...)
	}
	return b
}

// A datagram for a peer is taken only from the peer's address, to its id,
// with its session: anything else changes nothing and gets no answer.
func TestReviewHeaderChecks(t *testing.T) {
	send := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 1, seq: 1, payload: []byte("x")})
	other := netip.MustParseAddrPort("127.0.0.1:4001")
	tests := []struct {
		name  string
		dg    []byte
		from  netip.AddrPort
		taken bool
	}{
		{"the peer's", reviewTo(0, 0, 1, send), fuzzAddr, true},
		{"another port", reviewTo(0, 0, 1, send), other, false},
		{"another session", reviewTo(0, 1, 1, send), fuzzAddr, false},
		{"a free slot", reviewTo(1, 0, 1, send), fuzzAddr, false},
		{"an id past the slots", reviewTo(40, 0, 1, send), fuzzAddr, false},
		{"no peer id", reviewTo(maxPeerID, 0, 1, send), fuzzAddr, false},
		{"a cut header", []byte{0x80, 0, 0}, fuzzAddr, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, out := testHost()
			p := connectedPeer(h)
			feed(h, tt.dg, tt.from)
			h.mu.Lock()
			h.flushPeer(p, false) // the acknowledgement that waited
			h.unlock()
			if tt.taken {
				require.Len(t, inboxed(p), 1)
				require.Equal(t, 1, out.datagrams, "the acknowledgement")
				return
			}
			require.Nil(t, p.inbox)
			require.Empty(t, p.acks)
			require.Zero(t, out.datagrams)
		})
	}
}

// With checksums on, a datagram whose CRC does not match, or that is
// computed with another connect id, is dropped.
func TestReviewChecksumMismatch(t *testing.T) {
	send := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 1, seq: 1, payload: []byte("x")})
	sum := func(id uint32) []byte {
		b := append(reviewTo(0, 0, 1), 0, 0, 0, 0)
		b[4], b[5], b[6], b[7] = byte(id>>24), byte(id>>16), byte(id>>8), byte(id)
		b = append(b, send...)
		c := checksum(b)
		b[4], b[5], b[6], b[7] = byte(c>>24), byte(c>>16), byte(c>>8), byte(c)
		return b
	}
	for _, tt := range []struct {
		name  string
		id    uint32
		taken bool
	}{{"the peer's connect id", 42, true}, {"another connect id", 43, false}, {"none", 0, false}} {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := testHost(WithChecksum(true))
			p := connectedPeer(h)
			p.connectID = 42
			feed(h, sum(tt.id), fuzzAddr)
			require.Equal(t, tt.taken, len(inboxed(p)) == 1)
		})
	}
}

// Each unsequenced group is delivered once; a group more than the free
// windows ahead is ignored, as ENet does.
func TestReviewUnsequencedOnce(t *testing.T) {
	h, _ := testHost()
	p := connectedPeer(h)
	uns := func(group uint16) []byte {
		return cmdBytes(command{cmd: cmdSendUnsequenced | flagUnsequenced, channel: 0, unreliableSeq: group, payload: []byte{byte(group)}})
	}
	feed(h, datagramOf(uns(5), uns(5), uns(3), uns(5)), fuzzAddr)
	require.Len(t, inboxed(p), 2)
	feed(h, datagramOf(uns(3)), fuzzAddr)
	require.Len(t, inboxed(p), 2, "a copy of a group already taken")
	feed(h, datagramOf(uns(freeUnsequencedWins*unsequencedWindowSize+10)), fuzzAddr)
	require.Len(t, inboxed(p), 2, "a group too far ahead")
	feed(h, datagramOf(uns(2000)), fuzzAddr)
	require.Len(t, inboxed(p), 3, "a group in a later window")
	feed(h, datagramOf(uns(5)), fuzzAddr)
	require.Len(t, inboxed(p), 3, "a group behind the window")
}

// Fragments that break ENet's rules are refused with the rest of their
// datagram, and not acknowledged; the extreme values panic nothing.
func TestReviewFragmentRules(t *testing.T) {
	frag := func(num uint8, count, number, total, offset uint32, payload []byte) []byte {
		return cmdBytes(command{cmd: num, channel: 0, seq: 1, startSeq: 1, fragmentCount: count,
			fragmentNumber: number, totalLength: total, fragmentOffset: offset, payload: payload})
	}
	rel, unrel := cmdSendFragment|flagAcknowledge, uint8(cmdSendUnreliableFragment)
	tests := []struct {
		name string
		cmd  []byte
	}{
		{"reliable and empty", frag(rel, 2, 0, 10, 0, nil)},
		{"number past count", frag(rel, 2, 2, 10, 0, []byte("a"))},
		{"count over ENet's", frag(rel, maxFragmentSize+1, 0, 1<<21, 0, []byte("a"))},
		{"reliable total under count", frag(rel, 5, 0, 4, 0, []byte("a"))},
		{"offset at total", frag(rel, 2, 1, 10, 10, []byte("a"))},
		{"payload past total", frag(unrel, 2, 1, 10, 9, []byte("ab"))},
		{"offset wraps", frag(unrel, 2, 1, 10, ^uint32(0), []byte("ab"))},
		{"total over MaxPacketSize", frag(unrel, 2, 0, 32<<20+1, 0, []byte("a"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := testHost()
			p := connectedPeer(h)
			ping := cmdBytes(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF, seq: 1})
			feed(h, datagramOf(tt.cmd, ping), fuzzAddr)
			require.Empty(t, p.acks, "nothing after the bad fragment is taken")
			require.Zero(t, p.channel(0).reliable.n)
			require.Zero(t, p.channel(0).unreliable.n)
			require.Zero(t, p.waitingData)
		})
	}
}

// After Close, a host's peers are gone with ErrClosed, after what they had
// received; sends fail, Accept and Connect say ErrClosed, a second Close
// does nothing, and the host's goroutines are gone.
func TestReviewAfterClose(t *testing.T) {
	before := runtime.NumGoroutine()
	server, err := Listen("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	client, err := Listen("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cp, err := client.Connect(ctx, server.Addr().String(), 2, 9)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	require.NoError(t, cp.Send(1, []byte("last"), Reliable))
	pk, err := sp.Receive(ctx)
	require.NoError(t, err)
	require.Equal(t, "last", string(pk.Data))
	require.NoError(t, cp.Send(1, []byte("queued"), Reliable))
	require.Eventually(t, func() bool {
		server.mu.Lock()
		defer server.mu.Unlock()
		return sp.inbox != nil
	}, 5*time.Second, time.Millisecond)

	require.NoError(t, server.Close())
	require.NoError(t, server.Close())
	pk, err = sp.Receive(ctx)
	require.NoError(t, err, "a packet received before Close is still read")
	require.Equal(t, "queued", string(pk.Data))
	_, err = sp.Receive(ctx)
	require.ErrorIs(t, err, ErrClosed)
	require.Error(t, sp.Send(1, []byte("x"), Reliable))
	_, err = server.Accept(ctx)
	require.ErrorIs(t, err, ErrClosed)
	_, err = server.Connect(ctx, client.Addr().String(), 1, 0)
	require.ErrorIs(t, err, ErrClosed)

	// The client hears the disconnect Close sent.
	within(t, cp.Done(), 5*time.Second, "the client was not told")
	require.ErrorIs(t, cp.Err(), ErrDisconnected)
	require.NoError(t, client.Close())
	// Polled by hand: Eventually runs its condition in a goroutine of its own.
	for end := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	require.LessOrEqual(t, runtime.NumGoroutine(), before, "goroutines left")
}

// Many goroutines send, receive and close at once (run with -race).
func TestReviewConcurrentUse(t *testing.T) {
	server, err := Listen("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	client, err := Listen("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cp, err := client.Connect(ctx, server.Addr().String(), 4, 0)
	require.NoError(t, err)
	sp, err := server.Accept(ctx)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				if err := cp.Send(uint8(i), make([]byte, 10+j*7), Reliable|Flag(j%2)*UnreliableFragment); err != nil {
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for {
				if _, err := sp.Receive(ctx); err != nil {
					return
				}
				_ = sp.RTT()
				_ = server.Stats()
			}
		}()
	}
	time.Sleep(50 * time.Millisecond)
	require.NoError(t, server.Close())
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	within(t, done, 10*time.Second, "senders or receivers stuck after Close")
	require.True(t, errors.Is(sp.Err(), ErrClosed))
}

// A peer's acknowledgements do not pile up: a datagram full of pings has
// all its acknowledgements sent before the next one is read, so a sender
// cannot make them outgrow MaxWaitingData however fast it sends.
func TestReviewAcksBounded(t *testing.T) {
	h, out := testHost(WithMaxWaitingData(4096))
	p := connectedPeer(h)
	seq, in := uint16(0), 0
	for range 100 {
		cmds := make([][]byte, 0, (maxMTU-4)/commandSizes[cmdPing])
		for range cap(cmds) {
			seq++
			cmds = append(cmds, cmdBytes(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF, seq: seq}))
		}
		d := datagramOf(cmds...)
		in += len(d)
		feed(h, d, fuzzAddr)
		require.LessOrEqual(t, len(p.acks)*int(unsafe.Sizeof(ack{})), h.cfg.maxWaitingData, "%d acknowledgements waiting", len(p.acks))
	}
	// Each 4-byte ping costs an 8-byte acknowledgement, to the peer's own
	// address and session, as in ENet.
	t.Logf("received %d bytes, sent %d in %d datagrams", in, out.bytes, out.datagrams)
	require.Less(t, out.bytes, 3*in)
}

// F1. Zero-length packets count nothing against MaxWaitingData, yet each
// holds a Packet in the inbox: a peer nobody reads grows without bound.
func TestReviewEmptyPacketsBounded(t *testing.T) {
	h, _ := testHost(WithMaxWaitingData(4096))
	p := connectedPeer(h)
	group := uint16(0)
	for range 200 {
		cmds := make([][]byte, 0, 500)
		for range 500 {
			group++
			cmds = append(cmds, cmdBytes(command{cmd: cmdSendUnsequenced | flagUnsequenced, channel: 0, unreliableSeq: group, payload: []byte{}}))
		}
		feedPacked(h, cmds)
	}
	waiting := len(inboxed(p))
	held := waiting * int(unsafe.Sizeof(incoming{}))
	require.LessOrEqual(t, held, h.cfg.maxWaitingData, "%d empty packets waiting", waiting)
}

// F2. A fragment's bookkeeping (its number in seen, its part in parts)
// counts nothing: empty unreliable fragments, or 1-byte reliable ones,
// hold many times MaxWaitingData.
func TestReviewFragmentBookkeepingBounded(t *testing.T) {
	h, _ := testHost(WithMaxWaitingData(1 << 20))
	p := connectedPeer(h)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := uint32(0)
	for range 1200 {
		cmds := make([][]byte, 0, 170)
		for range 170 {
			cmds = append(cmds, cmdBytes(command{cmd: cmdSendUnreliableFragment, channel: 1, startSeq: 1,
				fragmentCount: maxFragmentSize, fragmentNumber: n, fragmentOffset: n, totalLength: maxFragmentSize, payload: []byte{}}))
			n++
		}
		feedPacked(h, cmds)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d fragments: waitingData %d, heap grown %d bytes", n, p.waitingData, grown)
	runtime.KeepAlive(h)
	require.LessOrEqual(t, grown, int64(2*h.cfg.maxWaitingData))
}

// F3. Each incomplete unreliable packet at the channel's current reliable
// number is walked, and copied into a new slice, by every unreliable
// packet that comes after it: quadratic time and allocation.
func TestReviewUnreliableFragmentsLinear(t *testing.T) {
	h, _ := testHost()
	p := connectedPeer(h)
	frag := func(useq uint16) []byte {
		return cmdBytes(command{cmd: cmdSendUnreliableFragment, channel: 1, startSeq: useq,
			fragmentCount: 2, totalLength: 2, payload: []byte{1}})
	}
	useq := uint16(0)
	start := time.Now()
	for range 20000 / 170 {
		cmds := make([][]byte, 0, 170)
		for range 170 {
			useq++
			cmds = append(cmds, frag(useq))
		}
		feedPacked(h, cmds)
	}
	t.Logf("%d incomplete packets in %v", useq, time.Since(start))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	useq++
	feed(h, datagramOf(frag(useq)), fuzzAddr)
	runtime.ReadMemStats(&after)
	require.Equal(t, int(useq), p.channel(1).unreliable.n)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<10), "bytes allocated by one more fragment")
}

// F5. ENet keeps a slot's session ids across connections (host.c:122 sets
// them once, enet_peer_reset leaves them), so that a new connection in the
// slot gets new ones and a previous connection's late datagrams are
// dropped. Here every connection starts from 0xFF: the same address
// reconnecting gets the same sessions.
func TestReviewSessionsChangePerSlot(t *testing.T) {
	h, _ := testHost(WithMaxPeers(1)) // one slot: slots are offered at random
	first := func(connectID uint32) *Peer {
		feed(h, reviewConnect(connectID), fuzzAddr)
		o := pendingFrom(h, fuzzAddr)
		require.NotNil(t, o)
		ack := cmdBytes(command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: o.cookie})
		feed(h, reviewTo(o.slot, o.incomingSession, uint16(h.now), ack), fuzzAddr)
		p := <-h.accept
		require.Equal(t, p, h.peers[o.slot])
		return p
	}
	p1 := first(100)
	h.endPeer(p1, ErrTimeout)
	h.now += 10
	p2 := first(200)
	require.Equal(t, p1.id, p2.id, "the same slot")
	require.NotEqual(t, p1.incomingSession, p2.incomingSession, "a new connection in a slot gets a new session")
}

// F6. A spoofed source completes the handshake blind: the slot is the first
// free one and the session follows from the connect's own fields, so a
// guessed acknowledgement makes a peer that Accept returns and that holds
// a slot until it times out. handleConnect's comment says a flood of
// spoofed connects takes no slot from real clients.
func TestReviewBlindHandshake(t *testing.T) {
	h, out := testHost(WithMaxPeers(2))
	for i := range 2 {
		spoofed := netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 0, 0, byte(i + 1)}), 7000)
		feed(h, reviewConnect(uint32(500+i)), spoofed)
		h.now += 5
		// What the spoofer guesses, without seeing the verify-connect.
		ack := cmdBytes(command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: uint16(h.now - 5)})
		feed(h, reviewTo(uint16(i), nextSession(0xFF, 0xFF), 0, ack), spoofed)
	}
	t.Logf("%d datagrams answered", out.datagrams)
	require.Zero(t, len(h.accept), "peers accepted from spoofed sources, blind")
}

// F7. The server sends its verify-connect once, again only for a repeated
// connect. When the client's acknowledgement of it is lost, the client is
// connected and never connects again; ENet's server retransmits the
// verify-connect (its timeouts run in every state, protocol.c:1630) and
// the client acknowledges the copy. Here the server never accepts.
func TestReviewLostVerifyAck(t *testing.T) {
	server, err := Listen("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	defer server.Close()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	require.NoError(t, err)
	dc := &reviewDropConn{PacketConn: conn, drop: 2} // 1: the connect, 2: the acknowledgement
	client, err := NewHost(dc)
	require.NoError(t, err)
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	_, err = client.Connect(ctx, server.Addr().String(), 2, 9)
	require.NoError(t, err)
	_, err = server.Accept(ctx)
	require.NoError(t, err, "the server accepts once the client acknowledges a copy")
}

// reviewDropConn drops the drop-th datagram it sends.
type reviewDropConn struct {
	net.PacketConn
	mu         sync.Mutex
	sent, drop int
}

func (c *reviewDropConn) WriteTo(b []byte, addr net.Addr) (int, error) {
	c.mu.Lock()
	c.sent++
	drop := c.sent == c.drop
	c.mu.Unlock()
	if drop {
		return len(b), nil
	}
	return c.PacketConn.WriteTo(b, addr)
}
