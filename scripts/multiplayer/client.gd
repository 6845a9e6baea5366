# A Godot client of a Go multiplayer server on ws://127.0.0.1:PORT, whose
# node /root/Main has the script SCRIPT (echo.gd or relay.gd).
#
#   cases FILE: calls echo on the server once per line of FILE, each line
#     the arguments (0 to 3, comma-separated; "-" for none) as
#     var_to_bytes hex; prints
#     "GOT <line> <hex>,<hex>,<hex>" for each echo_reply (null for an
#     argument not given). Then sends each line's bytes with send_bytes
#     and prints "RAW <line> ok" for each that comes back unchanged.
#   relay N: waits until N other clients are announced, calls note on each
#     with (its own id, "hi") and sends it the bytes of its own id; prints
#     "NOTE <from> <args>" and "RAWFROM <from> <hex>" for each it gets, and
#     "LEFT <id>" for each peer that leaves. The client of the highest id
#     quits after the others have left, the others at once.
#   watch N: sends nothing, as a spectator; prints "PEER <id>" for each
#     peer announced to it, and "DONE" 3 s after it has seen N other
#     clients, then quits.
#   leave: calls echo 100 times and, at the first echo_reply (which the
#     server sends once it has them all), quits at once, without closing.
#     Quitting right after the calls is not the same: the engine drops
#     what its socket has not sent yet (up to 15 of the 100 calls).
# Prints "ID <id>" when connected and "DONE" at the end; on failure, a line
# starting "FAILED" to standard error, and exits with status 1. With
# $GDVAR_START_DELAY_MS, it waits that long before its first frame, as an
# engine on a loaded machine does. With $GDVAR_TRANSPORT=enet it connects
# with ENetMultiplayerPeer to UDP port PORT instead. $GDVAR_PROTOCOLS
# (comma-separated) sets the WebSocket peer's supported_protocols;
# $GDVAR_ENET_COMPRESSION an ENetConnection.CompressionMode (1: range coder).
#   godot --headless -s scripts/multiplayer/client.gd -- PORT SCRIPT MODE [ARG]
extends SceneTree

var main: Node
var mode: String
var cases := []
var replies := 0
var raws := 0
var notes := 0
var raw_froms := 0
var others := 0
var started := false
var left := 0
var waiting := false
var url := ""
var connect_ms := 0

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	mode = args[2]
	main = Node.new()
	main.name = "Main"
	main.set_script(load("res://scripts/multiplayer/" + args[1]))
	root.add_child(main)
	main.replied.connect(_on_reply)
	if main.has_signal("noted"):
		main.noted.connect(_on_note)
	var mp := get_multiplayer()
	mp.connected_to_server.connect(_on_connected)
	mp.connection_failed.connect(func():
		printerr("FAILED: no connection to %s after %d ms" % [url, Time.get_ticks_msec() - connect_ms])
		quit(1))
	mp.server_disconnected.connect(func(): print("SERVER GONE"); quit(1))
	mp.peer_packet.connect(_on_packet)
	mp.peer_connected.connect(_on_peer)
	mp.peer_disconnected.connect(_on_left)
	if mode == "cases":
		for line in FileAccess.get_file_as_string(args[3]).split("\n", false):
			var values := []
			for h in line.split(",", false): # "-": no argument
				if h != "-":
					values.append(bytes_to_var(h.hex_decode()))
			cases.append(values)
	elif mode == "relay" or mode == "watch":
		others = int(args[3])
	url = "ws://127.0.0.1:" + args[0]
	create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	# Connected from the first frame, not from here: the engine may take
	# seconds to reach its first frame on a loaded machine, and the
	# handshake's time runs from create_client.
	process_frame.connect(_connect, CONNECT_ONE_SHOT)
	# $GDVAR_START_DELAY_MS stands for that loaded machine, in tests.
	OS.delay_msec(int(OS.get_environment("GDVAR_START_DELAY_MS")))

func _connect() -> void:
	connect_ms = Time.get_ticks_msec()
	if OS.get_environment("GDVAR_TRANSPORT") == "enet":
		url = url.replace("ws://", "udp://")
		var enet := ENetMultiplayerPeer.new()
		if enet.create_client("127.0.0.1", int(url.get_slice(":", 2))) != OK:
			printerr("FAILED: cannot connect to ", url)
			quit(1)
			return
		if OS.get_environment("GDVAR_ENET_COMPRESSION") != "":
			enet.host.compress(int(OS.get_environment("GDVAR_ENET_COMPRESSION")))
		get_multiplayer().multiplayer_peer = enet
		return
	var peer := WebSocketMultiplayerPeer.new()
	peer.handshake_timeout = 30 # 3 s by default; generous, for a loaded machine
	if OS.get_environment("GDVAR_PROTOCOLS") != "":
		peer.supported_protocols = OS.get_environment("GDVAR_PROTOCOLS").split(",")
	if peer.create_client(url) != OK:
		printerr("FAILED: cannot connect to ", url)
		quit(1)
		return
	get_multiplayer().multiplayer_peer = peer

func _on_connected() -> void:
	print("ID ", get_multiplayer().get_unique_id())
	match mode:
		"cases":
			for values in cases:
				main.rpc_id.callv([1, "echo"] + values)
			for values in cases:
				get_multiplayer().send_bytes(raw_of(values), 1)
		"leave":
			for i in 100:
				main.echo.rpc_id(1, i, "leaving")
		"relay":
			_try_relay()

func _on_peer(id: int) -> void:
	if mode == "watch":
		print("PEER ", id)
		_try_watch()
	elif id != 1:
		_try_relay()

func _try_watch() -> void:
	if started or get_multiplayer().get_peers().size() < others + 1:
		return
	started = true
	await create_timer(3).timeout
	print("DONE")
	quit()

func _try_relay() -> void:
	var peers := get_multiplayer().get_peers()
	if mode != "relay" or started or peers.size() < others + 1:
		return
	started = true
	var me := get_multiplayer().get_unique_id()
	for id in peers:
		if id != 1:
			main.note.rpc_id(id, me, "hi")
			get_multiplayer().send_bytes(var_to_bytes(me), id)

func _on_reply(args: Array) -> void:
	if mode == "leave":
		print("DONE")
		quit()
		return
	print("GOT ", replies, " ", main.hexes(args))
	replies += 1
	_check_done()

func _on_packet(from: int, data: PackedByteArray) -> void:
	if mode == "relay":
		print("RAWFROM ", from, " ", data.hex_encode())
		raw_froms += 1
	else:
		print("RAW ", raws, " ", "ok" if data == raw_of(cases[raws]) else "DIFF " + data.hex_encode())
		raws += 1
	_check_done()

func _on_note(from: int, args: Array) -> void:
	print("NOTE ", from, " ", args)
	notes += 1
	_check_done()

func _check_done() -> void:
	var done := false
	if mode == "cases":
		done = replies == cases.size() and raws == cases.size()
	elif mode == "relay":
		done = notes == others and raw_froms == others
	if not done:
		return
	print("DONE")
	if mode == "relay" and get_multiplayer().get_unique_id() > Array(get_multiplayer().get_peers()).max():
		waiting = true # _on_left quits
		return
	# Stay a moment, so that what others send to this client still lands.
	await create_timer(0.5).timeout
	quit()

func _on_left(id: int) -> void:
	print("LEFT ", id)
	left += 1
	if waiting and left == others:
		quit()

# raw_of is what send_bytes sends for a case: its bytes, never empty.
static func raw_of(values: Array) -> PackedByteArray:
	var raw := PackedByteArray([0xee])
	for v in values:
		raw.append_array(var_to_bytes(v))
	return raw
