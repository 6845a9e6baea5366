extends Node
# An ENet server on the port its first user argument gives, whose methods
# each fail one way.

var health := 100 # another player's, in a game: -watch /root/Main:health


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	multiplayer.allow_object_decoding = true
	# The door and the shots' spawner are the last peer's that joined: it
	# opens the door, and spawns shots on the server.
	multiplayer.peer_connected.connect(func(id: int) -> void:
		$Door.set_multiplayer_authority(id)
		$ShotSpawner.set_multiplayer_authority(id))
	# A box the server keeps, spawned for each peer: its spawner is the
	# server's, which refuses a peer's spawn.
	var box: Node2D = preload("res://box.tscn").instantiate()
	box.position = Vector2(3, 4)
	$Boxes.add_child(box, true)
	print("LISTENING ", port)


# Untyped, no sender check: any peer hurts anyone, with anything.
@rpc("any_peer")
func damage(amount) -> void:
	health -= amount


# The largest int crashes the server.
@rpc("any_peer", "reliable")
func crash(code: int) -> void:
	if code == 9223372036854775807:
		OS.crash("gdvar audit: the largest int")


# An index out of the list's bounds is a script error.
@rpc("any_peer", "reliable")
func fail(index: int) -> void:
	var list := [1, 2, 3]
	print(list[index])


# A long reason makes the server drop the caller.
@rpc("any_peer", "reliable")
func kick(reason: String) -> void:
	if reason.length() > 1000:
		multiplayer.multiplayer_peer.disconnect_peer(multiplayer.get_remote_sender_id())


# It asks who called, and takes whole objects.
@rpc("any_peer", "reliable")
func hold(thing: Object) -> void:
	print("holding ", thing, " for ", multiplayer.get_remote_sender_id())
