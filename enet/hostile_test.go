package enet

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"net"
	"net/netip"
	"runtime"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/require"
)

// The attacks of issue 40 on a host, as datagrams from loopback sources,
// next to ordinary traffic of the same size.

// received is a datagram and its source.
type received struct {
	from netip.AddrPort
	b    []byte
}

// packed puts commands into datagrams to peer 0 as ENet packs them: at
// most 32 commands, and at most mtu bytes.
func packed(cmds [][]byte, mtu int) [][]byte {
	var out [][]byte
	var d []byte
	n := 0
	for _, c := range cmds {
		if d != nil && (n == maxCommands || len(d)+len(c) > mtu) {
			out = append(out, d)
			d, n = nil, 0
		}
		if d == nil {
			d = datagramOf()
		}
		d = append(d, c...)
		n++
	}
	if d != nil {
		out = append(out, d)
	}
	return out
}

// fromPeer is datagrams from one source.
func fromPeer(from netip.AddrPort, ds [][]byte) []received {
	out := make([]received, len(ds))
	for i, d := range ds {
		out[i] = received{from, d}
	}
	return out
}

// total is the bytes of datagrams.
func total(rs []received) int {
	n := 0
	for _, r := range rs {
		n += len(r.b)
	}
	return n
}

// ordinaryTraffic is a connected peer's reliable packets of 64 bytes (16
// numbers of 32 bits, as a game's state), in order, 19 to a datagram of
// the default MTU, compressed by comp if not nil: about size bytes.
func ordinaryTraffic(size int, from netip.AddrPort, comp Compressor) []received {
	var cmds [][]byte
	for seq, n := uint16(1), 0; n < size; seq++ {
		payload := make([]byte, 0, 64)
		for i := range uint32(16) {
			payload = binary.LittleEndian.AppendUint32(payload, uint32(seq)*(i+1)%1000)
		}
		c := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 0, seq: seq, payload: payload})
		cmds = append(cmds, c)
		n += len(c)
	}
	ds := packed(cmds, defaultMTU)
	for i, d := range ds {
		if comp == nil {
			break
		}
		if z := comp.Compress(nil, d[4:], len(d)-4); z != nil {
			ds[i] = append([]byte{d[0] | byte(headerCompressed>>8), d[1], d[2], d[3]}, z...)
		}
	}
	return fromPeer(from, ds)
}

// gameTraffic is a game client's datagrams on channel 1: each frame's
// position update (40 bytes, unreliable), and every tenth frame a
// reliable call (64 bytes) in the same datagram, as a game at 30 Hz sends
// them, about size bytes.
func gameTraffic(size int, from netip.AddrPort) []received {
	var ds [][]byte
	var rseq, useq uint16
	for frame, n := 0, 0; n < size; frame++ {
		useq++
		d := datagramOf(cmdBytes(command{cmd: cmdSendUnreliable, channel: 1, seq: rseq, unreliableSeq: useq,
			payload: make([]byte, 40)}))
		if frame%10 == 9 {
			rseq++
			useq = 0
			d = append(d, cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 1, seq: rseq,
				payload: make([]byte, 64)})...)
		}
		ds = append(ds, d)
		n += len(d)
	}
	return fromPeer(from, ds)
}

// mixedTraffic is half the bytes a game client's updates (gameTraffic),
// half full datagrams of reliable packets (ordinaryTraffic), interleaved
// as they come: about size bytes.
func mixedTraffic(size int, from netip.AddrPort) []received {
	game, bulk := gameTraffic(size/2, from), ordinaryTraffic(size/2, from, nil)
	out := make([]received, 0, len(game)+len(bulk))
	for len(game) > 0 || len(bulk) > 0 { // a bulk datagram after each of its size in updates
		for n := 0; len(game) > 0 && n < defaultMTU; game = game[1:] {
			out = append(out, game[0])
			n += len(game[0].b)
		}
		if len(bulk) > 0 {
			out, bulk = append(out, bulk[0]), bulk[1:]
		}
	}
	return out
}

// emptyInOrder is a connected peer's reliable packets of no bytes, in
// order, 32 to a datagram: the commands of reliableDescending in the
// order a sender numbers them, about size bytes.
func emptyInOrder(size int, from netip.AddrPort) []received {
	var cmds [][]byte
	for seq, n := uint16(1), 0; n < size; seq++ {
		c := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 0, seq: seq})
		cmds = append(cmds, c)
		n += len(c)
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}

