# A plain ENetConnection host on 127.0.0.1:PORT that sends every packet it
# receives back to its sender, on the same channel with the same flags.
# Prints "READY <port>" when listening, "CONNECT <peer> <data> <channels> <ms>"
# and "DISCONNECT <peer> <data> <ms>" as peers come and go (ms: the engine's
# clock, Time.get_ticks_msec, as the output may come late), "ECHOED <count>" and
# "DONE" when the last peer has left (unless stay=1), and a line starting
# "FAILED" to standard error, with exit status 1, on failure or after
# timeout seconds. nosleep=1 runs frames without the sleep a headless
# engine takes between them (benchmarks). peer_timeout=MS, if not 0, is
# how long the host waits for a peer's acknowledgement before it drops
# the peer (set_timeout's minimum and maximum), instead of ENet's 5 to 30 s.
#   godot --headless -s raw_server.gd -- port=PORT [compress=none|range_coder|fastlz|zlib|zstd]
#     [peers=32] [channels=0] [stay=0] [nosleep=0] [peer_timeout=0] [timeout=60]
#     [bind=127.0.0.1]
# channels=0 lets the host take the protocol's maximum, 255, as Godot's
# ENetMultiplayerPeer does.
extends SceneTree

const Common = preload("common.gd")

var host := ENetConnection.new()
var peers := {} # ENetPacketPeer -> its number, in order of connection
var echoed := 0
var stay := false
var peer_timeout := 0

func _init() -> void:
	var a := Common.args({"port": "0", "compress": "none", "peers": "32", "channels": "0",
		"stay": "0", "nosleep": "0", "peer_timeout": "0", "timeout": "60", "bind": "127.0.0.1"})
	if a.is_empty():
		quit(1)
		return
	stay = a.stay == "1"
	peer_timeout = int(a.peer_timeout)
	if a.nosleep == "1":
		OS.low_processor_usage_mode = false
		OS.low_processor_usage_mode_sleep_usec = 0
	var mode := Common.compress_mode(a.compress)
	if mode < 0:
		_fail("unknown compress mode " + a.compress)
		return
	var err := host.create_host_bound(a.bind, int(a.port), int(a.peers), int(a.channels))
	if err != OK:
		_fail("cannot listen on %s:%s: %s" % [a.bind, a.port, error_string(err)])
		return
	host.compress(mode)
	create_timer(float(a.timeout)).timeout.connect(func(): _fail("timeout"))
	print("READY ", host.get_local_port())

func _process(_delta: float) -> bool:
	if host == null:
		return false
	while true:
		var ev: Array = host.service()
		var peer: ENetPacketPeer = ev[1]
		match ev[0]:
			ENetConnection.EVENT_NONE:
				return false
			ENetConnection.EVENT_ERROR:
				_fail("service error")
				return false
			ENetConnection.EVENT_CONNECT:
				peers[peer] = peers.size() + 1
				if peer_timeout != 0:
					peer.set_timeout(0, peer_timeout, peer_timeout)
				print("CONNECT %d %d %d %d" % [peers[peer], ev[2], peer.get_channels(), Time.get_ticks_msec()])
			ENetConnection.EVENT_DISCONNECT:
				print("DISCONNECT %d %d %d" % [peers.get(peer, 0), ev[2], Time.get_ticks_msec()])
				peers.erase(peer)
				if peers.is_empty() and not stay:
					print("ECHOED ", echoed)
					print("DONE")
					host.flush()
					quit()
					host = null
					return false
			ENetConnection.EVENT_RECEIVE:
				# The flags belong to the packet at the queue's head: read
				# them before get_packet takes it.
				var flags: int = peer.get_packet_flags() & Common.FLAGS
				var data: PackedByteArray = peer.get_packet()
				if peer.send(ev[3], data, flags) != OK:
					_fail("cannot echo %d bytes on channel %d" % [data.size(), ev[3]])
					return false
				echoed += 1
	return false

func _fail(why: String) -> void:
	printerr("FAILED: ", why)
	quit(1)
	host = null
