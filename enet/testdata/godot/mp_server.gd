# A Godot multiplayer server over ENet (ENetMultiplayerPeer.create_server on
# BIND:PORT) whose node /root/Main has scripts/multiplayer/echo.gd, the
# node of examples/mpecho: it calls echo_reply on each client that calls
# echo, with the same arguments, printing "RECV <hex>,<hex>,<hex>" (unless
# quiet=1), and sends each raw packet (send_bytes) back to its sender.
# Prints "READY <port>" when listening, "PEER+ <id>" and "PEER- <id>" as
# clients come and go, and "DONE" when the last one has left (unless
# stay=1). nosleep=1 runs frames without the sleep a headless engine takes
# between them (benchmarks). peer_timeout=MS drops a silent peer after MS
# milliseconds rather than ENet's 5 to 30 s (a benchmark pauses the
# engine). After timeout seconds it prints "FAILED timeout" to standard
# error and exits with status 1.
#   godot --headless -s mp_server.gd -- port=PORT [bind=127.0.0.1]
#     [compress=none|range_coder|fastlz|zlib|zstd] [peers=32] [channels=0]
#     [stay=0] [quiet=0] [nosleep=0] [peer_timeout=0] [timeout=120]
extends SceneTree

const Common = preload("common.gd")

func _init() -> void:
	var a := Common.args({"port": "0", "bind": "127.0.0.1", "compress": "none", "peers": "32",
		"channels": "0", "stay": "0", "quiet": "0", "nosleep": "0", "peer_timeout": "0", "timeout": "120"})
	if a.is_empty():
		quit(1)
		return
	var mode := Common.compress_mode(a.compress)
	if mode < 0:
		_fail("unknown compress mode " + a.compress)
		return
	if a.nosleep == "1":
		OS.low_processor_usage_mode = false
		OS.low_processor_usage_mode_sleep_usec = 0
	var main := Node.new()
	main.name = "Main"
	main.set_script(load(Common.echo_node_path(get_script())))
	main.quiet = a.quiet == "1"
	root.add_child(main)
	var peer := ENetMultiplayerPeer.new()
	peer.set_bind_ip(a.bind)
	var err := peer.create_server(int(a.port), int(a.peers), int(a.channels))
	if err != OK:
		_fail("cannot listen on %s:%s: %s" % [a.bind, a.port, error_string(err)])
		return
	# ENetMultiplayerPeer compresses nothing unless told to, as here.
	peer.host.compress(mode)
	var mp := get_multiplayer()
	mp.multiplayer_peer = peer
	mp.peer_packet.connect(func(from: int, data: PackedByteArray): mp.send_bytes(data, from))
	mp.peer_connected.connect(func(id: int):
		if a.peer_timeout != "0":
			peer.get_peer(id).set_timeout(0, int(a.peer_timeout), int(a.peer_timeout))
		print("PEER+ ", id))
	mp.peer_disconnected.connect(func(id: int):
		print("PEER- ", id)
		if mp.get_peers().is_empty() and a.stay != "1":
			print("DONE")
			quit())
	create_timer(float(a.timeout)).timeout.connect(func(): _fail("timeout"))
	print("READY ", peer.host.get_local_port())

func _fail(why: String) -> void:
	printerr("FAILED: ", why)
	quit(1)