// reliableDescending is reliable packets numbered downwards through the
// windows a receiver takes (7 × 4096 numbers ahead of the last delivered),
// then the one each waits for, over and over: about size bytes.
func reliableDescending(size int, from netip.AddrPort) []received {
	var cmds [][]byte
	last := uint16(0) // the receiver's last delivered
	for n := 0; n < size; {
		top := uint16((uint32(last)/reliableWindowSize+freeReliableWindows-1)*reliableWindowSize - 1)
		for seq := top; seq != last; seq-- {
			c := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 0, seq: seq})
			cmds = append(cmds, c)
			n += len(c)
		}
		last = top
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}

// unreliableDescending is unreliable packets, each numbered below every
// one before it (reliable numbers from the window's top down, unreliable
// ones from 65535 down), all waiting for reliable packets that never
// come: about size bytes.
func unreliableDescending(size int, from netip.AddrPort) []received {
	var cmds [][]byte
	rseq, useq := uint16((freeReliableWindows-1)*reliableWindowSize-1), uint16(0xFFFF)
	for n := 0; n < size; {
		c := cmdBytes(command{cmd: cmdSendUnreliable, channel: 0, seq: rseq, unreliableSeq: useq})
		cmds = append(cmds, c)
		n += len(c)
		if useq--; useq == 0 {
			useq, rseq = 0xFFFF, rseq-1
		}
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}

// unreliableBehindFragments is, at the current reliable number, 16384
// unreliable packets left incomplete (one fragment of two), then 16384
// whole unreliable packets numbered before them, each of which the
// receiver delivers; then a reliable packet moves on to the next
// reliable number, and again: about size bytes.
func unreliableBehindFragments(size int, from netip.AddrPort) []received {
	const half = 16384
	var cmds [][]byte
	for rseq, n := uint16(0), 0; n < size; rseq++ {
		for i := range half {
			c := cmdBytes(command{cmd: cmdSendUnreliableFragment, channel: 0, seq: rseq, startSeq: uint16(half + 1 + i),
				fragmentCount: 2, totalLength: 2, payload: []byte{1}})
			cmds = append(cmds, c)
			n += len(c)
		}
		for i := range half {
			c := cmdBytes(command{cmd: cmdSendUnreliable, channel: 0, seq: rseq, unreliableSeq: uint16(1 + i)})
			cmds = append(cmds, c)
			n += len(c)
		}
		cmds = append(cmds, cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 0, seq: rseq + 1}))
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}

// pingStorm is datagrams of the largest MTU full of pings: about size
// bytes.
func pingStorm(size int, from netip.AddrPort) []received {
	var ds [][]byte
	seq := uint16(0)
	for n := 0; n < size; {
		d := datagramOf()
		for len(d)+commandSizes[cmdPing] <= maxMTU {
			seq++
			d = append(d, cmdBytes(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF, seq: seq})...)
		}
		ds = append(ds, d)
		n += len(d)
	}
	return fromPeer(from, ds)
}

// unknownAcks is datagrams of 32 acknowledgements, each of a number the
// host never sent (on channel 3, where it sends nothing), echoing time 1:
// about size bytes. Each keeps the peer alive (it acknowledges), and
// acknowledges nothing of what is in flight.
func unknownAcks(size int, from netip.AddrPort) []received {
	var cmds [][]byte
	for seq, n := uint16(1), 0; n < size; seq++ {
		c := cmdBytes(command{cmd: cmdAcknowledge, channel: 3, seq: seq, ackSeq: seq, ackSentTime: 1})
		cmds = append(cmds, c)
		n += len(c)
	}
	return fromPeer(from, packed(cmds, defaultMTU))
}

// sendInFlight has h send p n reliable packets of 8 bytes on channel 0,
// which p never acknowledges: in flight as far as the windows let them,
// queued behind.
func sendInFlight(h *Host, p *Peer, n int) {
	h.mu.Lock()
	defer h.unlock()
	for range n {
		if err := p.send(0, make([]byte, 8), Reliable); err != nil {
			panic(err)
		}
	}
	for sent := -1; sent != len(p.sentReliable); {
		sent = len(p.sentReliable)
		h.flushPeer(p, false)
	}
}

