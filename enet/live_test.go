package enet

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

// echo sends every packet of every peer the host accepts back to it, on
// its channel with its flags, until the host closes. A timeout other than
// 0 is each peer's (SetTimeout's minimum and maximum).
func echo(h *Host, timeout time.Duration) {
	for {
		p, err := h.Accept(context.Background())
		if err != nil {
			return
		}
		if timeout != 0 {
			p.SetTimeout(0, timeout, timeout)
		}
		go func() {
			for {
				pk, err := p.Receive(context.Background())
				if err != nil {
					return
				}
				if err := p.Send(pk.Channel, pk.Data, pk.Flags); err != nil && !errors.Is(err, ErrNotConnected) {
					panic(err)
				}
			}
		}()
	}
}

var liveModes = []struct {
	name string
	mode Compression
}{
	{"none", CompressNone}, {"range_coder", CompressRangeCoder}, {"fastlz", CompressFastLZ},
	{"zlib", compressZlib}, {"zstd", compressZstd},
}

// TestLiveGodotClient has Godot 4's ENetConnection send every kind of
// packet to a Go host, with every compressor, and check the echoes: every
// reliable one comes back once, unchanged; an unreliable one may be lost
// (lossy=1: either side's throttle drops some when round trips vary, as
// under the race detector), never doubled or changed.
func TestLiveGodotClient(t *testing.T) {
	engine := godot.Require(t, "godot4")
	script, err := filepath.Abs("testdata/godot/raw_client.gd")
	require.NoError(t, err)
	for _, m := range liveModes {
		t.Run(m.name, func(t *testing.T) {
			h, err := Listen("udp", "127.0.0.1:0", withCompression(m.mode))
			require.NoError(t, err)
			defer h.Close()
			go echo(h, 0)
			port := strconv.Itoa(h.Addr().(*net.UDPAddr).Port)
			out := godot.RunScript(t, engine, script, "port="+port, "compress="+m.name, "plan=full", "data=7", "lossy=1", "timeout=60")
			assert.Contains(t, out, "RESULT ok")
			assert.True(t, strings.Contains(out, "DONE"), out)
		})
	}
}

// TestLiveGodotServer has a Go client send every kind of packet to Godot
// 4's ENetConnection, which echoes them.
func TestLiveGodotServer(t *testing.T) {
	engine := godot.Require(t, "godot4")
	script, err := filepath.Abs("testdata/godot/raw_server.gd")
	require.NoError(t, err)
	for _, m := range liveModes {
		t.Run(m.name, func(t *testing.T) {
			port := godot.FreePort(t, "udp")
			srv := godot.Start(t, engine, script, "port="+strconv.Itoa(port), "compress="+m.name, "timeout=60")
			h, err := Listen("udp", "127.0.0.1:0", withCompression(m.mode))
			require.NoError(t, err)
			defer h.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			p := connectRetry(t, ctx, h, "127.0.0.1:"+strconv.Itoa(port), 255, 9) // the engine may not listen yet
			for i, c := range []struct {
				ch    uint8
				size  int
				flags Flag
			}{{0, 1, Reliable}, {1, 1000, 0}, {2, 100, Unsequenced}, {254, 100000, Reliable}, {3, 4000, UnreliableFragment}} {
				data := make([]byte, c.size)
				for j := range data {
					data[j] = byte(i + j)
				}
				pk := sendUntil(t, p, p, c.ch, data, c.flags) // the echo, unreliable ones sent until one comes back
				assert.Equal(t, c.ch, pk.Channel, "packet %d", i)
				assert.Equal(t, c.flags, pk.Flags, "packet %d", i)
				assert.Equal(t, data, pk.Data, "packet %d", i)
			}
			p.Disconnect(3)
			select {
			case <-p.Done():
			case <-ctx.Done():
				t.Fatal("no disconnect")
			}
			out := srv.Wait(t)
			assert.Contains(t, out, "CONNECT 1 9 255")
			assert.Contains(t, out, "DISCONNECT 1 3")
		})
	}
}
