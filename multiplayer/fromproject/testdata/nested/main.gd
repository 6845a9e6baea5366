# The main node of fromproject's nested spawners live test. Run with user
# arguments (after --): host PORT, or client PORT.
# The host spawns ship A when a client joins, then a shot through the
# ship's Weapon/Gun (under the ship's Shots) and one through its Wreck
# (under /root/Main/Debris, outside the ship); when the client says it saw
# both (seen_both), the host frees the ship and prints, a frame after,
# "HOST LEFT <n>" with how many nodes its Debris still holds.
# The client prints "SPAWNED <path>" and "DESPAWNED <name>" for each node
# a spawner of it (the main scene's, or a ship's) spawns or despawns, then,
# a frame after the ship went, "LEFT <n>" with how many nodes Debris still
# holds, and "DONE". It quits when the server goes.
extends Node

const SHIP := preload("res://ship.tscn")
const SHOT := preload("res://shot.tscn")

var seen := 0


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var peer := WebSocketMultiplayerPeer.new()
	peer.handshake_timeout = 30 # generous, for a loaded machine
	var err: int
	if args[0] == "host":
		err = peer.create_server(int(args[1]), "127.0.0.1")
	else:
		err = peer.create_client("ws://127.0.0.1:%d" % int(args[1]))
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	if args[0] == "host":
		multiplayer.peer_connected.connect(_on_peer)
		print("LISTENING")
		return
	multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
	multiplayer.connection_failed.connect(func(): printerr("FAILED: no connection"); get_tree().quit(1))
	_watch($Spawner)


func _on_peer(_id: int) -> void:
	var ship := SHIP.instantiate()
	ship.name = "A"
	$Players.add_child(ship)
	var shot := SHOT.instantiate()
	shot.name = "S"
	ship.get_node("Shots").add_child(shot)
	var wreck := SHOT.instantiate()
	wreck.name = "D"
	$Debris.add_child(wreck)


func _watch(spawner: MultiplayerSpawner) -> void:
	spawner.spawned.connect(_on_spawned)
	spawner.despawned.connect(_on_despawned)


func _on_spawned(node: Node) -> void:
	print("SPAWNED ", node.get_path())
	if node.name == "A":
		_watch(node.get_node("Weapon/Gun"))
		_watch(node.get_node("Wreck"))
		return
	seen += 1
	if seen == 2:
		seen_both.rpc_id(1)


func _on_despawned(node: Node) -> void:
	print("DESPAWNED ", node.name) # out of the tree already
	if node.name == "A":
		await get_tree().process_frame
		print("LEFT %d" % $Debris.get_child_count())
		print("DONE")


@rpc("any_peer")
func seen_both() -> void:
	if multiplayer.is_server():
		$Players/A.queue_free()
		await get_tree().process_frame
		print("HOST LEFT %d" % $Debris.get_child_count())