// connectOf is a connect datagram, compressed by comp if that makes it
// shorter.
func connectOf(c command, comp Compressor) []byte {
	c.cmd, c.channel, c.seq = cmdConnect|flagAcknowledge, 0xFF, 1
	body := cmdBytes(c)
	d := []byte{0x80 | maxPeerID>>8, maxPeerID & 0xFF, 0, 1}
	if comp != nil {
		if z := comp.Compress(nil, body, len(body)); z != nil {
			d[0] |= byte(headerCompressed >> 8)
			body = z
		}
	}
	return append(d, body...)
}

// smallestConnect is the shortest connect datagram comp makes of the
// connects tried: every field ENet checks at its least, the connect id
// (which must change for a connect to be new) counting up from id.
func smallestConnect(comp Compressor, id uint32) []byte {
	var best []byte
	for _, c := range []command{
		{channelCount: 1, connectID: id},
		{channelCount: 1, connectID: id << 24},
		{channelCount: 1, connectID: id, incomingSession: 0xFF, outgoingSession: 0xFF},
		{channelCount: 0xFF, connectID: id, mtu: 0xFFFFFFFF, windowSize: 0xFFFFFFFF},
	} {
		if d := connectOf(c, comp); best == nil || len(d) < len(best) {
			best = d
		}
	}
	return best
}

// connectFlood is connects from the sources in turn, each new, as
// Godot's client sends them (compressed by comp, if not nil, with the
// fields that compress best): about size bytes.
func connectFlood(size int, from []netip.AddrPort, comp Compressor) []received {
	var rs []received
	for n, i := 0, 0; n < size; i++ {
		var d []byte
		if comp == nil {
			d = connectDatagram(uint32(i) + 1)
		} else {
			d = smallestConnect(comp, uint32(i/len(from))+1)
		}
		rs = append(rs, received{from[i%len(from)], d})
		n += len(d)
	}
	return rs
}

// bombs is datagrams to no peer that decompress to the most a datagram
// holds: about size bytes.
func bombs(size int, from []netip.AddrPort, comp Compressor) []received {
	body := comp.Compress(nil, make([]byte, maxMTU-2), maxMTU)
	d := append([]byte{byte(headerCompressed>>8) | maxPeerID>>8, maxPeerID & 0xFF}, body...)
	var rs []received
	for n, i := 0, 0; n < size; i++ {
		rs = append(rs, received{from[i%len(from)], d})
		n += len(d)
	}
	return rs
}

// offerBombs is, from each source in turn, a connect that asks to be
// sent no session check (peer id 4095), then 16 datagrams to slot 0 that
// decompress to the most a datagram holds: about size bytes. The host has
// one slot, so that every such datagram reaches the offer.
func offerBombs(size int, from []netip.AddrPort, comp Compressor) []received {
	body := comp.Compress(nil, make([]byte, maxMTU-2), maxMTU)
	bomb := append([]byte{byte(headerCompressed >> 8), 0}, body...)
	var rs []received
	for n, i := 0, 0; n < size; i++ {
		c := connectOf(command{channelCount: 1, outgoingPeerID: maxPeerID, connectID: uint32(i)}, comp)
		src := from[i%len(from)]
		rs = append(rs, received{src, c})
		n += len(c)
		for range 16 {
			rs = append(rs, received{src, bomb})
			n += len(bomb)
		}
	}
	return rs
}

// attack is one input of BenchmarkHostile: what it sends, and the host it
// is sent to.
type attack struct {
	name string
	opts []Option
	peer bool // a connected peer at the first source takes the datagrams
	// inFlight is how many reliable packets the host has sent the peer,
	// unacknowledged, before the attack.
	inFlight int
	make     func(size int, from []netip.AddrPort) []received
}

