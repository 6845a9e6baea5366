package game

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/netsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// net changes what it names of a link's conditions, both ways or one,
// and keeps the rest; what it cannot read is refused, naming what it
// wants, and changes nothing.
func TestDebugNet(t *testing.T) {
	server, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer server.Close()
	tests := []struct {
		name    string
		lines   []string // net's arguments after the game's name, a line each
		up, dn  netsim.Faults
		wantErr string
	}{
		{name: "both ways", lines: []string{"latency 150ms jitter 20ms loss 5%"},
			up: netsim.Faults{Delay: 150 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05},
			dn: netsim.Faults{Delay: 150 * time.Millisecond, Jitter: 20 * time.Millisecond, Loss: 0.05}},
		{name: "one way, then the other", lines: []string{"to-server rate 1000 duplicate 1%", "to-client reorder 2.5%"},
			up: netsim.Faults{Rate: 1000, Duplicate: 0.01}, dn: netsim.Faults{Reorder: 0.025}},
		{name: "kept", lines: []string{"latency 50ms", "loss 10%"},
			up: netsim.Faults{Delay: 50 * time.Millisecond, Loss: 0.1}, dn: netsim.Faults{Delay: 50 * time.Millisecond, Loss: 0.1}},
		{name: "down and up", lines: []string{"latency 10ms down", "up"},
			up: netsim.Faults{Delay: 10 * time.Millisecond}, dn: netsim.Faults{Delay: 10 * time.Millisecond}},
		{name: "down", lines: []string{"down"}, up: netsim.Faults{Cut: true}, dn: netsim.Faults{Cut: true}},
		{name: "down one way", lines: []string{"to-server down", "to-client latency 20ms"},
			up: netsim.Faults{Cut: true}, dn: netsim.Faults{Delay: 20 * time.Millisecond}},
		{name: "no value", lines: []string{"latency"}, wantErr: `net: "latency" needs a value`},
		{name: "no such", lines: []string{"speed 3"}, wantErr: `net: no condition "speed"`},
		{name: "percent over", lines: []string{"loss 101%"}, wantErr: "from 0% to 100%"},
		{name: "percent without %", lines: []string{"loss 0.05"}, wantErr: `percentage "0.05": from 0% to 100%, the % written, such as 5%`},
		{name: "duration", lines: []string{"jitter 2h"}, wantErr: "from 0 to 1m"},
		{name: "rate", lines: []string{"rate -1"}, wantErr: "bytes a second"},
		{name: "nothing", lines: []string{""}, wantErr: "usage: net NAME"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &gameLinks{}
			var out strings.Builder
			require.NoError(t, d.proxy([]string{"client", server.LocalAddr().String()}, &out))
			defer d.close()
			assert.Regexp(t, `^127\.0\.0\.1:\d+\n$`, out.String())
			var err error
			for _, l := range tt.lines {
				if err = d.setNet(append([]string{"client"}, strings.Fields(l)...)); err != nil {
					break
				}
			}
			if tt.wantErr != "" {
				assert.ErrorContains(t, err, tt.wantErr)
				assert.Equal(t, [2]netsim.Faults{}, linkFaults(d.links["client"]), "nothing changed")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, [2]netsim.Faults{tt.up, tt.dn}, linkFaults(d.links["client"]))
		})
	}
}

// net and proxy say what they need: a link, a server's address, frames.
func TestDebugLinkErrors(t *testing.T) {
	d := newLinks(gameLaunch{held: true, args: []string{"--headless"}})
	var out strings.Builder
	assert.ErrorContains(t, d.setNet([]string{"client", "loss", "5%"}), "no link of game \"client\": proxy \"client\" HOST:PORT first")
	assert.ErrorContains(t, d.proxy([]string{"client", "nowhere"}, &out), "the server's HOST:PORT (ENet), ws://HOST:PORT (WebSocket), such as 127.0.0.1:8080")
	assert.ErrorContains(t, d.proxy([]string{"client", "127.0.0.1:8080"}, &out), "give the games --fixed-fps N")
	require.NoError(t, d.show(&out))
	assert.Equal(t, "no links: proxy NAME HOST:PORT puts one between a game and its server\n", out.String())
}

