# The players benchmark's game (bench/players), as a server:
#   godot --headless --path scripts/bench/players -- server PORT SECONDS [enet] [nosleep]
# A player per peer, named by its id and handed to it, which replicates its
# position and heading (player.tscn); and, for the RPC mix, input, which
# the server relays to every peer as moved. "nosleep" turns off the
# 6.9 ms sleep a headless engine takes between frames
# (low_processor_usage_mode_sleep_usec; no command-line switch does it).
# Prints READY when listening; quits after SECONDS.
extends Node

const Player := preload("res://player.tscn")


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	if args.size() < 3 or args[0] != "server":
		printerr("usage: -- server PORT SECONDS [enet] [nosleep]")
		get_tree().quit(2)
		return
	if args.has("nosleep"):
		OS.low_processor_usage_mode = false
		OS.low_processor_usage_mode_sleep_usec = 0
	var peer: MultiplayerPeer
	var err: int
	if args.has("enet"):
		peer = ENetMultiplayerPeer.new()
		peer.set_bind_ip("127.0.0.1")
		err = peer.create_server(int(args[1]), 4095) # ENet's most; 32 by default
	else:
		peer = WebSocketMultiplayerPeer.new()
		err = peer.create_server(int(args[1]), "127.0.0.1")
	if err != OK:
		printerr("cannot listen: ", err)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_add_player)
	multiplayer.peer_disconnected.connect(_remove_player)
	get_tree().create_timer(float(args[2])).timeout.connect(get_tree().quit)
	print("READY")


func _add_player(id: int) -> void:
	var player := Player.instantiate()
	player.name = str(id)
	$Players.add_child(player, true)


func _remove_player(id: int) -> void:
	var player := $Players.get_node_or_null(str(id))
	if player:
		player.queue_free()


# A client's input: the server sends it to every peer, the sender too.
@rpc("any_peer", "call_remote", "unreliable_ordered")
func input(t: int, dir: Vector3) -> void:
	moved.rpc(multiplayer.get_remote_sender_id(), t, dir)


@rpc("authority", "call_remote", "unreliable_ordered")
func moved(_id: int, _t: int, _dir: Vector3) -> void:
	pass
