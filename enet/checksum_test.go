package enet

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"
)

// ENet's CRC-32 (WithChecksum) on what a host receives (issue 64): a
// datagram whose checksum is wrong is dropped as ENet drops it, none of
// its commands taken, at no more cost than a plain one's.

// sealed is datagram d (a header of 2 or 4 bytes, then commands) as a
// host that checksums sends it: the CRC-32 after the header, computed
// with connectID in its place over the header and the commands as they
// are before comp (if not nil) compresses them, where that makes them
// shorter. wrong makes the checksum wrong.
func sealed(d []byte, connectID uint32, comp Compressor, wrong bool) []byte {
	_, n := parseHeader(d, false)
	out := binary.BigEndian.AppendUint32(bytes.Clone(d[:n]), connectID)
	body := d[n:]
	var packed []byte
	if comp != nil {
		if packed = comp.Compress(nil, body, len(body)); packed != nil {
			out[0] |= byte(headerCompressed >> 8)
		}
	}
	sum := checksum(append(out, body...))
	if wrong {
		sum ^= 0x80000000
	}
	binary.BigEndian.PutUint32(out[n:], sum)
	if packed != nil {
		body = packed
	}
	return append(out[:n+4], body...)
}

// checksumConnects is Godot's connects (connectDatagram) from the sources
// in turn, each new, with the checksum a client computes (with connect id
// 0), compressed by comp if not nil: about size bytes. wrong makes every
// checksum wrong.
func checksumConnects(size int, from []netip.AddrPort, comp Compressor, wrong bool) []received {
	var rs []received
	for n, i := 0, 0; n < size; i++ {
		d := sealed(connectDatagram(uint32(i)+1), 0, comp, wrong)
		rs = append(rs, received{from[i%len(from)], d})
		n += len(d)
	}
	return rs
}

// offeredDatagram is a datagram to slot 0, session 0, of a ping and an
// unreliable packet of 100 zero bytes, which every codec compresses.
func offeredDatagram(seq uint16) []byte {
	return datagramOf(cmdBytes(command{cmd: cmdPing | flagAcknowledge, channel: 0xFF, seq: seq}),
		cmdBytes(command{cmd: cmdSendUnreliable, channel: 0, unreliableSeq: seq, payload: make([]byte, 100)}))
}

// checksumOffered is, from each source in turn, a connect whose checksum
// is right, asking to be sent no session check (peer id 4095), then 16
// datagrams to slot 0 whose checksums are wrong (offeredDatagram),
// compressed by comp if not nil: about size bytes. The host has one slot, so that each
// reaches the source's offer.
func checksumOffered(size int, from []netip.AddrPort, comp Compressor) []received {
	var rs []received
	for n, i := 0, 0; n < size; i++ {
		src := from[i%len(from)]
		c := connectOf(command{channelCount: 1, outgoingPeerID: maxPeerID, mtu: defaultMTU, connectID: uint32(i) + 1}, nil)
		rs = append(rs, received{src, sealed(c, 0, comp, false)})
		n += len(rs[len(rs)-1].b)
		for j := range uint16(16) {
			d := sealed(offeredDatagram(2+j), uint32(i)+1, comp, true)
			rs = append(rs, received{src, d})
			n += len(d)
		}
	}
	return rs
}

// checksumWrongTraffic is ordinary traffic of a peer (mixedTraffic) whose
// checksums are wrong: about size bytes.
func checksumWrongTraffic(size int, from netip.AddrPort) []received {
	rs := mixedTraffic(size, from)
	for i, r := range rs {
		rs[i].b = sealed(r.b, 0, nil, true)
	}
	return rs
}

// checksumAttacks are BenchmarkHostile's inputs to a host with checksums
// on: Godot's connects with right checksums (what an honest client
// costs), and, with wrong ones, connects, datagrams to the slot offered
// to their source, a peer's traffic, and connects and datagrams to an
// offered slot compressed by each codec.
func checksumAttacks() []attack {
	sum := WithChecksum(true)
	as := []attack{
		{name: "checksum-connects", opts: []Option{sum},
			make: func(size int, from []netip.AddrPort) []received { return checksumConnects(size, from, nil, false) }},
		{name: "checksum-wrong-connects", opts: []Option{sum},
			make: func(size int, from []netip.AddrPort) []received { return checksumConnects(size, from, nil, true) }},
		{name: "checksum-wrong-offered", opts: []Option{sum, WithMaxPeers(1)},
			make: func(size int, from []netip.AddrPort) []received { return checksumOffered(size, from, nil) }},
		{name: "checksum-wrong-ordinary", opts: []Option{sum}, peer: true,
			make: func(size int, from []netip.AddrPort) []received { return checksumWrongTraffic(size, from[0]) }},
	}
	for _, m := range []Compression{CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd} {
		as = append(as,
			attack{name: "checksum-wrong-connects-" + modeName(m), opts: []Option{sum, withCompression(m)},
				make: func(size int, from []netip.AddrPort) []received {
					return checksumConnects(size, from, compressorOf(m), true)
				}},
			attack{name: "checksum-wrong-offered-" + modeName(m), opts: []Option{sum, withCompression(m), WithMaxPeers(1)},
				make: func(size int, from []netip.AddrPort) []received {
					return checksumOffered(size, from, compressorOf(m))
				}})
	}
	return as
}

