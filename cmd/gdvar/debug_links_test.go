package main

import (
	"fmt"
	"net"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar debug -hold puts a link between the client of a stock 2D shooter
// (its own join function given the link's address) and its host, both
// stepped in lockstep: clean, the client has joined 15 frames on; at
// 150 ms each way, not yet (a join's handshake crosses the link three
// times: 27 frames at 60), and 60 frames later it has; cut, the link
// forwards nothing and counts what it cut, and the client, whose ENet
// times out on the wall clock, is still connected 180 frames on. A lone
// game's advance steps the links too.
func TestLiveDebugLink(t *testing.T) {
	godot.HoldPort(t, "udp", "8080") // the game's host's port (network_manager.gd)
	game := linkedGame(t, "BatteryAcid__godot-authority-2")
	listen := freeUDPPort(t)
	const count = `eval get_node("SpawnPath").get_child_count()`
	join := fmt.Sprintf(`launch client; game game; call /root/MainMenu/Panel/VBoxContainer/HostGame emit_signal "pressed"; lockstep 10 game client;
		proxy client 127.0.0.1:8080 127.0.0.1:%d; %%s; game client; call /root/NetworkManager load_game_scene;
		call /root/NetworkManager create_client "127.0.0.1" %[1]d; lockstep 15 game client; game game; %s`, listen, count)
	tests := []struct {
		name, net, then string
		want            []string // the players the host counts, as eval prints them
		links           []string // in links's lines
	}{
		{name: "clean", net: "frame", then: "lockstep 60 game client; " + count + "; game client; advance 3", want: []string{"2", "2"},
			links: []string{"(frame 78)"}}, // 15 and 60 frames of lockstep, 3 of the client's advance
		{name: "latency", net: "net client latency 150ms", then: "lockstep 60 game client; " + count, want: []string{"1", "2"},
			links: []string{"to-server: latency 150ms; received", "to-client: latency 150ms; received"}},
		{name: "down", net: "frame", then: "net client down; lockstep 180 game client; " + count + "; game client; eval multiplayer.multiplayer_peer.get_connection_status()",
			want: []string{"2", "2"}, links: []string{"to-server: down;", "to-client: down;"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			script := fmt.Sprintf(join, tt.net) + "; " + tt.then + "; links"
			code, out, errOut := runGdvar(nil, append([]string{"debug", "-hold", "-e", script, "--"}, game...)...)
			require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
			var counts []string
			for _, line := range strings.Split(out, "\n") {
				if line == "1" || line == "2" {
					counts = append(counts, line)
				}
			}
			assert.Equal(t, tt.want, counts[:min(len(counts), 2)], out)
			for _, l := range tt.links {
				assert.Contains(t, out, l)
			}
			linkLines := out[strings.LastIndex(out, "client: 127.0.0.1:"):]
			assert.Regexp(t, `to-server: .*received [1-9]\d*, forwarded [1-9]`, linkLines, "the join went through the link")
			if tt.name == "down" {
				assert.Regexp(t, `to-server: down; received \d+, forwarded \d+, delayed 0, lost 0, duplicated 0, reordered 0, cut [1-9]`, linkLines)
				assert.Contains(t, out, "\n2\nclient:", "ENet's own timeout is the wall clock's: still connected")
			}
		})
	}
}

// freeUDPPort returns a loopback UDP port free a moment ago.
func freeUDPPort(t *testing.T) int {
	t.Helper()
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port
}

// The same over WebSocket (a TCP link), on Ultraegern's example hosting
// with its WebSocket backend and a client joined by its own join_server:
// clean, the host has the client 5 frames on; at 100 ms each way not yet,
// and 55 frames later it has. Cut for 120 frames, the link holds the
// client's stream (a stream loses nothing), the host keeps the peer (a
// WebSocket has no timeout of its own), and joined again the link
// forwards all it held.
func TestLiveDebugLinkWebSocket(t *testing.T) {
	godot.HoldPort(t, "tcp", "9999") // the game's port (main.gd)
	game := linkedGame(t, "Ultraegern__godot-multiplayer-example")
	listen := freeTCPPort(t)
	const peers = `eval multiplayer.get_peers().size()`
	for _, tt := range []struct {
		net      string
		want     []string // the host's peers after 5, 60 and 180 frames
		inFlight int      // the chunks still on their way at the end, at most
	}{
		{net: "frame", want: []string{"1", "1", "1"}},
		{net: "net client latency 100ms", want: []string{"0", "1", "1"}, inFlight: 8},
	} {
		t.Run(tt.net, func(t *testing.T) {
			script := fmt.Sprintf(`launch client; game game; call /root/Main host_server 9999 1; lockstep 5 game client;
				proxy client ws://127.0.0.1:9999 127.0.0.1:%d; %s; game client; call /root/Main join_server %[1]d "127.0.0.1" 1;
				lockstep 5 game client; game game; %[3]s; lockstep 55 game client; %[3]s;
				net client down; lockstep 120 game client; %[3]s; net client up; lockstep 30 game client; links`, listen, tt.net, peers)
			code, out, errOut := runGdvar(nil, append([]string{"debug", "-hold", "-e", script, "--"}, game...)...)
			require.Equal(t, 0, code, "%s\n---\n%s", out, errOut)
			var got []string
			for _, line := range strings.Split(out, "\n") {
				if line == "0" || line == "1" {
					got = append(got, line)
				}
			}
			assert.Equal(t, tt.want, got, out)
			assert.Regexp(t, `to-server: [^;]+; received (\d+), forwarded (\d+), .* cut [1-9]\d*\n`, out)
			m := regexp.MustCompile(`to-server: [^;]+; received (\d+), forwarded (\d+),`).FindStringSubmatch(out)
			require.Len(t, m, 3, out)
			received, _ := strconv.Atoi(m[1])
			forwarded, _ := strconv.Atoi(m[2])
			// Joined again, it forwarded all it held: at 100 ms, but for
			// what the last 6 frames sent, still on its way.
			assert.LessOrEqual(t, received-forwarded, tt.inFlight, out)
		})
	}
}

// freeTCPPort returns a loopback TCP port free a moment ago.
func freeTCPPort(t *testing.T) int {
	t.Helper()
	l, err := net.ListenTCP("tcp4", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// linkedGame returns the command line of a corpus game imported in a
// folder of its own, headless at 60 frames a second, for gdvar debug.
func linkedGame(t *testing.T, folder string) []string {
	t.Helper()
	engine := debuggertest.Godot(t)
	dir := debuggertest.Project(t, filepath.Join("..", "..", "testdata", "projects", folder))
	t.Setenv("GDVAR_GODOT_HOME", t.TempDir())
	return []string{engine, "--headless", "--fixed-fps", "60", "--path", dir}
}
