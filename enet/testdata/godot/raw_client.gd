# A plain ENetConnection client of raw_server.gd (or of a Go host that
# echoes the same way) on HOST:PORT. It connects with the given channel
# count and connect data, sends a plan of packets, checks that each comes
# back once, unchanged, on its channel with its flags, then idles for idle
# milliseconds (long enough, and ENet pings) and disconnects with data
# disconnect. Plans, each line "channel flags size":
#   capture: one packet of each kind, two of them fragmented (1400 bytes;
#     unsequenced and unreliable-fragment flags, as Godot's unreliable mode)
#   full: every flag combination on channels 0, 1, 2 and the last, sizes
#     from 1 byte to 5000 (unreliable) and 100000 (reliable)
# Prints "CONNECTED <channels>", "SENT <count>", "RESULT ok <echoes>" and
# "DONE"; on failure a line starting "FAILED" to standard error, exit status
# 1. lossy=1 lets unreliable echoes go missing (for a lossy link), but never
# twice: 5 s after sending, once every reliable echo is back, it stops
# waiting; the line is then "RESULT ok <echoes> lost <count>". The engine's
# ENet drops unreliable packets at the sender as its throttle falls (to
# none at all, at 0); throttle=off calls throttle_configure(5000, 2, 0) on
# connect, which sets both ends' throttle so that it never falls.
# peer_timeout=MS, if not 0, is how long the client waits for an
# acknowledgement before it drops the server (set_timeout's minimum and
# maximum), instead of ENet's 5 to 30 s, until it disconnects: a server
# acknowledges a disconnect once, and if that acknowledgement is lost the
# client ends by its timeout, ENet's again.
#   godot --headless -s raw_client.gd -- port=PORT [host=127.0.0.1]
#     [compress=none|range_coder|fastlz|zlib|zstd] [channels=0] [data=0]
#     [plan=capture|full] [idle=0] [disconnect=0] [throttle=engine|off]
#     [lossy=0] [peer_timeout=0] [timeout=60]
# channels=0 asks for the protocol's maximum, 255, as Godot's
# ENetMultiplayerPeer does.
extends SceneTree

const Common = preload("common.gd")
const R := ENetPacketPeer.FLAG_RELIABLE
const U := ENetPacketPeer.FLAG_UNSEQUENCED
const F := ENetPacketPeer.FLAG_UNRELIABLE_FRAGMENT

var a: Dictionary
var host := ENetConnection.new()
var peer: ENetPacketPeer
var plan := [] # [channel, flags, size] per packet, numbered from 0
var got := {} # packet number -> echoes
var state := "connecting"
var idle_until := 0
var patience_over := false # lossy=1: the unreliable echoes had their 5 s

func _init() -> void:
	a = Common.args({"port": "0", "host": "127.0.0.1", "compress": "none", "channels": "0",
		"data": "0", "plan": "capture", "idle": "0", "disconnect": "0", "throttle": "engine", "lossy": "0",
		"peer_timeout": "0", "timeout": "60"})
	if a.is_empty():
		quit(1)
		return
	var mode := Common.compress_mode(a.compress)
	if mode < 0:
		_fail("unknown compress mode " + a.compress)
		return
	if host.create_host(1) != OK:
		_fail("cannot create a host")
		return
	host.compress(mode)
	peer = host.connect_to_host(a.host, int(a.port), int(a.channels), int(a.data))
	if peer == null:
		_fail("cannot connect to %s:%s" % [a.host, a.port])
		return
	if a.peer_timeout != "0":
		peer.set_timeout(0, int(a.peer_timeout), int(a.peer_timeout))
	create_timer(float(a.timeout)).timeout.connect(func(): _fail("timeout in state " + state))

# make_plan lists the packets for a peer of the given channel count.
func make_plan(channels: int) -> Array:
	if a.plan == "capture":
		return [[0, R, 32], [0, R, 1400], [1, 0, 40], [1, U, 40], [2, U | F, 1400], [2, R, 64]]
	var out := []
	for ch in [0, 1, 2, channels - 1]:
		for flags in [R, 0, U, F, U | F]:
			for size in [1, 100, 1400, 5000, 100000]:
				if flags & R or size <= 5000:
					out.append([ch, flags, size])
	return out

