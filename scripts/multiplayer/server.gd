# A Godot multiplayer server on 127.0.0.1:PORT (WebSocketMultiplayerPeer)
# whose node /root/Main has echo.gd: it calls echo_reply on each client that
# calls echo, with the same arguments, printing "RECV <hex>,<hex>,<hex>";
# it sends each raw packet back to its sender. Prints "READY" when
# listening; quits when the last client leaves, or after 120 s. With
# "quiet" (benchmarks), it prints no RECV lines and does not quit when
# clients leave, only after 600 s; "nosleep" besides runs frames without
# the 6.9 ms sleep a headless engine takes between them. With
# $GDVAR_TRANSPORT=enet it serves ENetMultiplayerPeer on UDP port PORT;
# $GDVAR_PROTOCOLS (comma-separated) sets the WebSocket peer's
# supported_protocols.
#   godot --headless -s scripts/multiplayer/server.gd -- PORT [quiet [nosleep]]
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var main := Node.new()
	main.name = "Main"
	main.set_script(load("res://scripts/multiplayer/echo.gd"))
	root.add_child(main)
	var quiet := args.size() > 1 and args[1] == "quiet"
	main.quiet = quiet
	if args.size() > 2 and args[2] == "nosleep":
		OS.low_processor_usage_mode = false
		OS.low_processor_usage_mode_sleep_usec = 0
	var peer: MultiplayerPeer = WebSocketMultiplayerPeer.new()
	var listening: int
	if OS.get_environment("GDVAR_TRANSPORT") == "enet":
		peer = ENetMultiplayerPeer.new()
		peer.set_bind_ip("127.0.0.1")
		listening = peer.create_server(int(args[0]))
	else:
		if OS.get_environment("GDVAR_PROTOCOLS") != "":
			peer.supported_protocols = OS.get_environment("GDVAR_PROTOCOLS").split(",")
		listening = peer.create_server(int(args[0]), "127.0.0.1")
	if listening != OK:
		printerr("cannot listen")
		quit(1)
		return
	var mp := get_multiplayer()
	mp.multiplayer_peer = peer
	mp.peer_packet.connect(func(from, data): mp.send_bytes(data, from))
	mp.peer_disconnected.connect(func(_id):
		if mp.get_peers().is_empty() and not quiet:
			print("DONE")
			quit())
	create_timer(600 if quiet else 120).timeout.connect(func(): print("TIMEOUT"); quit(1))
	print("READY")
