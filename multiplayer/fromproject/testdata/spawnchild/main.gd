# The main node of fromproject's spawned-children live test: a client of
# a Go server that declares this project. Run with user arguments (after
# --): client PORT [enet]
# The server spawns the client's player and calls hit(0) on its Body/Gun;
# then the client calls jump() on its Input synchronizer and fire(1),
# fire(2), fire(3) on its Gun, prints "HIT <n>" for each hit the server
# answers with, and "DONE" after the third. It quits when the server goes.
extends Node

var hits := 0


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var peer: MultiplayerPeer
	var err: int
	if args.has("enet"):
		peer = ENetMultiplayerPeer.new()
		err = peer.create_client("127.0.0.1", int(args[1]))
	else:
		peer = WebSocketMultiplayerPeer.new()
		peer.handshake_timeout = 30 # generous, for a loaded machine
		err = peer.create_client("ws://127.0.0.1:%d" % int(args[1]))
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
	multiplayer.connection_failed.connect(func(): printerr("FAILED: no connection"); get_tree().quit(1))
	$Spawner.spawned.connect(_on_spawned)


func _on_spawned(player: Node) -> void:
	print("SPAWNED ", player.name)
	var gun := player.get_node("Body/Gun")
	gun.hit_seen.connect(_on_hit.bind(player))


func _on_hit(n: int, player: Node) -> void:
	print("HIT %d" % n)
	if n == 0:
		player.get_node("Input").jump.rpc_id(1)
		for i in range(1, 4):
			player.get_node("Body/Gun").fire.rpc_id(1, i)
		return
	hits += 1
	if hits == 3:
		print("DONE")