func attacks() []attack {
	peerOf := func(f func(int, netip.AddrPort) []received) func(int, []netip.AddrPort) []received {
		return func(size int, from []netip.AddrPort) []received { return f(size, from[0]) }
	}
	as := []attack{
		{name: "ordinary", peer: true, make: peerOf(mixedTraffic)},
		{name: "ordinary-bulk", peer: true, make: func(size int, from []netip.AddrPort) []received {
			return ordinaryTraffic(size, from[0], nil)
		}},
		{name: "ordinary-game", peer: true, make: peerOf(gameTraffic)},
		{name: "empty-in-order", peer: true, make: peerOf(emptyInOrder)},
		{name: "reliable-descending", peer: true, make: peerOf(reliableDescending)},
		{name: "unreliable-descending", peer: true, make: peerOf(unreliableDescending)},
		{name: "unreliable-behind-fragments", peer: true, make: peerOf(unreliableBehindFragments)},
		{name: "fragments-in-windows", peer: true, make: peerOf(fragmentsInWindows)},
		{name: "unsequenced-jumping", peer: true, make: peerOf(unsequencedJumping)},
		{name: "ping-storm", peer: true, make: peerOf(pingStorm)},
		{name: "acks-unknown", peer: true, inFlight: hostileInFlight, make: peerOf(unknownAcks)},
		{name: "connects-32-slots", make: func(size int, from []netip.AddrPort) []received { return connectFlood(size, from, nil) }},
		{name: "connects-4095-slots", opts: []Option{WithMaxPeers(maxPeerID)},
			make: func(size int, from []netip.AddrPort) []received { return connectFlood(size, from, nil) }},
	}
	for _, m := range []Compression{CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd} {
		as = append(as,
			attack{name: "ordinary-" + modeName(m), opts: []Option{withCompression(m)}, peer: true,
				make: func(size int, from []netip.AddrPort) []received {
					return ordinaryTraffic(size, from[0], compressorOf(m))
				}},
			attack{name: "compressed-connects-" + modeName(m), opts: []Option{withCompression(m)},
				make: func(size int, from []netip.AddrPort) []received { return connectFlood(size, from, compressorOf(m)) }},
			attack{name: "bombs-" + modeName(m), opts: []Option{withCompression(m)},
				make: func(size int, from []netip.AddrPort) []received { return bombs(size, from, compressorOf(m)) }},
			attack{name: "offer-bombs-" + modeName(m), opts: []Option{withCompression(m), WithMaxPeers(1)},
				make: func(size int, from []netip.AddrPort) []received { return offerBombs(size, from, compressorOf(m)) }})
	}
	return append(as, checksumAttacks()...)
}

// hostileInFlight is how many reliable packets the host has in flight to
// the peer that acknowledges unknown numbers.
const hostileInFlight = 8192

// hostileSources is how many loopback sockets the attacks come from.
const hostileSources = 400

// sinks opens n loopback sockets that are never read: a host's answers to
// them go through the kernel and are dropped there once their buffer is
// full.
func sinks(tb testing.TB, n int) []netip.AddrPort {
	conns, err := loopbackSockets(n)
	require.NoError(tb, err)
	addrs := make([]netip.AddrPort, n)
	for i, c := range conns {
		tb.Cleanup(func() { c.Close() })
		addrs[i] = c.LocalAddr().(*net.UDPAddr).AddrPort()
	}
	return addrs
}

// loopbackSockets opens n UDP sockets, each on an address of its own:
// 127.0.0.1, 127.0.0.2, and on (each of 127.0.0.0/8 is the loopback on
// Linux).
func loopbackSockets(n int) ([]*net.UDPConn, error) {
	conns := make([]*net.UDPConn, n)
	for i := range conns {
		c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, byte(i/250), byte(1+i%250))})
		if err != nil {
			for _, c := range conns[:i] {
				c.Close()
			}
			return nil, err
		}
		conns[i] = c
	}
	return conns, nil
}

// hostileHost is a host on a loopback socket with its goroutines running
// (its timer among them), and, if peer, a connected peer at from with 4
// channels, session 0, in slot 0.
func hostileHost(tb testing.TB, opts []Option, peer bool, from netip.AddrPort) (*Host, *Peer) {
	conn, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(tb, err)
	h, err := NewHost(conn, opts...)
	require.NoError(tb, err)
	if !peer {
		return h, nil
	}
	h.mu.Lock()
	defer h.unlock()
	p := h.newPeer(0, from)
	p.state, p.outgoingPeerID, p.incomingSession, p.outgoingSession = stateConnected, 0, 0, 0
	p.channelCount = 4
	p.pingInterval = 1 << 30 // nothing of its own to send, and no timeout: the attack runs its course
	h.peers[0] = p
	return h, p
}

