# A Godot peer that authenticates, as server or client on 127.0.0.1:PORT,
# as TestLiveAuth's Go side does, with an auth_timeout of TIMEOUT seconds.
# The server sends "challenge" to each peer it holds pending, completes
# for "secret" and disconnects any other answer (a client that completes
# right after answering then makes the engine print that the completion
# came from no peer). The client answers a challenge with ANSWER and
# completes, or, with ANSWER "-", stays silent. Prints "AUTH <peer>
# <data>" for each message, "ADMITTED <peer>" when a peer is admitted and
# "FAILED <peer>" when one fails, then quits (the server half a second
# later). Over WebSocket, or ENet with $GDVAR_TRANSPORT=enet. Fails 30 s
# after TIMEOUT.
#   godot --headless -s scripts/multiplayer/auth.gd -- server|client PORT TIMEOUT [ANSWER]
extends SceneTree

const Peer = preload("res://scripts/multiplayer/peer.gd")

var mp: SceneMultiplayer
var role: String
var answer := ""

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	role = args[0]
	var port := int(args[1])
	var timeout := float(args[2])
	if args.size() > 3:
		answer = args[3]
	mp = get_multiplayer()
	mp.auth_callback = _on_auth
	mp.auth_timeout = timeout
	mp.peer_authenticating.connect(func(id):
		if role == "server":
			mp.send_auth(id, "challenge".to_utf8_buffer()))
	mp.peer_connected.connect(func(id): _end("ADMITTED %d" % id))
	mp.peer_authentication_failed.connect(func(id): _end("FAILED %d" % id))
	var peer := Peer.make_peer(role, port)
	if peer == null:
		printerr("FAILED: cannot start the ", role)
		quit(1)
		return
	mp.multiplayer_peer = peer
	create_timer(timeout + 30).timeout.connect(func(): printerr("FAILED: not done after %s s" % (timeout + 30)); quit(1))
	print("READY")

func _on_auth(id: int, data: PackedByteArray) -> void:
	var text := data.get_string_from_utf8()
	print("AUTH %d %s" % [id, text])
	if role == "server":
		if text == "secret":
			mp.complete_auth(id)
		else:
			mp.disconnect_peer(id) # emits nothing: the engine blocks its signals
			_end("FAILED %d" % id)
	elif answer != "-":
		mp.send_auth(id, answer.to_utf8_buffer())
		mp.complete_auth(id)

func _end(line: String) -> void:
	print(line)
	if role == "server":
		create_timer(0.5).timeout.connect(func(): quit())
	else:
		quit()