func _process(_delta: float) -> bool:
	if host == null:
		return false
	while true:
		var ev: Array = host.service()
		match ev[0]:
			ENetConnection.EVENT_NONE:
				break
			ENetConnection.EVENT_ERROR:
				_fail("service error")
				return false
			ENetConnection.EVENT_CONNECT:
				print("CONNECTED ", peer.get_channels())
				if a.throttle == "off":
					peer.throttle_configure(5000, 2, 0)
				_send_plan()
			ENetConnection.EVENT_DISCONNECT:
				if state != "disconnecting":
					_fail("disconnected by the server (data %d) in state %s" % [ev[2], state])
					return false
				print("DONE")
				quit()
				host = null
				return false
			ENetConnection.EVENT_RECEIVE:
				var flags: int = peer.get_packet_flags() & Common.FLAGS
				if not _check(ev[3], flags, peer.get_packet()):
					return false
	if state == "echoing" and (_complete() or (patience_over and _only_unreliable_missing())):
		_result()
	if state == "idling" and Time.get_ticks_msec() >= idle_until:
		state = "disconnecting"
		peer.set_timeout(0, 0, 0) # ENet's defaults
		peer.peer_disconnect(int(a.disconnect))
	return false

func _send_plan() -> void:
	plan = make_plan(peer.get_channels())
	for i in plan.size():
		var p: Array = plan[i]
		if peer.send(p[0], Common.payload(i, p[2]), p[1]) != OK:
			_fail("cannot send packet %d %s" % [i, p])
			return
	host.flush()
	print("SENT ", plan.size())
	state = "echoing"
	# A lossy link may never bring some unreliable echoes: give up on them
	# after 5 s, the reliable ones being back.
	if a.lossy == "1":
		create_timer(5).timeout.connect(func(): patience_over = true)

# _check matches an echo with the packet it answers: its first 4 bytes
# (the only byte, for a 1-byte packet) are the packet's number.
func _check(channel: int, flags: int, data: PackedByteArray) -> bool:
	if data.is_empty():
		return _fail("empty echo")
	var seq: int = data[0] if data.size() < 4 else data.decode_u32(0)
	if seq >= plan.size():
		return _fail("echo of unknown packet %d" % seq)
	var p: Array = plan[seq]
	if got.has(seq):
		return _fail("packet %d %s echoed twice" % [seq, p])
	if channel != p[0] or data != Common.payload(seq, p[2]):
		return _fail("packet %d %s came back as %d bytes on channel %d" % [seq, p, data.size(), channel])
	if flags != _received_flags(p[1], p[2]):
		return _fail("packet %d %s came back with flags %d" % [seq, p, flags])
	got[seq] = true
	return true

# _received_flags is what the receiver's packet says of one sent with flags:
# ENet sends a fragmented packet either as reliable fragments or, with
# FLAG_UNRELIABLE_FRAGMENT, as unreliable ones, and an unfragmented one
# keeps only its reliable or unsequenced flag.
func _received_flags(flags: int, size: int) -> int:
	# ENet fragments what does not fit its default MTU (1392) less a
	# 4-byte header and a 24-byte fragment command.
	var fits := size <= 1392 - 28
	if flags & R:
		return R
	if not fits:
		return F if flags & F else R
	return flags & U

func _complete() -> bool:
	return got.size() == plan.size()

# _only_unreliable_missing says whether every echo still missing was sent
# unreliably (a packet too large without FLAG_UNRELIABLE_FRAGMENT goes
# reliably).
func _only_unreliable_missing() -> bool:
	for i in plan.size():
		if not got.has(i) and _received_flags(plan[i][1], plan[i][2]) == R:
			return false
	return true

func _result() -> void:
	var lost := plan.size() - got.size()
	if lost > 0 and a.lossy != "1":
		_fail("%d of %d echoes missing" % [lost, plan.size()])
		return
	print("RESULT ok %d" % got.size() + (" lost %d" % lost if a.lossy == "1" else ""))
	state = "idling"
	idle_until = Time.get_ticks_msec() + int(a.idle)

func _fail(why: String) -> bool:
	printerr("FAILED: ", why)
	quit(1)
	host = null
	return false