// allModes is every compression mode a host can be given, none included.
var allModes = []Compression{CompressNone, CompressRangeCoder, CompressFastLZ, compressZlib, compressZstd}

// offeredHost is a checksumming host with compression m and one slot,
// offered to a connect from fuzzAddr that asks for no session check
// (uncompressed, so that it pays for its answer).
func offeredHost(t *testing.T, m Compression) (*Host, *discardConn, *offer) {
	t.Helper()
	h, out := testHost(WithChecksum(true), withCompression(m), WithMaxPeers(1))
	c := connectOf(command{channelCount: 1, outgoingPeerID: maxPeerID, mtu: defaultMTU, connectID: 7}, nil)
	feed(h, sealed(c, 0, nil, false), fuzzAddr)
	o := h.offers[0]
	require.NotNil(t, o, "the connect is offered the slot")
	require.Equal(t, 1, out.datagrams, "and answered")
	return h, out, o
}

// A datagram whose checksum is wrong is dropped as ENet drops it, before
// any of its commands is acted on, allocating nothing but what its codec
// allocates to decompress it: a connect makes no offer and gets no
// answer; a datagram to an offered slot gets no answer, unless it is
// compressed with a codec that gives its first command alone (the range
// coder, zlib), which is answered unchecked: checking it would cost
// decompressing all of it, more than the answer, which goes only within
// the bytes its source sent; an acknowledgement of the offer makes no
// peer; a peer's commands are not taken. Each is fed 100 times after a
// first (a codec's first use allocates).
func TestChecksumWrongDropped(t *testing.T) {
	const times = 100
	send := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 1, seq: 1, payload: []byte("x")})
	// The allocations a feed of d makes, over times feeds after a first
	// (0 under the race detector, which allocates).
	allocs := func(h *Host, d []byte) float64 {
		ds := make([][]byte, times+1) // each its own: the host writes in it
		for i := range ds {
			ds[i] = bytes.Clone(d)
		}
		allocs := testing.AllocsPerRun(times, func() {
			feed(h, ds[0], fuzzAddr)
			ds = ds[1:]
		})
		if raceDetector {
			return 0
		}
		return allocs
	}
	// The allocations of comp's own, decompressing d's commands to the
	// first, then whole, as a host may: zstd's library builds an error
	// for the first, where it cannot stop.
	codec := func(comp Compressor, d []byte) float64 {
		if comp == nil || d[0]&byte(headerCompressed>>8) == 0 {
			return 0
		}
		buf := make([]byte, 0, maxMTU+16)
		return testing.AllocsPerRun(times, func() {
			_, _ = comp.Decompress(buf, d[8:], commandSizes[cmdAcknowledge])
			_, _ = comp.Decompress(buf, d[8:], defaultMTU)
		})
	}
	for _, m := range allModes {
		comp := compressorOf(m)
		t.Run(modeName(m), func(t *testing.T) {
			t.Run("connect", func(t *testing.T) {
				h, out := testHost(WithChecksum(true), withCompression(m))
				d := sealed(connectDatagram(1), 0, comp, true)
				require.LessOrEqual(t, allocs(h, d), codec(comp, d))
				require.Zero(t, out.datagrams)
				require.Empty(t, h.offerFor)
			})
			t.Run("to an offered slot", func(t *testing.T) {
				h, out, o := offeredHost(t, m)
				o.in += (times + 1) * len(o.answer) // as if its source had sent enough for more answers
				d := sealed(offeredDatagram(2), o.connectID, comp, true)
				require.Equal(t, comp != nil, d[0]&byte(headerCompressed>>8) != 0, "compressed as the host's")
				allocated := allocs(h, d)
				if comp != nil && firstCommandAlone(comp, d[8:]) {
					require.Equal(t, 1+times+1, out.datagrams, "answered unchecked")
				} else {
					require.LessOrEqual(t, allocated, codec(comp, d))
					require.Equal(t, 1, out.datagrams, "the connect alone answered")
				}
				require.Same(t, o, h.offers[0])
			})
			t.Run("acknowledging the offer", func(t *testing.T) {
				h, out, o := offeredHost(t, m)
				ack := datagramOf(cmdBytes(command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: o.cookie}), send)
				d := sealed(ack, o.connectID, comp, true)
				require.LessOrEqual(t, allocs(h, d), codec(comp, d))
				require.Equal(t, 1, out.datagrams)
				require.Same(t, o, h.offers[0], "still offered")
				require.Nil(t, h.peers[0])
				feed(h, sealed(ack, o.connectID, comp, false), fuzzAddr)
				require.NotNil(t, h.peers[0], "the same with its checksum right is taken")
			})
			t.Run("to a peer", func(t *testing.T) {
				h, out := testHost(WithChecksum(true), withCompression(m))
				p := connectedPeer(h)
				p.connectID = 42
				d := sealed(datagramOf(send), 42, comp, true)
				require.LessOrEqual(t, allocs(h, d), codec(comp, d))
				require.Empty(t, inboxed(p))
				require.Empty(t, p.acks)
				require.Zero(t, out.datagrams)
				feed(h, sealed(datagramOf(send), 42, comp, false), fuzzAddr)
				require.Len(t, inboxed(p), 1, "the same with its checksum right is taken")
			})
		})
	}
}

