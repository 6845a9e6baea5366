# A Godot client of a Go multiplayer server on ws://127.0.0.1:PORT that
# pings it as the engine's keep-alive does (WebSocketPeer's
# heartbeat_interval, INTERVAL seconds: a ping at once and one each
# interval, the connection dropped if a ping's answer has not come by the
# next), while sending it a raw packet of one byte each frame for SECONDS,
# then a raw packet of two bytes, 0xff 0xff. Prints "SENT <n>" with the
# packets of one byte sent, and "DONE"; on failure, a line starting
# "FAILED" to standard error, and exits with status 1.
#   godot --headless -s scripts/multiplayer/heartbeat.gd -- PORT INTERVAL SECONDS
extends SceneTree

var peer := WebSocketMultiplayerPeer.new()
var interval: float
var seconds: float
var started := 0
var sent := 0

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	interval = float(args[1])
	seconds = float(args[2])
	var mp := get_multiplayer()
	mp.connected_to_server.connect(_on_connected)
	mp.connection_failed.connect(func(): printerr("FAILED: no connection"); quit(1))
	mp.server_disconnected.connect(func():
		printerr("FAILED: the connection dropped after %d ms, %d packets" % [Time.get_ticks_msec() - started, sent])
		quit(1))
	create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	peer.handshake_timeout = 30 # 3 s by default; generous, for a loaded machine
	if peer.create_client("ws://127.0.0.1:" + args[0]) != OK:
		printerr("FAILED: cannot connect")
		quit(1)
		return
	mp.multiplayer_peer = peer

func _on_connected() -> void:
	peer.get_peer(1).heartbeat_interval = interval
	started = Time.get_ticks_msec()
	process_frame.connect(_send)

func _send() -> void:
	if Time.get_ticks_msec() - started < seconds * 1000:
		get_multiplayer().send_bytes(PackedByteArray([sent % 256]))
		sent += 1
		return
	process_frame.disconnect(_send)
	get_multiplayer().send_bytes(PackedByteArray([0xff, 0xff]))
	print("SENT ", sent)
	# The last packet leaves with the next poll; the engine quits after it.
	await create_timer(0.5).timeout
	print("DONE")
	quit()
