# make_peer returns the MultiplayerPeer of a test's Godot side: a server
# on 127.0.0.1:PORT or a client of it, over WebSocket, or over ENet with
# $GDVAR_TRANSPORT=enet; null if it cannot start.
#   const Peer = preload("res://scripts/multiplayer/peer.gd")
#   var peer := Peer.make_peer("server", 8910)
extends RefCounted

static func make_peer(role: String, port: int) -> MultiplayerPeer:
	var err: int
	if OS.get_environment("GDVAR_TRANSPORT") == "enet":
		var enet := ENetMultiplayerPeer.new()
		if role == "server":
			enet.set_bind_ip("127.0.0.1")
			err = enet.create_server(port)
		else:
			err = enet.create_client("127.0.0.1", port)
		return enet if err == OK else null
	var ws := WebSocketMultiplayerPeer.new()
	if role == "server":
		err = ws.create_server(port, "127.0.0.1")
	else:
		ws.handshake_timeout = 30 # 3 s by default; generous, for a loaded machine
		err = ws.create_client("ws://127.0.0.1:%d" % port)
	return ws if err == OK else null
