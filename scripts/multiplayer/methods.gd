# A Godot peer, server or client on 127.0.0.1:PORT, whose node /root/Main
# has modes.gd. Once it has a peer (the server's first client, or the
# client's server), it calls on it cfg_ping("<role>-cfg") and
# ordered("<role>-ord"), which the other side answers with cfg_pong and
# ch5, and local_note("<role>-local") on every peer, which runs here too.
# It prints "GOT <method> <arg> <sender>" for each call it gets, and "DONE"
# once it has its five: its two answers, the other side's cfg_ping,
# ordered and local_note, and its own local_note (six in all). A client
# then quits; a server quits when its client leaves. Over WebSocket, or
# ENet with $GDVAR_TRANSPORT=enet. Fails after 60 s.
#   godot --headless -s scripts/multiplayer/methods.gd -- server|client PORT
extends SceneTree

const Peer = preload("res://scripts/multiplayer/peer.gd")

var main: Node
var role: String
var calls := 0

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	role = args[0]
	var port := int(args[1])
	main = Node.new()
	main.name = "Main"
	main.set_script(load("res://scripts/multiplayer/modes.gd"))
	root.add_child(main)
	main.got.connect(_on_got)
	var peer := Peer.make_peer(role, port)
	if peer == null:
		printerr("FAILED: cannot start the ", role)
		quit(1)
		return
	var mp := get_multiplayer()
	mp.multiplayer_peer = peer
	mp.peer_connected.connect(_on_peer)
	mp.peer_disconnected.connect(func(_id):
		if role == "server":
			quit())
	create_timer(60).timeout.connect(func(): printerr("FAILED: not done after 60 s"); quit(1))
	print("READY")

func _on_peer(id: int) -> void:
	if role == "client" and id != 1:
		return
	main.cfg_ping.rpc_id(id, role + "-cfg")
	main.ordered.rpc_id(id, role + "-ord")
	main.local_note.rpc(role + "-local")

func _on_got(what: String) -> void:
	print("GOT ", what)
	calls += 1
	if calls == 6:
		print("DONE")
		if role == "client":
			quit()
