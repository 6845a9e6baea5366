extends Node
# An ENet server on the port its first user argument gives, served by a
# multiplayer API of this branch's own (as games running a server and
# its clients in one process do): its peers' paths are relative to this
# node, which the scripts name by get_path(), a value a reader cannot
# tell.


func _enter_tree() -> void:
	get_tree().set_multiplayer(SceneMultiplayer.new(), get_path())


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	print("LISTENING ", port)


# On the branch's root itself: its path, relative to the root, is ".".
@rpc("any_peer", "reliable")
func ping(n: int) -> void:
	print("ping ", n)
