extends Node
# An ENet server on the port its first user argument gives, which
# spawns a player for each peer that joins.


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_add_player)
	print("LISTENING ", port)


func _add_player(id: int) -> void:
	var player: Node2D = preload("res://player.tscn").instantiate()
	player.name = str(id)
	$Players.add_child(player)