// hostileFeed hands the datagrams to h as its reading goroutine does,
// in batches as many as it reads at once, each copied into a buffer of
// the batch's (a host writes in what it reads: the connect id in the
// checksum's place), and takes what p received as Receive does, after
// each.
func hostileFeed(h *Host, p *Peer, rs []received) {
	batch := 1
	if h.batch != nil {
		batch = readBatch
	}
	bufs, got := make([][]byte, batch), make([]arrival, batch)
	for i := range bufs {
		bufs[i] = make([]byte, maxMTU)
	}
	for len(rs) > 0 {
		n := min(len(rs), batch)
		for i, r := range rs[:n] {
			got[i] = arrival{copy(bufs[i], r.b), r.from}
		}
		rs = rs[n:]
		h.handleArrivals(bufs, got[:n], false, nil)
		h.mu.Lock()
		for p != nil {
			if _, ok := p.take(); !ok {
				break
			}
		}
		h.unlock()
	}
}

// BenchmarkHostile sends a host each attack, at 1 MiB and 8 MiB, next to
// ordinary traffic of the same size (a peer's: half a game's small
// updates, half full datagrams of reliable packets of 64 bytes; each
// alone too): the ratio of their cpu-ns/byte (the process's CPU
// time, the collector's and the kernel's sends included, per byte
// received) is what an attack costs, and it stays flat from 1 to 8 MiB
// unless the attack is quadratic. out/in is the bytes the host sent per
// byte received; alloc-B/byte the bytes allocated per byte received.
//
//	go test -run XXX -bench Hostile -benchtime 3x ./enet
func BenchmarkHostile(b *testing.B) {
	from := sinks(b, hostileSources)
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, a := range attacks() {
			b.Run(fmt.Sprintf("%s/%dMiB", a.name, size>>20), func(b *testing.B) {
				rs := a.make(size, from)
				n := total(rs)
				var out uint64
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				start := cputime.Process()
				for b.Loop() {
					h, p := hostileHost(b, a.opts, a.peer, from[0])
					if a.inFlight > 0 {
						sendInFlight(h, p, a.inFlight)
					}
					hostileFeed(h, p, rs)
					out += h.Stats().BytesOut
					h.Close()
				}
				cpu := cputime.Process() - start
				runtime.ReadMemStats(&after)
				bytes := float64(b.N) * float64(n)
				b.SetBytes(int64(n))
				if cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/bytes, "cpu-ns/byte")
				}
				b.ReportMetric(float64(out)/bytes, "out/in")
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/bytes, "alloc-B/byte")
			})
		}
	}
}

// A datagram prompts at most one datagram of acknowledgements: ENet sends
// at most 32 commands in one, so a datagram full of pings (1023 at the
// largest MTU) is read no further.
func TestPingStormOneAnswer(t *testing.T) {
	h, out := testHost()
	p := connectedPeer(h)
	rs := pingStorm(256<<10, fuzzAddr)
	for _, r := range rs {
		feed(h, r.b, r.from)
		h.mu.Lock()
		h.flushPeer(p, false) // the acknowledgements that wait for the tick
		h.unlock()
	}
	t.Logf("%d datagrams of %d bytes in, %d datagrams of %d bytes out", len(rs), total(rs), out.datagrams, out.bytes)
	require.LessOrEqual(t, out.datagrams, len(rs))
	require.LessOrEqual(t, out.bytes, total(rs))
}

// A source that has not shown it receives (it never acknowledged an
// answer) is sent no more bytes than it sent, at any time, whatever
// compression its connects use: the smallest connect each compressor
// makes, then the same again, then datagrams to every slot, none
// acknowledging.
func TestSpoofedAnswersWithinReceived(t *testing.T) {
	for _, m := range []Compression{CompressNone, CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd} {
		for _, refusing := range []bool{false, true} {
			name := modeName(m)
			if refusing {
				name += "/refusing" // RefuseConnects: a disconnect answers each connect
			}
			t.Run(name, func(t *testing.T) { spoofedAnswersWithinReceived(t, m, refusing) })
		}
	}
}

