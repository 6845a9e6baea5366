package enet

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What ENet drops silently and its sender's settings explain is
// reported: a compressed datagram to a host that compresses nothing, or
// that its codec refuses (the peer compresses otherwise), and a connect
// to a host whose every slot is connected. Without WithDropReport, the
// same datagrams are dropped as before.
func TestDropReport(t *testing.T) {
	compressed := connectDatagram(7)
	compressed[0] |= byte(headerCompressed >> 8)
	compressed = compressed[:4] // its commands compressed to nothing: no codec takes that
	other := netip.MustParseAddrPort("127.0.0.1:4001")
	for _, c := range []struct {
		name  string
		opts  []Option
		full  bool
		input []byte
		want  error
		text  string
	}{
		{"compressed, none here", nil, false, compressed, ErrCompression, "this host does not"},
		{"compressed otherwise", []Option{WithCompression(CompressRangeCoder)}, false, compressed, ErrCompression, "RANGE_CODER"},
		{"compressed, FastLZ here", []Option{WithCompression(CompressFastLZ)}, false, compressed, ErrCompression, "FASTLZ"},
		{"a connect, the host full", []Option{WithMaxPeers(1)}, true, connectDatagram(7), ErrTooManyPeers, "max_clients"},
		{"a connect, a slot free", []Option{WithMaxPeers(2)}, true, connectDatagram(7), nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []error
			var from []netip.AddrPort
			h, _ := testHost(append(c.opts, WithDropReport(func(a netip.AddrPort, err error) {
				from = append(from, a)
				got = append(got, err)
			}))...)
			if c.full {
				fill(h)
			}
			feed(h, c.input, other)
			if c.want == nil {
				assert.Empty(t, got)
				return
			}
			require.Len(t, got, 1)
			assert.ErrorIs(t, got[0], c.want)
			assert.Contains(t, got[0].Error(), c.text)
			assert.Equal(t, []netip.AddrPort{other}, from)
			quiet, _ := testHost(c.opts...)
			if c.full {
				fill(quiet)
			}
			feed(quiet, c.input, other) // no report asked: dropped all the same
		})
	}
	_, err := configOf([]Option{WithDropReport(nil)})
	assert.ErrorIs(t, err, ErrInvalidOption)
}

// fill connects a peer in slot 0, the only one of a host of one slot.
func fill(h *Host) {
	connectedPeer(h)
	h.slots.take(0)
}
