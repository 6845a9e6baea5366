extends Node
# An ENet server on the port its first user argument gives. A peer's
# call of tilt(n) with n past 2 breaks it for good: _process then fails
# every frame (line 25), whoever leaves. A peer that leaves without
# having said hello fails the leave handler (line 30): the leave's own.


var sides := [0, 1, 2]
var tilted := 0
var greeted := {}


func _ready() -> void:
	var port := int(OS.get_cmdline_user_args()[0])
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(port)
	multiplayer.multiplayer_peer = peer
	multiplayer.peer_disconnected.connect(_on_left)
	print("LISTENING ", port)


func _process(_delta: float) -> void:
	if tilted < 3:
		return
	var side: int = sides[tilted]
	print(side)


func _on_left(id: int) -> void:
	print("bye ", greeted[id])


@rpc("any_peer", "reliable")
func hello() -> void:
	greeted[multiplayer.get_remote_sender_id()] = true


@rpc("any_peer", "reliable")
func tilt(n: int) -> void:
	tilted = n
