# The main node of fromproject's custom spawn live test. Run with user
# arguments (after --): host PORT, or client PORT. Both sides speak ENet
# with its range coder, as a game that calls host.compress does.
# The Spawner has no scenes: its spawn_function builds a rock from the
# spawn's data (a name, a size and a position). The host spawns rock R of
# size 3 at (1, 2) when a client joins, moves it to (7, 9) when the client says it
# saw it (seen), and frees it when the client says it saw it move (moved).
# The client prints "SPAWNED <path> <size> <position>" for the spawn,
# "MOVED <position>", "DESPAWNED <name>" and "DONE". It quits when the
# server goes.
extends Node

const ROCK := preload("res://rock.tscn")

var rock: Node2D


func _ready() -> void:
	$Spawner.spawn_function = _make_rock
	var args := OS.get_cmdline_user_args()
	var peer := ENetMultiplayerPeer.new()
	var err: int
	if args[0] == "host":
		err = peer.create_server(int(args[1]))
	else:
		err = peer.create_client("127.0.0.1", int(args[1]))
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	peer.host.compress(ENetConnection.COMPRESS_RANGE_CODER)
	multiplayer.multiplayer_peer = peer
	if args[0] == "host":
		multiplayer.peer_connected.connect(_on_peer)
		print("LISTENING")
		return
	multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
	multiplayer.connection_failed.connect(func(): printerr("FAILED: no connection"); get_tree().quit(1))
	$Spawner.spawned.connect(_on_spawned)
	$Spawner.despawned.connect(_on_despawned)


func _make_rock(data: Dictionary) -> Node:
	var r := ROCK.instantiate()
	r.name = data.name
	r.size = data.size
	r.position = data.at
	return r


func _on_peer(_id: int) -> void:
	rock = $Spawner.spawn({"name": "R", "size": 3, "at": Vector2(1, 2)})


func _on_spawned(node: Node) -> void:
	rock = node
	print("SPAWNED ", node.get_path(), " ", node.size, " ", node.position)
	node.get_node("Chipper").spawned.connect(_on_chip)
	node.get_node("Chipper").despawned.connect(_on_despawned)
	seen.rpc_id(1)


func _on_chip(node: Node) -> void:
	print("SPAWNED ", node.get_path())
	chipped.rpc_id(1)


func _process(_delta: float) -> void:
	if rock == null or multiplayer.is_server() or rock.position != Vector2(7, 9):
		return
	print("MOVED ", rock.position)
	rock = null
	moved.rpc_id(1)


func _on_despawned(node: Node) -> void:
	print("DESPAWNED ", node.name) # out of the tree already
	if node.name == "R":
		print("DONE")


@rpc("any_peer", "reliable")
func seen() -> void:
	if multiplayer.is_server():
		rock.position = Vector2(7, 9)


@rpc("any_peer", "reliable")
func moved() -> void:
	if multiplayer.is_server():
		rock.get_node("Chipper").spawn("C")


@rpc("any_peer", "reliable")
func chipped() -> void:
	if multiplayer.is_server():
		rock.queue_free()
