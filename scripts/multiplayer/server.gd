# A Godot multiplayer server on 127.0.0.1:PORT (WebSocketMultiplayerPeer)
# whose node /root/Main has echo.gd: it calls echo_reply on each client that
# calls echo, with the same arguments, printing "RECV <hex>,<hex>,<hex>";
# it sends each raw packet back to its sender. Prints "READY" when
# listening; quits when the last client leaves, or after 120 s.
#   godot --headless -s scripts/multiplayer/server.gd -- PORT
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var main := Node.new()
	main.name = "Main"
	main.set_script(load("res://scripts/multiplayer/echo.gd"))
	root.add_child(main)
	var peer := WebSocketMultiplayerPeer.new()
	if peer.create_server(int(args[0]), "127.0.0.1") != OK:
		printerr("cannot listen")
		quit(1)
		return
	var mp := get_multiplayer()
	mp.multiplayer_peer = peer
	mp.peer_packet.connect(func(from, data): mp.send_bytes(data, from))
	mp.peer_disconnected.connect(func(_id):
		if mp.get_peers().is_empty():
			print("DONE")
			quit())
	create_timer(120).timeout.connect(func(): print("TIMEOUT"); quit(1))
	print("READY")
