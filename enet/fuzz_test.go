package enet

import (
	"encoding/hex"
	"net"
	"net/netip"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// discardConn is a PacketConn that sends nowhere and counts what it sends.
type discardConn struct {
	net.PacketConn
	datagrams, bytes int
}

func (c *discardConn) WriteTo(b []byte, _ net.Addr) (int, error) {
	c.datagrams++
	c.bytes += len(b)
	return len(b), nil
}

// testHost is a host without its goroutines, for feeding datagrams by hand.
func testHost(opts ...Option) (*Host, *discardConn) {
	cfg, err := configOf(opts)
	if err != nil {
		panic(err)
	}
	conn := &discardConn{}
	return newHost(conn, cfg), conn
}

// feed hands a datagram to h as its reading goroutine does, and sends
// what h answers.
func feed(h *Host, b []byte, from netip.AddrPort) {
	h.mu.Lock()
	h.handleDatagram(b, from)
	h.unlock()
}

var fuzzAddr = netip.MustParseAddrPort("127.0.0.1:4000")

// connectedPeer puts a connected peer with 4 channels in slot 0, session 0.
func connectedPeer(h *Host) *Peer {
	p := h.newPeer(0, fuzzAddr)
	p.state, p.outgoingPeerID, p.incomingSession, p.outgoingSession = stateConnected, 0, 0, 0
	p.channelCount = 4
	h.peers[0] = p
	return p
}

// checkHeld verifies that a peer's waitingData is what its queues and inbox
// hold, and within its bound.
func checkHeld(t *testing.T, h *Host, p *Peer) {
	t.Helper()
	sum := 0
	for _, pk := range inboxed(p) {
		sum += len(pk.Data) + entryCost
	}
	for _, ch := range p.channels {
		if ch == nil {
			continue
		}
		count := func(in *incoming) { sum += in.held }
		ch.reliable.each(count)
		ch.unreliable.each(count)
	}
	require.Equal(t, sum, p.waitingData, "bytes held")
	require.LessOrEqual(t, p.waitingData, h.cfg.maxWaitingData)
}

// feedPacked feeds h commands from fuzzAddr to peer 0, in datagrams
// packed as ENet packs them.
func feedPacked(h *Host, cmds [][]byte) {
	for _, d := range packed(cmds, maxMTU) {
		feed(h, d, fuzzAddr)
	}
}

// inboxed is the packets in p's inbox, oldest first.
func inboxed(p *Peer) []Packet {
	var pks []Packet
	for in := p.inbox; in != nil; in = in.next {
		pks = append(pks, Packet{Channel: in.channel, Flags: in.flags, Data: in.data})
	}
	return pks
}

// datagramOf builds a datagram to peer 0, session 0, with a sent time.
func datagramOf(cmds ...[]byte) []byte {
	b := []byte{0x80, 0, 0, 1}
	for _, c := range cmds {
		b = append(b, c...)
	}
	return b
}

func cmdBytes(c command) []byte {
	return append(appendCommand(nil, &c), c.payload...)
}

// FuzzDatagram feeds datagrams to a host with a connected peer, and, with
// their checksums, to one that checks them (WithChecksum): nothing
// panics, and the bytes the peer holds stay what its queues hold, within
// MaxWaitingData.
func FuzzDatagram(f *testing.F) {
	f.Add(datagramOf(cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 1, seq: 1, payload: []byte("hi")})))
	f.Add(datagramOf(cmdBytes(command{cmd: cmdSendUnreliable, channel: 2, unreliableSeq: 1, payload: []byte("u")})))
	f.Add(datagramOf(cmdBytes(command{cmd: cmdSendUnsequenced | flagUnsequenced, channel: 0, unreliableSeq: 1, payload: []byte("s")})))
	f.Add(datagramOf(
		cmdBytes(command{cmd: cmdSendFragment | flagAcknowledge, channel: 0, seq: 1, startSeq: 1, fragmentCount: 2, totalLength: 6, payload: []byte("abc")}),
		cmdBytes(command{cmd: cmdSendFragment | flagAcknowledge, channel: 0, seq: 2, startSeq: 1, fragmentCount: 2, fragmentNumber: 1, fragmentOffset: 3, totalLength: 6, payload: []byte("def")})))
	f.Add(datagramOf(cmdBytes(command{cmd: cmdSendUnreliableFragment, channel: 3, startSeq: 1, fragmentCount: 1 << 20, totalLength: 1 << 25, payload: []byte("x")})))
	f.Add(datagramOf(cmdBytes(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF, seq: 1}), cmdBytes(command{cmd: cmdDisconnect, channel: 0xFF, data: 5})))
	f.Add(append([]byte{0x0F, 0xFF}, cmdBytes(command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1, channelCount: 2, mtu: 1400, windowSize: 4096})...))
	// A peer's settings at their extremes, then round trips (issue 86).
	f.Add(datagramOf(
		cmdBytes(command{cmd: cmdThrottleConfigure | flagAcknowledge, channel: 0xFF, seq: 1, throttleInterval: 0, throttleAccel: 0xFFFFFFFF, throttleDecel: 0xFFFFFFFF}),
		cmdBytes(command{cmd: cmdBandwidthLimit | flagAcknowledge, channel: 0xFF, seq: 2, incomingBandwidth: 0xFFFFFFFF, outgoingBandwidth: 1}),
		cmdBytes(command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: 0x8000}),
		cmdBytes(command{cmd: cmdAcknowledge, channel: 0, seq: 9, ackSeq: 9, ackSentTime: 0xFFFF})))
	// And what Godot 4.6 sent, addressed to the fuzzed host's peer.
	for _, name := range []string{"raw-none", "mp-modes"} {
		b, err := os.ReadFile("testdata/captures/" + name + ".txt")
		require.NoError(f, err)
		for _, line := range strings.Split(string(b), "\n") {
			fields := strings.Fields(line)
			if len(fields) != 3 || fields[0] == "#" {
				continue
			}
			d, err := hex.DecodeString(fields[2])
			if err == nil && len(d) >= 2 {
				d[0] &= 0xC0 // peer 0, session 0, flags kept
				d[1] = 0
				f.Add(d)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, sum := range []bool{false, true} {
			h, _ := testHost(WithMaxWaitingData(1<<16), WithChecksum(sum))
			p := connectedPeer(h)
			d := data
			if _, n := parseHeader(data, false); sum && n > 0 {
				d = sealed(data, p.connectID, nil, false)
			}
			// Twice: the second time the first one's state is there.
			for range 2 {
				feed(h, append([]byte(nil), d...), fuzzAddr)
				if p.err == nil {
					checkHeld(t, h, p)
				}
				require.LessOrEqual(t, p.throttle, p.throttleLimit)
				require.LessOrEqual(t, max(p.rtt, p.rttVar), uint32(0xFFFF), "a round trip past what 16 bits echo")
				h.now += 100
			}
		}
	})
}

