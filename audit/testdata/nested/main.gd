extends Node
# An ENet server on the port its first user argument gives. It spawns a
# level, whose spawner spawns a player for each peer that joins.

const LEVEL := preload("res://level.tscn")
const PLAYER := preload("res://player.tscn")


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	var level := LEVEL.instantiate()
	level.name = "Level"
	$Levels.add_child(level)
	multiplayer.peer_connected.connect(_add_player)
	multiplayer.peer_disconnected.connect(_remove_player)
	print("LISTENING ", port)


func _add_player(id: int) -> void:
	var player := PLAYER.instantiate()
	player.name = str(id)
	$Levels/Level/Players.add_child(player)


func _remove_player(id: int) -> void:
	var player := $Levels/Level/Players.get_node_or_null(str(id))
	if player:
		player.queue_free()
