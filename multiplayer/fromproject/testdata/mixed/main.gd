# The main node of fromproject's mixed-ownership live test. Run with user
# arguments (after --): host|client PORT websocket|enet
# The host (the game's own, the Go test's baseline) spawns a player per
# peer that joins, named by its id, and frees it when the peer leaves; it
# quits once two clients have called done.
# A client walks its player right and jumps once. It prints "ID <id>",
# "SPAWNED <name> <health>" for each player, "MOVED <name>" once a player
# went right (the host moves each by its Inputs), "INPUT <name>" once
# another player's Inputs came (relayed from its peer), "HURT <health>"
# once its own player lost health (its jump), "BADGE <name>" once a
# player's Badge turned (the host turns it); "DONE" once it has seen two
# players move, the other's Inputs, its own hurt and two Badges turned,
# and calls done on the host. It quits when the host goes.
extends Node

const PLAYERS := 2

var me := ""
var seen := {}
var finished := false
var dones := 0


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var host := args[0] == "host"
	var port := int(args[1])
	var peer: MultiplayerPeer
	var err: int
	if args[2] == "enet":
		peer = ENetMultiplayerPeer.new()
		err = peer.create_server(port) if host else peer.create_client("127.0.0.1", port)
	else:
		peer = WebSocketMultiplayerPeer.new()
		peer.handshake_timeout = 30 # generous, for a loaded machine
		err = peer.create_server(port, "127.0.0.1") if host else peer.create_client("ws://127.0.0.1:%d" % port)
	if err != OK:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer
	if host:
		multiplayer.peer_connected.connect(_add_player)
		multiplayer.peer_disconnected.connect(_remove_player)
		print("HOST ", port)
		return
	multiplayer.connected_to_server.connect(func(): me = str(multiplayer.get_unique_id()); print("ID ", me))
	multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
	multiplayer.connection_failed.connect(func(): printerr("FAILED: no connection"); get_tree().quit(1))
	$Spawner.spawned.connect(_on_spawned)
	get_tree().create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); get_tree().quit(1))


func _add_player(id: int) -> void:
	var player: Node = preload("res://player.tscn").instantiate()
	player.name = str(id)
	$Players.add_child(player, true)


func _remove_player(id: int) -> void:
	if $Players.has_node(str(id)):
		$Players.get_node(str(id)).queue_free()


func _on_spawned(player: Node) -> void:
	print("SPAWNED ", player.name, " ", player.health)
	if str(player.name) == me:
		player.get_node("Inputs").jump.rpc_id(1)


func _physics_process(_delta: float) -> void:
	if me == "" or finished:
		return
	for player in $Players.get_children():
		var name := str(player.name)
		if player.position.x > 50:
			_see("MOVED " + name)
		if name != me and player.get_node("Inputs").direction != Vector2.ZERO:
			_see("INPUT " + name)
		if name == me and player.health < 100:
			_see("HURT %d" % player.health)
		if player.get_node("Badge").rotation > 1:
			_see("BADGE " + name)
	var moved := seen.keys().filter(func(k): return k.begins_with("MOVED")).size()
	var inputs := seen.keys().filter(func(k): return k.begins_with("INPUT")).size()
	var hurt := seen.keys().any(func(k): return k.begins_with("HURT"))
	var badges := seen.keys().filter(func(k): return k.begins_with("BADGE")).size()
	if moved == PLAYERS and inputs == PLAYERS - 1 and hurt and badges == PLAYERS:
		finished = true
		print("DONE")
		done.rpc_id(1)


func _see(what: String) -> void:
	if not seen.has(what):
		seen[what] = true
		print(what)


@rpc("any_peer", "reliable")
func done() -> void:
	dones += 1
	if dones == PLAYERS:
		await get_tree().create_timer(0.5).timeout # the last syncs land
		multiplayer.multiplayer_peer.close()
		# Offline, is_server() holds while the disconnects go out.
		multiplayer.multiplayer_peer = OfflineMultiplayerPeer.new()
		await get_tree().create_timer(0.5).timeout
		get_tree().quit()