// firstCommandAlone says whether comp gives the first command of the
// commands it compressed to packed without the rest (see Compressor).
func firstCommandAlone(comp Compressor, packed []byte) bool {
	out, err := comp.Decompress(nil, packed, commandSizes[cmdAcknowledge])
	return err != nil && len(out) >= commandSizes[cmdAcknowledge]
}

// decompressCounter counts the bytes its codec decompresses.
type decompressCounter struct {
	Compressor
	out int
}

func (c *decompressCounter) Decompress(dst, src []byte, limit int) ([]byte, error) {
	out, err := c.Compressor.Decompress(dst, src, limit)
	c.out += len(out) - len(dst)
	return out, err
}

// A datagram to an offered slot that starts with the offer's
// acknowledgement is decompressed once, past its first command: one
// whose checksum is wrong, which leaves the offer as it was, costs no
// more than a peer's datagram of the same size, however often its source
// sends it.
func TestOfferedDecompressedOnce(t *testing.T) {
	for _, m := range allModes[1:] {
		t.Run(modeName(m), func(t *testing.T) {
			counter := &decompressCounter{Compressor: compressorOf(m)}
			h, _ := testHost(WithChecksum(true), WithCompressor(func() Compressor { return counter }), WithMaxPeers(1))
			c := connectOf(command{channelCount: 1, outgoingPeerID: maxPeerID, mtu: defaultMTU, connectID: 7}, nil)
			feed(h, sealed(c, 0, nil, false), fuzzAddr)
			o := h.offers[0]
			require.NotNil(t, o)
			cmds := [][]byte{cmdBytes(command{cmd: cmdAcknowledge, channel: 0xFF, seq: 1, ackSeq: 1, ackSentTime: o.cookie})}
			for i := range uint16(40) {
				cmds = append(cmds, cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 0, seq: 1 + i, payload: make([]byte, 16)}))
			}
			d := datagramOf(bytes.Join(cmds, nil))
			wire := sealed(d, o.connectID, compressorOf(m), true)
			require.NotZero(t, wire[0]&byte(headerCompressed>>8), "compressed")
			feed(h, wire, fuzzAddr)
			require.Same(t, o, h.offers[0], "still offered")
			body := len(d) - 4
			t.Logf("%d bytes of commands, %d decompressed", body, counter.out)
			require.LessOrEqual(t, counter.out, body+commandSizes[cmdAcknowledge])
		})
	}
}

// A datagram to an offered slot that the host refuses before reading a
// command, as ENet does, gets no answer: one that does not decompress
// with the host's codec, or compressed to a host that compresses
// nothing.
func TestOfferedRefusedUnanswered(t *testing.T) {
	for _, m := range allModes {
		t.Run(modeName(m), func(t *testing.T) {
			h, out := testHost(withCompression(m), WithMaxPeers(1))
			c := connectOf(command{channelCount: 1, outgoingPeerID: maxPeerID, mtu: defaultMTU, connectID: 7}, nil)
			feed(h, c, fuzzAddr)
			o := h.offers[0]
			require.NotNil(t, o)
			o.in += 10 * len(o.answer) // enough for answers
			answered := out.datagrams
			// Compressed to nothing, which no codec takes (ENet takes an
			// empty result for failure).
			feed(h, []byte{0x80 | byte(headerCompressed>>8), 0, 0, 1}, fuzzAddr)
			require.Equal(t, answered, out.datagrams)
			require.Same(t, o, h.offers[0])
		})
	}
}

// The checksum covers a datagram's commands as they are decompressed, as
// ENet's sender computes it before compressing them and its receiver
// checks it after decompressing them: one computed over the commands
// compressed is wrong.
func TestChecksumOverDecompressed(t *testing.T) {
	send := cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 1, seq: 1, payload: bytes.Repeat([]byte("x"), 600)})
	for _, m := range allModes[1:] {
		t.Run(modeName(m), func(t *testing.T) {
			comp := compressorOf(m)
			right := sealed(datagramOf(send), 42, comp, false)
			require.NotZero(t, right[0]&byte(headerCompressed>>8), "compressed")
			// The same bytes, the checksum computed over them as sent.
			wrong := bytes.Clone(right)
			binary.BigEndian.PutUint32(wrong[4:], 42)
			binary.BigEndian.PutUint32(wrong[4:], checksum(wrong))
			for _, tt := range []struct {
				name  string
				d     []byte
				taken bool
			}{{"over the commands", right, true}, {"over the compressed bytes", wrong, false}} {
				t.Run(tt.name, func(t *testing.T) {
					h, _ := testHost(WithChecksum(true), withCompression(m))
					p := connectedPeer(h)
					p.connectID = 42
					feed(h, tt.d, fuzzAddr)
					require.Equal(t, tt.taken, len(inboxed(p)) == 1)
				})
			}
		})
	}
}
