# The main node of multiplayer's live project tests: a client of a Go
# server that declares this project. Run with user arguments (after --):
#   client PORT [enet]
# When connected it prints "ID <id>", takes its Pad (whose position its
# synchronizer sends), calls ping(5) on the server's Main and hit(8) on
# Lobby/Board, and prints "PONG <n>" and "HITBACK <n>" for the replies,
# "BALL" once the server's Ball stands at (3, 4) turned by 1.5, and
# "DONE" once it has all three. It quits when the server goes. With "turn"
# (client PORT [enet] turn) it then turns its Ball back to 0 itself and
# prints "TURNED", and prints "AGAIN" once the server turned it back.
extends "res://base.gd"

var seen := {}
var turned := false


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var peer: MultiplayerPeer
	var err: int
	if args.has("enet"):
		peer = ENetMultiplayerPeer.new()
		err = peer.create_client("127.0.0.1", int(args[1]))
	else:
		peer = WebSocketMultiplayerPeer.new()
		peer.handshake_timeout = 30 # generous, for a loaded machine
		err = peer.create_client("ws://127.0.0.1:%d" % int(args[1]))
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	multiplayer.connected_to_server.connect(_on_connected)
	multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
	multiplayer.connection_failed.connect(func(): printerr("FAILED: no connection"); get_tree().quit(1))
	$Lobby/Board.hit_back_seen.connect(_note.bind("HITBACK"))


func _on_connected() -> void:
	var id := multiplayer.get_unique_id()
	print("ID %d" % id)
	$Pad.set_multiplayer_authority(id)
	$Pad.position = Vector2(id % 1000, 7)
	ping.rpc_id(1, 5)
	$Lobby/Board.hit.rpc_id(1, 8)


# An override without @rpc: the base's @rpc stands.
func zeta(_x) -> void:
	pass


@rpc("any_peer", "call_local")
func alpha() -> void:
	pass


@rpc("unreliable")
func ñu() -> void:
	pass


@rpc
func pong(n: int) -> void:
	_note(n, "PONG")


func _process(_delta: float) -> void:
	if not seen.has("BALL") and $Ball.position == Vector2(3, 4) and is_equal_approx($Ball.rotation, 1.5):
		_note(0, "BALL")
		if OS.get_cmdline_user_args().has("turn"):
			$Ball.rotation = 0.0
			turned = true
			print("TURNED")
	elif turned and is_equal_approx($Ball.rotation, 1.5):
		turned = false
		print("AGAIN")


func _note(n: int, what: String) -> void:
	if what == "BALL":
		print("BALL")
	else:
		print("%s %d" % [what, n])
	seen[what] = true
	if seen.size() == 3:
		print("DONE")
