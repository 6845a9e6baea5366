extends Node
# An ENet server on the port its first user argument gives, which spawns
# a player for each peer that joins.


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_connected.connect(_joined)
	print("LISTENING ", port)


func _joined(id: int) -> void:
	var player: Node = preload("res://player.tscn").instantiate()
	player.name = str(id)
	$Players.add_child(player, true)


# The audit's first call (it calls methods by their names).
@rpc("any_peer", "reliable")
func first() -> void:
	print("first")


@rpc("any_peer", "reliable")
func say(text: String) -> void:
	if text.length() > 100:
		return
	print(multiplayer.get_remote_sender_id(), ": ", text)
