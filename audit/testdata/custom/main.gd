extends Node
# An ENet server on the port its first user argument gives. It adds a
# level (its root named Level too: /root/Main/Level/Level), which the
# LevelSpawner spawns for the clients.


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	$Level.add_child(load("res://level.tscn").instantiate())
	print("LISTENING ", port)
