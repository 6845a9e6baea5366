package fromproject

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/project"
)

// How the corpus's games set up their peer, as NetOf reads it from their
// scripts: each checked against the script it names.
func TestNetOfCorpus(t *testing.T) {
	for _, c := range []struct {
		project     string
		transport   multiplayer.Transport
		port        int
		compression string
		unknown     int // notes of what the scripts do not tell
	}{
		{"jonathanhecl__ENetMultiplayer-server-godot4", multiplayer.ENet, 7070, "", 0}, // scenes/main.gd:3, :9
		{"brb-fr__Amangas", multiplayer.WebSocket, 22023, "", 0},                       // menu.gd:8, :49
		{"devloglogan__MultiplayerFPSTutorial", multiplayer.ENet, 9999, "", 0},         // world.gd:11, :21
		{"luiz734__godot-multiplayer-soccer", multiplayer.ENet, 55667, "", 0},          // src/join_menu.gd:79, :80
		// Both transports (scripts/network_manager.gd:35, :38): ENet, said.
		{"Ultraegern__godot-multiplayer-example", multiplayer.ENet, 0, "", 2},
	} {
		t.Run(c.project, func(t *testing.T) {
			p, err := project.Open(filepath.Join("..", "..", "testdata", "projects", c.project))
			require.NoError(t, err)
			n, err := NetOf(p)
			require.NoError(t, err)
			assert.Equal(t, c.transport, n.Transport)
			assert.Equal(t, c.compression, n.Compression)
			if c.port != 0 {
				assert.Equal(t, c.port, n.Port)
			}
			assert.GreaterOrEqual(t, len(n.Unknown), c.unknown, "%q", n.Unknown)
			t.Logf("%+v", n)
		})
	}
}

// A port or a count of clients out of the engine's range is no setting:
// the client is not sent to it, and a note says why.
func TestNetOfOutOfRange(t *testing.T) {
	for _, c := range []struct {
		name, setup string
		port, max   int
		note        string
	}{
		{"in range", "\tENetMultiplayerPeer.new().create_server(65535, 4095)", 65535, 4095, ""},
		{"port past 65535", "\tENetMultiplayerPeer.new().create_server(65536, 8)", 0, 8, "port: not one from 1 to 65535 (res://main.gd:4 65536)"},
		{"port 0", "\tENetMultiplayerPeer.new().create_server(0, 8)", 0, 8, "port: not one from 1 to 65535"},
		{"no clients", "\tENetMultiplayerPeer.new().create_server(7000, 0)", 7000, 0, "max clients: not one from 1 to 4095"},
		{"clients past ENet's", "\tENetMultiplayerPeer.new().create_server(7000, 5000)", 7000, 0, "max clients: not one from 1 to 4095 (res://main.gd:4 5000)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, err := NetOf(netGame(t, c.setup))
			require.NoError(t, err)
			assert.Equal(t, c.port, n.Port)
			assert.Equal(t, c.max, n.MaxClients)
			if c.note == "" {
				assert.Empty(t, n.Unknown)
				return
			}
			require.Len(t, n.Unknown, 1)
			assert.Contains(t, n.Unknown[0], c.note)
		})
	}
}

// netGame writes a game whose server script sets up its peer with
// setup's lines, and returns its project.
func netGame(t *testing.T, setup string) *project.Project {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"project.godot": "config_version=5\n\n[application]\n\nrun/main_scene=\"res://main.tscn\"\n",
		"main.tscn":     "[gd_scene load_steps=2 format=3]\n\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"1\"]\n\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
		"main.gd":       "extends Node\n\nfunc host() -> void:\n" + setup + "\n\n@rpc(\"any_peer\")\nfunc echo(s: String) -> void:\n\tpass\n",
	}
	for name, text := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	p, err := project.Open(dir)
	require.NoError(t, err)
	return p
}

// A client joins a server whose settings its project tells: a WebSocket
// subprotocol the server requires, an ENet compression; the same client
// made without them is refused, or told what was dropped.
func TestClientJoinsAsTheProjectSays(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	t.Run("a subprotocol", func(t *testing.T) {
		p := netGame(t, "\tvar peer := WebSocketMultiplayerPeer.new()\n\tpeer.supported_protocols = [\"ludus\"]\n\tpeer.create_server(9080)")
		n, err := NetOf(p)
		require.NoError(t, err)
		assert.Equal(t, []string{"ludus"}, n.Subprotocols)
		server := multiplayer.MustNew(multiplayer.WithSubprotocols("ludus"))
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		go server.Serve(ctx, ln)
		t.Cleanup(func() { server.Close() })

		c, err := NewClient(p, "", n, nil)
		require.NoError(t, err)
		defer c.M.Close()
		require.NoError(t, c.Join(ctx, ln.Addr().String()))

		bare, err := NewClient(p, "", &Net{Transport: multiplayer.WebSocket}, nil)
		require.NoError(t, err)
		defer bare.M.Close()
		assert.ErrorIs(t, bare.Join(ctx, ln.Addr().String()), multiplayer.ErrHandshake)
	})
	t.Run("a compression", func(t *testing.T) {
		p := netGame(t, "\tvar peer := ENetMultiplayerPeer.new()\n\tpeer.create_server(9080)\n\tpeer.host.compress(ENetConnection.COMPRESS_RANGE_CODER)")
		n, err := NetOf(p)
		require.NoError(t, err)
		assert.Equal(t, "RANGE_CODER", n.Compression)
		server := multiplayer.MustNew()
		addr := "127.0.0.1:" + strconv.Itoa(godot.FreePort(t, "udp"))
		go server.ListenAndServeENet(ctx, addr, enet.WithCompression(enet.CompressRangeCoder))
		t.Cleanup(func() { server.Close() })
		require.Eventually(t, func() bool { return server.ID() == multiplayer.ServerID }, 10*time.Second, time.Millisecond)

		c, err := NewClient(p, "", n, nil)
		require.NoError(t, err)
		defer c.M.Close()
		require.NoError(t, c.Join(ctx, addr))

		bare, err := NewClient(p, "", &Net{}, nil)
		require.NoError(t, err)
		defer bare.M.Close()
		dropped := make(chan error, 1)
		bare.M.OnError(func(err error) {
			if errors.Is(err, enet.ErrCompression) {
				select {
				case dropped <- err:
				default:
				}
			}
		})
		jctx, jcancel := context.WithTimeout(ctx, 5*time.Second)
		defer jcancel()
		assert.Error(t, bare.Join(jctx, addr))
		select {
		case err := <-dropped:
			t.Logf("told: %v", err)
		case <-time.After(10 * time.Second):
			t.Error("no ErrCompression reported for the server's compressed datagrams")
		}
	})
}
