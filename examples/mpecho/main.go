// Command mpecho is a Godot multiplayer server written in Go: Godot 4
// clients connect with WebSocketMultiplayerPeer.create_client (or, with
// -transport enet, ENetMultiplayerPeer.create_client, on UDP) and call the
// RPCs of their node /root/Main, whose script, godot/echo.gd, declares
//
//	@rpc("any_peer", "call_remote", "reliable")
//	func echo(a = null, b = null, c = null): ...
//	@rpc("authority", "call_remote", "reliable")
//	func echo_reply(a = null, b = null, c = null): ...
//
// The server takes these declarations from the clients' project, ./godot
// (fromproject.Declare), and adds only the behaviour. For each echo from a
// client, the server calls echo_reply on that client with the same
// arguments; each raw packet (multiplayer.send_bytes) goes back to its
// sender unchanged. It logs peers coming and going, and every error with
// its peer: a packet refused, or why a peer was dropped (a handshake not
// completed within 3 s, a silent or slow peer). What it shares with the
// other servers of the examples (the command line, the transports) is
// package examples/internal/gameserver's.
//
//	go run ./examples/mpecho -listen 127.0.0.1:8910
//	go run ./examples/mpecho -listen 127.0.0.1:8910 -transport enet
//	go run . -project godot   # from examples/mpecho
package main

import (
	"log"

	"github.com/gdvar/gdvar/examples/internal/gameserver"
	"github.com/gdvar/gdvar/multiplayer"
)

func main() {
	gameserver.Main("examples/mpecho/godot", "the clients' Godot project", newServer)
}

// newServer returns the echo server of the clients' Godot project dir,
// logging peers and errors to logger.
func newServer(dir string, logger *log.Logger) (*multiplayer.Multiplayer, error) {
	m, game, err := gameserver.Declare(dir)
	if err != nil {
		return nil, err
	}
	// The arguments come as the generic form (gdvar.Unmarshal into an any),
	// which Marshal writes back as the engine sent them.
	err = game.Handle("/root/Main", "echo", func(c *multiplayer.Call, args ...any) error {
		return c.Reply("echo_reply", args...)
	})
	if err != nil {
		return nil, err
	}
	m.OnPacket(func(from multiplayer.PeerID, data []byte) {
		if err := m.SendBytes(from, data); err != nil {
			logger.Print(err)
		}
	})
	m.OnPeerConnected(func(id multiplayer.PeerID) { logger.Printf("peer %d connected", id) })
	m.OnPeerDisconnected(func(id multiplayer.PeerID) { logger.Printf("peer %d left", id) })
	m.OnError(func(err error) { logger.Print(err) })
	return m, nil
}
