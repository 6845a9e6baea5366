package multiplayer

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/enet/compress"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/mpcases"
)

// A Godot 4.6 ENetMultiplayerPeer client, with each compression Godot's
// ENetConnection offers, calls echo on a Go server with arguments large
// enough to fragment, and sends raw packets in every transfer mode on
// channels 0 to 3 (ENet channels 0 to 4, reliable, unsequenced and
// unreliable): every reply and every packet comes back.
func TestLiveENetModes(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	script, err := filepath.Abs("../enet/testdata/godot/mp_client.gd")
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		mode enet.Option
	}{
		{"none", enet.WithCompression(enet.CompressNone)}, {"range_coder", enet.WithCompression(enet.CompressRangeCoder)},
		{"fastlz", enet.WithCompression(enet.CompressFastLZ)}, {"zlib", enet.WithCompressor(compress.Zlib)},
		{"zstd", enet.WithCompressor(compress.Zstd)},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := MustNew()
			main := m.Node("/root/Main", echoMethods...)
			main.Handle("echo", func(c *Call, args ...any) error { return c.Reply("echo_reply", args...) })
			m.OnPacket(func(from PeerID, data []byte) { assert.NoError(t, m.SendBytes(from, data)) })
			var errs errorLog
			m.OnError(errs.add)
			port := godot.FreePort(t, "udp")
			h, err := enet.Listen("udp", "127.0.0.1:"+strconv.Itoa(port), append(m.enetOptions(nil), c.mode)...)
			require.NoError(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- m.ServeENet(ctx, h) }()
			defer func() {
				cancel()
				assert.NoError(t, <-done)
			}()
			// throttle=off: the engine's throttle may drop every unreliable
			// packet on a loaded machine; lossy=1 counts what it drops.
			out := godot.RunScript(t, engine, script, "port="+strconv.Itoa(port), "compress="+c.name,
				"mode=echo", "throttle=off", "lossy=1", "timeout=60")
			require.Contains(t, out, "DONE")
			assert.Len(t, mpcases.Lines(out, "GOT "), 6, "echo replies")
			raw := mpcases.Lines(out, "RAW ")
			require.Len(t, raw, 1)
			assert.Regexp(t, `^\d+ ok lost \d+$`, raw[0])
			assert.Empty(t, errs.get())
		})
	}
}

// A Go client calls echo on a Godot 4.6 ENet server with values of 1 and 8
// MiB, near ENetMultiplayerPeer's own limit of 16 MiB a packet (its
// get_max_packet_size), in thousands of fragments each way: each comes back
// whole. Over ENet the packet limit is raised with WithMaxPacketSize.
func TestLiveENetLargeValues(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	script, err := filepath.Abs("../enet/testdata/godot/mp_server.gd")
	require.NoError(t, err)
	port := godot.FreePort(t, "udp")
	server := godot.Start(t, engine, script, "port="+strconv.Itoa(port), "quiet=1", "timeout=120")
	m := MustNew(WithMaxPacketSize(16 << 20))
	main := m.Node("/root/Main", echoMethods...)
	replies := make(chan []byte, 1)
	main.Handle("echo_reply", func(c *Call, b []byte, _, _ any) { replies <- b }) // echo.gd sends three
	var errs errorLog
	m.OnError(errs.add)
	connectOver(t, m, "enet", port)
	for _, size := range []int{1 << 20, 8 << 20} {
		b := make([]byte, size)
		for i := range b {
			b[i] = byte(i * 7)
		}
		require.NoError(t, main.Call(ServerID, "echo", b))
		select {
		case got := <-replies:
			assert.True(t, bytes.Equal(b, got), "%d bytes back", size)
		case <-time.After(liveWait):
			t.Fatalf("no reply to %d bytes; errors: %v", size, errs.get())
		}
	}
	m.Close()
	server.Wait(t)
	assert.Empty(t, errs.get())
}
