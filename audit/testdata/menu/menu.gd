extends Node
# An ENet server on the port its first user argument gives, which would
# load res://game.tscn when a match starts (it never does here).


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	print("LISTENING ", port)