// gdvar mcp's proxy, net and links tools are gdvar debug's commands: the
// address to give the game, the conditions changed, the counts.
func TestMCPLinks(t *testing.T) {
	server, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer server.Close()
	ctx, cancel := context.WithTimeout(context.Background(), gametest.Wait)
	defer cancel()
	games := &mcpGames{}
	defer games.netLinks().close()
	cs := connectMCP(t, ctx, games)
	text, failed := gametest.CallTool(t, ctx, cs, "proxy", map[string]any{"game": "client", "server": server.LocalAddr().String()})
	require.False(t, failed, text)
	assert.Regexp(t, `^127\.0\.0\.1:\d+\n$`, text)
	text, failed = gametest.CallTool(t, ctx, cs, "net", map[string]any{"game": "client", "conditions": "to-client latency 150ms loss 5%"})
	require.False(t, failed, text)
	text, failed = gametest.CallTool(t, ctx, cs, "links", nil)
	require.False(t, failed, text)
	assert.Contains(t, text, "to-server: clean; received 0")
	assert.Contains(t, text, "to-client: latency 150ms loss 5%; received 0")
	text, failed = gametest.CallTool(t, ctx, cs, "net", map[string]any{"game": "other", "conditions": "down"})
	assert.True(t, failed)
	assert.Contains(t, text, `no link of game "other"`)
}

// A WebSocket server's link is a TCP one: proxy prints its address in
// the form given, path kept; net refuses what a stream cannot lose.
func TestDebugLinkWebSocket(t *testing.T) {
	server, err := net.ListenTCP("tcp4", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer server.Close()
	d := &gameLinks{}
	defer d.close()
	var out strings.Builder
	require.NoError(t, d.proxy([]string{"client", "ws://" + server.Addr().String() + "/game"}, &out))
	assert.Regexp(t, `^ws://127\.0\.0\.1:\d+/game\n$`, out.String())
	assert.ErrorContains(t, d.setNet([]string{"client", "loss", "5%"}), "a TCP stream loses, duplicates and reorders nothing")
	require.NoError(t, d.setNet([]string{"client", "latency", "80ms", "rate", "20000"}))
	out.Reset()
	require.NoError(t, d.show(&out))
	assert.Contains(t, out.String(), "to-client: latency 80ms rate 20000; received 0")
	out.Reset()
	require.NoError(t, d.proxy([]string{"other", "tcp://" + server.Addr().String()}, &out))
	assert.Regexp(t, `^127\.0\.0\.1:\d+\n$`, out.String())
}

// linkFaults are a link's conditions each way.
func linkFaults(l *debugLink) [2]netsim.Faults {
	return [2]netsim.Faults{l.link.Faults(netsim.Up), l.link.Faults(netsim.Down)}
}

// Recording, the links made before end (their games are launched again)
// and those made from then on are links of frames, recorded with their
// conditions; stopped, the links made stay, and those made next are as
// the games were launched.
func TestLinksRecorded(t *testing.T) {
	server, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer server.Close()
	d := newLinks(gameLaunch{args: []string{"--headless"}})
	defer d.close()
	var out strings.Builder
	require.NoError(t, d.proxy([]string{"before", server.LocalAddr().String()}, &out))
	var file strings.Builder
	rec := debugger.NewRecorder(&file)
	out.Reset()
	d.recordTo(rec, 60, 5, &out)
	assert.Equal(t, "link of game before ended, its game launched again: proxy before again to record it\n", out.String())
	require.NoError(t, d.proxy([]string{"client", server.LocalAddr().String()}, &out))
	require.NoError(t, d.setNet([]string{"client", "to-client", "latency", "20ms"}))
	require.NoError(t, d.setNet([]string{"client", "to-client", "latency", "20ms"}), "unchanged: no step")
	for _, s := range d.steppers() {
		require.NoError(t, s.Step(2))
	}
	d.recordTo(nil, 0, 0, &out)
	require.NoError(t, rec.Close())
	assert.Len(t, d.steppers(), 1, "the link stays")
	require.NoError(t, d.proxy([]string{"after", server.LocalAddr().String()}, &out))
	assert.Zero(t, d.links["after"].link.Spec().FPS, "a link made after the recording is as the games were launched: on the wall clock")
	lines := strings.Split(strings.TrimSpace(file.String()), "\n")
	require.Len(t, lines, 4, file.String())
	assert.Contains(t, lines[1], `"link":"client","op":"link","seed":6,"fps":60,"network":"udp"`, "the recording's seed 5, its first link")
	assert.Equal(t, `{"frame":0,"link":"client","op":"net","dir":"down","faults":{"delay":"20ms"}}`, lines[2])
	assert.Equal(t, `{"frame":0,"link":"client","op":"step","frames":2}`, lines[3])
}
