package compress_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/enet/compress"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two hosts given the same Compressor talk through it: a packet of ENet
// commands that compress arrives whole, and a host takes each a codec of
// its own. (The codecs' bounds and Godot's bytes are package enet's tests.)
func TestHostsTalkCompressed(t *testing.T) {
	for _, tt := range []struct {
		name string
		new  func() enet.Compressor
	}{{"zlib", compress.Zlib}, {"zstd", compress.Zstd}} {
		t.Run(tt.name, func(t *testing.T) {
			assert.NotSame(t, tt.new(), tt.new(), "a codec a host")
			server, err := enet.Listen("udp", "127.0.0.1:0", enet.WithCompressor(tt.new))
			require.NoError(t, err)
			defer server.Close()
			client, err := enet.Listen("udp", "127.0.0.1:0", enet.WithCompressor(tt.new))
			require.NoError(t, err)
			defer client.Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cp, err := client.Connect(ctx, server.Addr().String(), 1, 0)
			require.NoError(t, err)
			sp, err := server.Accept(ctx)
			require.NoError(t, err)
			data := bytes.Repeat([]byte("ENet commands, "), 60)
			require.NoError(t, cp.Send(0, data, enet.Reliable))
			pk, err := sp.Receive(ctx)
			require.NoError(t, err)
			assert.Equal(t, data, pk.Data)
			assert.Less(t, server.Stats().BytesIn, uint64(len(data)), "the handshake and the packet, compressed")
		})
	}
}
