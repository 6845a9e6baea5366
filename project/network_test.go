package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What a GDScript sets on its MultiplayerPeer, read from its tokens: the
// forms games write, and those the reader cannot tell (Value "").
func TestNetwork(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
	src := `extends Node

const PORT := 8910
const ROOT = "/root/Main/Lobby"
@export var mode := ENetConnection.COMPRESS_ZLIB
var port_var = 4433

func host() -> void:
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(PORT, 1)
	peer.host.compress(ENetConnection.COMPRESS_RANGE_CODER)
	peer.host.compress(mode)
	peer.create_server(port_var)
	peer.create_server(int(get_port()), 4)
	# peer.create_server(9999)  a comment sets nothing
	var ws := WebSocketMultiplayerPeer.new()
	ws.supported_protocols = ["ludus", "v2"]
	ws.supported_protocols = protocols()
	ws.create_server(7070, "127.0.0.1")
	get_tree().set_multiplayer(SceneMultiplayer.new(), ROOT)
	get_tree().set_multiplayer(SceneMultiplayer.new(), NodePath("/root/World"))
	get_tree().set_multiplayer(SceneMultiplayer.new(), get_path())

# A game's own create_server, declared and called without a port (as
# gmuGADIG/King-Fisher's lobby), is no peer's: it sets nothing.
func create_server(port := 0) -> void:
	Lobby.create_server()
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "net.gd"), []byte(src), 0o644))
	p, err := Open(dir)
	require.NoError(t, err)
	n, err := p.Network()
	require.NoError(t, err)
	at := func(v string, line int) Setting { return Setting{Value: v, Script: "res://net.gd", Line: line} }
	assert.Equal(t, []Setting{at("enet", 9), at("ws", 16)}, n.Transports)
	assert.Equal(t, []Setting{at("COMPRESS_RANGE_CODER", 11), at("COMPRESS_ZLIB", 12)}, n.Compression)
	assert.Equal(t, []Setting{at("8910", 10), at("4433", 13), at("", 14), at("7070", 19)}, n.Ports)
	assert.Equal(t, []Setting{at("1", 10), at("4", 14)}, n.MaxClients)
	assert.Equal(t, []Setting{at("ludus,v2", 17), at("", 18)}, n.Subprotocols)
	assert.Equal(t, []Setting{at("/root/Main/Lobby", 20), at("/root/World", 21), at("", 22)}, n.Roots)
}

// A script that is nothing but settings (1 MiB of create_server calls,
// of brackets, of supported_protocols lists) costs what any script does:
// within the hostile bound of its bytes.
func TestHostileNetwork(t *testing.T) {
	for _, c := range []struct{ name, line string }{
		{"create_server calls", "\tpeer.create_server(8910, 32)\n"},
		{"compress calls", "\tpeer.host.compress(ENetConnection.COMPRESS_RANGE_CODER)\n"},
		{"protocol lists", "\tws.supported_protocols = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\"]\n"},
		{"NodePaths in NodePaths", "\tset_multiplayer(x, NodePath(NodePath(NodePath(\"/root/a\"))))\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), []byte("config_version=5\n"), 0o644))
			src := []byte("extends Node\n\nfunc f() -> void:\n" + strings.Repeat(c.line, (1<<20)/len(c.line)))
			require.NoError(t, os.WriteFile(filepath.Join(dir, "net.gd"), src, 0o644))
			p, err := Open(dir)
			require.NoError(t, err)
			_, err = p.Script("res://net.gd") // the reader's own cost, apart
			require.NoError(t, err)
			var n *Network
			alloc := hostile.Allocated(func() { n, err = p.Network() })
			require.NoError(t, err)
			assert.LessOrEqual(t, alloc, hostile.Bound(len(src)))
			t.Logf("%s: %.1f bytes allocated a byte; %d ports, %d compressions", c.name, float64(alloc)/float64(len(src)), len(n.Ports), len(n.Compression))
		})
	}
}