func spoofedAnswersWithinReceived(t *testing.T, m Compression, refusing bool) {
	h, conn := testHost(withCompression(m), WithMaxPeers(4))
	h.refusing = refusing
	out := &perSource{PacketConn: conn, bytes: map[netip.AddrPort]int{}}
	h.conn, h.udp = out, nil
	comp := compressorOf(m)
	in := map[netip.AddrPort]int{}
	worst := 0.0
	send := func(d []byte, from netip.AddrPort) {
		in[from] += len(d)
		feed(h, append([]byte(nil), d...), from)
		worst = max(worst, float64(out.bytes[from])/float64(in[from]))
		require.LessOrEqual(t, out.bytes[from], in[from], "sent %s %d bytes for %d", from, out.bytes[from], in[from])
	}
	for i := range 200 {
		from := netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 0, byte(i >> 8), byte(i)}), 9000)
		d := connectDatagram(uint32(i))
		if comp != nil {
			d = smallestConnect(comp, uint32(i))
		}
		send(d, from)
		send(d, from)
		for slot := range uint16(4) {
			send(reviewTo(slot, 0, 1, cmdBytes(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF, seq: 1})), from)
			send(append([]byte{byte(headerCompressed>>8) | byte(slot>>8), byte(slot)}, d[4:]...), from)
		}
		h.now += 7
	}
	answered := 0
	for from := range in {
		if out.bytes[from] > 0 {
			answered++
		}
	}
	t.Logf("%d sources, %d answered; the most sent to one, per byte it had sent: %.2f", len(in), answered, worst)
	if refusing {
		require.EqualValues(t, 400, h.stats.ConnectsRefused, "each connect refused, its repeat too")
	}
}

// perSource counts the bytes sent to each address.
type perSource struct {
	net.PacketConn
	bytes map[netip.AddrPort]int
}

func (c *perSource) WriteTo(b []byte, addr net.Addr) (int, error) {
	c.bytes[addr.(*net.UDPAddr).AddrPort()] += len(b)
	return len(b), nil
}

// Godot's client's connect (as the captures hold it, with random connect
// ids and peer ids) is answered at once, with every compressor: the
// answers a source has paid for are always this one's.
func TestGodotConnectsAnswered(t *testing.T) {
	raw, err := hex.DecodeString("8fff503482ff00010000ffff0000057000010000000000ff0000000000000000000013880000000200000002747971960000002a")
	require.NoError(t, err)
	godot, _ := parseCommand(raw[4:])
	for _, m := range []Compression{CompressNone, CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd} {
		t.Run(modeName(m), func(t *testing.T) {
			h, out := testHost(withCompression(m))
			comp := compressorOf(m)
			for i := range 2000 {
				c := godot
				c.connectID, c.data = rand.Uint32(), 2+rand.Uint32N(1<<31-2)
				d := connectOf(c, comp)
				before, bytes := out.datagrams, out.bytes
				feed(h, d, netip.AddrPortFrom(netip.AddrFrom4([4]byte{10, 1, byte(i >> 8), byte(i)}), 9000))
				require.Equal(t, before+1, out.datagrams, "connect %d of %d bytes: no answer", i, len(d))
				require.LessOrEqual(t, out.bytes-bytes, len(d))
				h.now += 3000
				h.expireOffers()
			}
		})
	}
}

// A compressed datagram to no peer is decompressed no further than one
// connect: one that holds more than a connect, which ENet never sends,
// gets no answer and no offer.
func TestConnectDecompressedNoFurther(t *testing.T) {
	for _, m := range []Compression{CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd} {
		t.Run(modeName(m), func(t *testing.T) {
			h, out := testHost(withCompression(m))
			c := connectDatagram(1)
			body := compressorOf(m).Compress(nil, append(c[4:], make([]byte, 1000)...), maxMTU)
			feed(h, append([]byte{c[0] | byte(headerCompressed>>8), c[1], c[2], c[3]}, body...), fuzzAddr)
			require.Zero(t, out.datagrams)
			require.Empty(t, h.offerFor)
		})
	}
}

// What each attack allocates is within the bound every entry point keeps
// (hostile.Bound of the bytes received).
func TestHostileAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and sync.Pool drops items at random")
	}
	from := make([]netip.AddrPort, hostileSources)
	for i := range from {
		from[i] = netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, byte(i / 250), byte(1 + i%250)}), 9000)
	}
	for _, a := range attacks() {
		if a.name == "unreliable-descending" && testing.Short() {
			continue
		}
		t.Run(a.name, func(t *testing.T) {
			rs := a.make(512<<10, from)
			h, _ := testHost(a.opts...)
			var p *Peer
			if a.peer {
				p = connectedPeer(h)
				p.addr = from[0]
				sendInFlight(h, p, a.inFlight)
			}
			hostile.Collect()
			allocated := hostile.Allocated(func() { hostileFeed(h, p, rs) })
			n := total(rs)
			t.Logf("%d bytes in: %d allocated, %.1f per byte", n, allocated, float64(allocated)/float64(n))
			require.LessOrEqual(t, allocated, hostile.Bound(n))
		})
	}
}