// TestDeclaredSizesAllocateNothing sends fragments that declare the
// largest packet and fragment count: memory follows the bytes received.
func TestDeclaredSizesAllocateNothing(t *testing.T) {
	h, _ := testHost()
	p := connectedPeer(h)
	var seq uint16
	for i := range 200 {
		seq++
		c := command{cmd: cmdSendFragment | flagAcknowledge, channel: uint8(i % 4), seq: seq, startSeq: seq,
			fragmentCount: maxFragmentSize, fragmentNumber: 7, fragmentOffset: 1 << 20, totalLength: 32 << 20, payload: []byte("x")}
		feed(h, datagramOf(cmdBytes(c)), fuzzAddr)
	}
	checkHeld(t, h, p)
	require.LessOrEqual(t, p.waitingData, 200*(entryCost+fragmentCost+1))
	allocs := testing.AllocsPerRun(50, func() {
		seq++
		c := command{cmd: cmdSendUnreliableFragment, channel: 1, seq: 0, startSeq: seq,
			fragmentCount: maxFragmentSize, fragmentNumber: 3, fragmentOffset: 100, totalLength: 32 << 20, payload: []byte("y")}
		feed(h, datagramOf(cmdBytes(c)), fuzzAddr)
	})
	require.Less(t, allocs, 20.0)
}

// TestSpoofedConnectsAmplifyNothing sends connects from many spoofed
// sources, each twice, and lets time pass: the host sends fewer bytes than
// it received, and a real client still gets a slot.
func TestSpoofedConnectsAmplifyNothing(t *testing.T) {
	h, out := testHost(WithMaxPeers(16))
	in := 0
	for i := range 1000 {
		from := netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, byte(i >> 8), byte(i), 1}), uint16(1000+i))
		c := command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1, outgoingPeerID: 0,
			incomingSession: 0xFF, outgoingSession: 0xFF, mtu: 1400, windowSize: 65536, channelCount: 255,
			throttleInterval: 5000, throttleAccel: 2, throttleDecel: 2, connectID: uint32(i) + 1}
		d := append([]byte{0x8F, 0xFF, 0, 1}, cmdBytes(c)...)
		for range 2 {
			feed(h, append([]byte(nil), d...), from)
			in += len(d)
		}
		h.now += 3
	}
	// The clock runs past every timeout; nothing is sent to pending peers,
	// which go.
	for range 100 {
		h.now += 100
		h.expireOffers()
	}
	require.Empty(t, h.offerFor)
	require.Empty(t, slices.DeleteFunc(slices.Clone(h.peers), func(p *Peer) bool { return p == nil }), "no slot taken")
	t.Logf("received %d bytes in %d connects, sent %d bytes in %d datagrams: ratio %.2f", in, 2000, out.bytes, out.datagrams, float64(out.bytes)/float64(in))
	require.Less(t, out.bytes, in)
	require.Equal(t, 2000, out.datagrams) // one answer per connect
}

