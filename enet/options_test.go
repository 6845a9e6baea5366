package enet

import (
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every option out of its range fails Listen, before a socket is opened,
// and NewHost, which leaves its conn to the caller, with an error that
// matches ErrInvalidOption and names the option; the first invalid one
// of a list is the one named.
func TestOptionsOutOfRange(t *testing.T) {
	for _, o := range []Option{
		WithMaxPeers(0), WithMaxPeers(maxPeerID + 1),
		WithChannelLimit(0), WithChannelLimit(maxChannels + 1),
		WithBandwidth(-1, 0), WithBandwidth(0, -1),
		WithMTU(minMTU - 1), WithMTU(maxMTU + 1),
		WithCompression(CompressFastLZ + 1), WithCompression(-1), WithCompressor(nil),
		WithMaxPacketSize(0), WithMaxWaitingData(0), WithMaxSendQueue(0),
		WithDuplicatePeers(0), WithDuplicatePeers(maxPeerID + 1),
		WithTick(time.Millisecond - 1),
		WithSocketBuffers(-1, 0), WithSocketBuffers(0, -1),
		WithBusyPoll(-1), WithBusyPoll(maxBusyPoll + 1),
	} {
		t.Run(o.Name(), func(t *testing.T) {
			_, err := Listen("udp", "127.0.0.1:0", WithTick(time.Second), o, WithMTU(0))
			assert.ErrorIs(t, err, ErrInvalidOption)
			assert.EqualError(t, err, "enet: invalid option: "+o.Name()+" out of range", "the first invalid option")

			conn, err := net.ListenPacket("udp", "127.0.0.1:0")
			require.NoError(t, err)
			defer conn.Close()
			_, err = NewHost(conn, o)
			assert.ErrorIs(t, err, ErrInvalidOption)
			_, err = conn.WriteTo([]byte{0}, conn.LocalAddr())
			assert.NoError(t, err, "the conn is the caller's still")
		})
	}
}

// Each option sets its setting, a boolean one either way, and the
// defaults are libenet's with Godot's.
func TestOptionsSet(t *testing.T) {
	tests := []struct {
		opt  Option
		want func(*config)
	}{
		{WithMaxPeers(8), func(c *config) { c.maxPeers = 8 }},
		{WithChannelLimit(2), func(c *config) { c.channelLimit = 2 }},
		{WithBandwidth(1000, 2000), func(c *config) { c.incomingBandwidth, c.outgoingBandwidth = 1000, 2000 }},
		{WithMTU(minMTU), func(c *config) { c.mtu = minMTU }},
		{WithChecksum(true), func(c *config) { c.checksum = true }},
		{WithChecksum(false), func(*config) {}},
		{WithCompression(CompressFastLZ), func(c *config) { c.compression = CompressFastLZ }},
		{WithMaxPacketSize(1), func(c *config) { c.maxPacketSize = 1 }},
		{WithMaxWaitingData(2), func(c *config) { c.maxWaitingData = 2 }},
		{WithMaxSendQueue(3), func(c *config) { c.maxSendQueue = 3 }},
		{WithDuplicatePeers(4), func(c *config) { c.duplicatePeers = 4 }},
		{WithTick(time.Second), func(c *config) { c.tick = time.Second }},
		{WithSocketBuffers(0, 1), func(c *config) { c.recvBuffer, c.sendBuffer = 0, 1 }},
		{WithBusyPoll(maxBusyPoll), func(c *config) { c.busyPoll = maxBusyPoll }},
	}
	for _, tt := range tests {
		t.Run(tt.opt.Name(), func(t *testing.T) {
			got, err := configOf([]Option{tt.opt})
			require.NoError(t, err)
			want := defaultConfig()
			tt.want(&want)
			want.name = tt.opt.Name()
			assert.Equal(t, want, got)
		})
	}
	zstd := compressors[compressZstd].new
	for _, tt := range []struct {
		name string
		opts []Option
		want Compressor
	}{
		{"a mode", []Option{WithCompression(CompressRangeCoder)}, new(rangeCoder)},
		{"a compressor", []Option{WithCompression(CompressRangeCoder), WithCompressor(zstd)}, zstd()},
		{"a mode again", []Option{WithCompressor(zstd), WithCompression(CompressFastLZ)}, new(fastlzCodec)},
		{"none", []Option{WithCompressor(zstd), WithCompression(CompressNone)}, nil},
	} {
		cfg, err := configOf(tt.opts)
		require.NoError(t, err)
		assert.IsType(t, tt.want, cfg.compressor(), "%s: the last option wins", tt.name)
	}
	off, err := configOf([]Option{WithChecksum(true), WithChecksum(false)})
	require.NoError(t, err)
	assert.False(t, off.checksum, "WithChecksum(false) turns it off again")
	def, err := configOf(nil)
	require.NoError(t, err)
	assert.Equal(t, defaultConfig(), def)
}
