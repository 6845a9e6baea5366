# A Godot multiplayer client over ENet (ENetMultiplayerPeer.create_client to
# HOST:PORT) of mp_server.gd or of examples/mpecho -transport enet; its node
# /root/Main has scripts/multiplayer/echo.gd. Modes:
#   echo: calls echo with argument lists of many types, some large enough to
#     fragment, and checks each echo_reply ("GOT <n> ok"); then sends raw
#     packets in every transfer mode on channels 0 to 3 (send_bytes) and
#     checks that each comes back once, unchanged ("RAW <n> ok lost <k>",
#     k the unreliable ones still missing 2 s after the reliable ones are
#     back; lossy=0 fails instead).
#   watch: calls echo once, then waits until another client joins and
#     leaves ("PEER+ <id>", "PEER- <id>").
#   leave: calls echo once.
#   modes: calls echo once, then sends echo's raw packets, with 1400 bytes
#     for the two that fragment (for captures).
# Then it closes the peer and prints "DONE". Prints "ID <id>" when
# connected; on failure, a line starting "FAILED" to standard error, exit
# status 1, as after timeout seconds. The engine's ENet drops unreliable
# packets at the sender as its throttle falls, and on a loaded machine it
# may fall to 0 (all dropped) in a few round trips; throttle=off calls
# throttle_configure(5000, 2, 0) on connect, so that it never falls.
#   godot --headless -s mp_client.gd -- port=PORT [host=127.0.0.1]
#     [compress=none|range_coder|fastlz|zlib|zstd] [channels=0]
#     [mode=echo|watch|leave|modes] [throttle=engine|off] [lossy=1] [timeout=60]
extends SceneTree

const Common = preload("common.gd")

var a: Dictionary
var main: Node
var mp: MultiplayerAPI
var calls := [] # argument lists of the echo calls, in order
var replies := 0
var raws := {} # the raw packets sent, as hex -> whether they came back
var unreliable := {} # the hex of those sent unreliably
var raws_back := 0
var waiting := false # for the unreliable raw packets, the reliable ones being back
var other := 0 # the client seen joining, in watch mode
var finished := false # closing the peer signals server_disconnected

func _init() -> void:
	a = Common.args({"port": "0", "host": "127.0.0.1", "compress": "none", "channels": "0",
		"mode": "echo", "throttle": "engine", "lossy": "1", "timeout": "60"})
	if a.is_empty():
		quit(1)
		return
	var mode := Common.compress_mode(a.compress)
	if mode < 0:
		_fail("unknown compress mode " + a.compress)
		return
	main = Node.new()
	main.name = "Main"
	main.set_script(load(Common.echo_node_path(get_script())))
	root.add_child(main)
	main.replied.connect(_on_reply)
	var peer := ENetMultiplayerPeer.new()
	var err := peer.create_client(a.host, int(a.port), int(a.channels))
	if err != OK:
		_fail("cannot connect to %s:%s: %s" % [a.host, a.port, error_string(err)])
		return
	# Before the first frame, so that the connect datagram is compressed too.
	peer.host.compress(mode)
	mp = get_multiplayer()
	mp.multiplayer_peer = peer
	mp.connected_to_server.connect(_on_connected)
	mp.connection_failed.connect(func(): _fail("no connection"))
	mp.server_disconnected.connect(func(): _fail("server gone"))
	mp.peer_packet.connect(_on_packet)
	mp.peer_connected.connect(func(id: int):
		if id != 1:
			print("PEER+ ", id)
			other = id)
	mp.peer_disconnected.connect(func(id: int):
		if id != 1:
			print("PEER- ", id)
			if a.mode == "watch" and id == other:
				_done())
	create_timer(float(a.timeout)).timeout.connect(func(): _fail("timeout; %d raw packets missing" % _missing().size()))

func _on_connected() -> void:
	print("ID ", mp.get_unique_id())
	if a.throttle == "off":
		(mp.multiplayer_peer as ENetMultiplayerPeer).get_peer(1).throttle_configure(5000, 2, 0)
	calls = [[1, "hi", Vector3(1, 2, 3)]]
	if a.mode == "echo":
		var big := PackedInt32Array()
		for i in 3000:
			big.append(i * 7919)
		calls += [[], [null, true, 2.5], [{"a": [1, 2.5], 3: Color(1, 0, 0)}, NodePath("a/b:c"), &"name"],
			[Common.payload(1, 5000)], [big, PackedStringArray(["x", "yy"]), Transform3D()]]
	for c in calls:
		main.echo.rpc_id.callv([1] + c)

func _on_reply(args: Array) -> void:
	var want: Array = calls[replies].duplicate()
	want.resize(3)
	if var_to_bytes(args) != var_to_bytes(want):
		_fail("echo %d came back as %s" % [replies, args])
		return
	replies += 1
	print("GOT %d ok" % replies)
	if replies < calls.size():
		return
	match a.mode:
		"echo": _send_raws(20000, 3000)
		"modes": _send_raws(1400, 1400)
		"leave": _done()

# _send_raws sends one raw packet per transfer mode and channel, plus two
# that fragment, of the given sizes: reliable on channel 1, unreliable on 0.
# The server sends each back, reliably on channel 0.
func _send_raws(reliable_size: int, unreliable_size: int) -> void:
	var n := 0
	for ch in 4:
		for m in [MultiplayerPeer.TRANSFER_MODE_RELIABLE, MultiplayerPeer.TRANSFER_MODE_UNRELIABLE,
				MultiplayerPeer.TRANSFER_MODE_UNRELIABLE_ORDERED]:
			n += 1
			_send_raw(Common.payload(n, 40 + n), m, ch)
	_send_raw(Common.payload(n + 1, reliable_size), MultiplayerPeer.TRANSFER_MODE_RELIABLE, 1)
	_send_raw(Common.payload(n + 2, unreliable_size), MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 0)

func _send_raw(data: PackedByteArray, mode: int, channel: int) -> void:
	raws[data.hex_encode()] = false
	if mode != MultiplayerPeer.TRANSFER_MODE_RELIABLE:
		unreliable[data.hex_encode()] = true
	if mp.send_bytes(data, 1, mode, channel) != OK:
		_fail("cannot send %d bytes in mode %d on channel %d" % [data.size(), mode, channel])

func _on_packet(_from: int, data: PackedByteArray) -> void:
	var h := data.hex_encode()
	if not raws.has(h) or raws[h]:
		_fail("unexpected raw packet of %d bytes" % data.size())
		return
	raws[h] = true
	raws_back += 1
	if raws_back == raws.size():
		_raw_result()
		return
	if not waiting and _missing().all(func(m: String): return unreliable.has(m)):
		waiting = true
		create_timer(2).timeout.connect(_raw_result)

# _raw_result ends the raw packets' test, once they are all back or the
# unreliable ones had 2 s more to come.
func _raw_result() -> void:
	if finished:
		return
	var lost := _missing().size()
	if lost > 0 and a.lossy != "1":
		_fail("unreliable raw packets lost: %d" % lost)
		return
	print("RAW %d ok lost %d" % [raws_back, lost])
	_done()

# _missing lists the raw packets (hex) that have not come back.
func _missing() -> Array:
	return raws.keys().filter(func(h: String): return not raws[h])

func _done() -> void:
	finished = true
	mp.multiplayer_peer.close()
	print("DONE")
	quit()

func _fail(why: String) -> void:
	if finished:
		return
	finished = true
	printerr("FAILED: ", why)
	quit(1)