// A real client whose acknowledgement of its verify-connect comes after
// fewer spoofed connects than the host has free slots is accepted; after
// as many, its offer is withdrawn (the flood's cost, see handleConnect),
// and the client is never accepted.
func TestFloodLeavesAnsweredClient(t *testing.T) {
	for _, spoofed := range []int{3, 4} {
		h, _ := testHost(WithMaxPeers(4))
		real := netip.MustParseAddrPort("127.0.0.1:5000")
		c := command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1, outgoingPeerID: 0,
			incomingSession: 0xFF, outgoingSession: 0xFF, mtu: 1392, windowSize: 65536, channelCount: 1,
			throttleInterval: 5000, throttleAccel: 2, throttleDecel: 2, connectID: 99, data: 77}
		feed(h, append([]byte{0x8F, 0xFF, 0, 1}, cmdBytes(c)...), real)
		o := pendingFrom(h, real)
		require.NotNil(t, o)
		id, sess, cookie := o.slot, o.incomingSession, o.cookie
		for i := range spoofed {
			h.now++
			c.connectID, c.data = uint32(1000+i), 0
			from := netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), 6000)
			feed(h, append([]byte{0x8F, 0xFF, 0, 1}, cmdBytes(c)...), from)
		}
		h.now++
		ack := command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: cookie}
		hdr := id | uint16(sess)<<headerSessionShift | headerSentTime
		feed(h, append([]byte{byte(hdr >> 8), byte(hdr), 0, byte(h.now)}, cmdBytes(ack)...), real)
		select {
		case q := <-h.accept:
			require.Equal(t, 3, spoofed, "accepted after %d spoofed connects", spoofed)
			require.Equal(t, uint32(77), q.ConnectData())
		default:
			require.Equal(t, 4, spoofed, "not accepted after %d spoofed connects", spoofed)
		}
		require.LessOrEqual(t, len(h.offerFor), 4)
	}
}

// A connect answered after another that was acknowledged since stays
// pending until its own time is up: the acknowledged one, first in the
// order, is passed over, not counted as the oldest still waiting.
func TestPendingOutlivesAnEarlierOne(t *testing.T) {
	h, _ := testHost(WithMaxPeers(4))
	c := command{cmd: cmdConnect | flagAcknowledge, channel: 0xFF, seq: 1, incomingSession: 0xFF, outgoingSession: 0xFF,
		mtu: 1392, windowSize: 65536, channelCount: 1, throttleInterval: 5000, throttleAccel: 2, throttleDecel: 2}
	a, b := netip.MustParseAddrPort("127.0.0.1:5000"), netip.MustParseAddrPort("127.0.0.1:5001")
	for _, from := range []netip.AddrPort{a, b} {
		c.connectID++
		feed(h, append([]byte{0x8F, 0xFF, 0, 1}, cmdBytes(c)...), from)
	}
	pa := pendingFrom(h, a)
	require.NotNil(t, pa)
	require.NotNil(t, pendingFrom(h, b))
	ack := command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: pa.cookie}
	hdr := pa.slot | uint16(pa.incomingSession)<<headerSessionShift | headerSentTime
	feed(h, append([]byte{byte(hdr >> 8), byte(hdr), 0, 1}, cmdBytes(ack)...), a)
	require.Same(t, h.peers[pa.slot], <-h.accept)
	h.now += 100
	h.expireOffers()
	require.NotNil(t, pendingFrom(h, b), "the later connect still waits")
	h.now += 5000
	h.expireOffers()
	require.Empty(t, h.offerFor)
}

// pendingFrom is the offer to addr, if any.
func pendingFrom(h *Host, addr netip.AddrPort) *offer {
	for k, o := range h.offerFor {
		if k.addr == addr {
			return o
		}
	}
	return nil
}

// FuzzOffer feeds a server datagrams from one source, each of them a
// connect or a datagram to the slot a connect from it is offered, with
// any compressor, and checksums (WithChecksum) or not: nothing panics,
// and until the source has acknowledged an answer, it is sent no more
// bytes than it sent.
func FuzzOffer(f *testing.F) {
	raw, err := hex.DecodeString("8fff503482ff00010000ffff0000057000010000000000ff0000000000000000000013880000000200000002747971960000002a")
	require.NoError(f, err)
	ack := []byte{0x80, 1, 0, 1, 1, 0xFF, 0, 1, 0, 1, 0, 0}
	godot, _ := parseCommand(raw[4:])
	for m := range byte(5) {
		f.Add(m, raw, ack)
		f.Add(m, raw[:20], raw)
		// Modes 5 to 9: the same with checksums, right ones.
		f.Add(m+5, sealed(raw, 0, nil, false), sealed(ack, godot.connectID, compressorOf(Compression(m)), false))
	}
	f.Fuzz(func(t *testing.T, mode byte, first, second []byte) {
		h, conn := testHost(withCompression(Compression(mode%5)), WithMaxPeers(2), WithChecksum(mode/5%2 == 1))
		connectedPeer(h) // slot 0: a connect is offered slot 1
		out := &perSource{PacketConn: conn, bytes: map[netip.AddrPort]int{}}
		h.conn, h.udp = out, nil
		from := netip.MustParseAddrPort("127.0.0.1:5000")
		in := 0
		for _, d := range [][]byte{first, second, first, second} {
			in += len(d)
			feed(h, append([]byte(nil), d...), from)
			if h.peers[1] == nil { // not a peer: not shown to receive
				require.LessOrEqual(t, out.bytes[from], in)
			}
			h.now += 100
		}
	})
}
