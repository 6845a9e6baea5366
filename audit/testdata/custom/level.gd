extends Node2D
# The level: on the server, a player for each peer, through the
# spawner's spawn_function (its data the peer's id).


func _ready() -> void:
	if not multiplayer.is_server():
		return
	multiplayer.peer_connected.connect(_add_player)
	multiplayer.peer_disconnected.connect(_remove_player)
	for id in multiplayer.get_peers():
		_add_player(id)


func _add_player(id: int) -> void:
	$PlayerSpawner.spawn(id)


func _remove_player(id: int) -> void:
	var player := $Players.get_node_or_null(str(id))
	if player:
		player.queue_free()
