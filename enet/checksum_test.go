package enet

import (
	"bytes"
	"encoding/binary"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"
)

// ENet's CRC-32 (WithChecksum) on what a host receives (issue 64): a
// datagram whose checksum is wrong is dropped as ENet drops it, before
// any of its commands is acted on, at no more cost than a plain one's.

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
