# The game's main node. Run with user arguments (after --):
#   client HOST PORT   join the server at HOST:PORT; move with the arrows
#   server PORT        be the server: a player per peer, as the Go server does
# Add "enet" to use ENetMultiplayerPeer (UDP) rather than WebSocket.
# For the tests, a client can also take "walk N MODE": its player walks
# by itself to (id % 1000, 100); it prints "ID <id>", "SPAWNED <name>
# <color> <x> <y>" (the spawn's state) and "DESPAWNED <name>" as players
# come and go, "ARRIVED <name> <color>" when a player stands at its
# target, and "ALL" once N players have. Then MODE "leave" quits at once, and "stay" quits when a player
# despawns or the server goes.
extends Node

const Player := preload("res://player.tscn")

var walk := 0
var mode := ""
var arrived := {}


func _ready() -> void:
	var args := OS.get_cmdline_user_args()
	var enet := args.has("enet")
	var peer: MultiplayerPeer
	if args[0] == "server":
		peer = _server(int(args[1]), enet)
		multiplayer.peer_connected.connect(_add_player)
		multiplayer.peer_disconnected.connect(_remove_player)
	else:
		peer = _client(args[1], int(args[2]), enet)
		var at := args.find("walk")
		if at >= 0:
			walk = int(args[at + 1])
			mode = args[at + 2]
		multiplayer.connected_to_server.connect(func(): print("ID %d" % multiplayer.get_unique_id()))
		multiplayer.server_disconnected.connect(func(): print("SERVER GONE"); get_tree().quit())
		$Spawner.spawned.connect(_on_spawned)
		$Spawner.despawned.connect(_on_despawned)
	if peer == null:
		printerr("FAILED to start ", args)
		get_tree().quit(1)
		return
	multiplayer.multiplayer_peer = peer


func _server(port: int, enet: bool) -> MultiplayerPeer:
	var err: int
	var peer: MultiplayerPeer
	if enet:
		peer = ENetMultiplayerPeer.new()
		peer.set_bind_ip("127.0.0.1")
		err = peer.create_server(port, 4095) # ENet's most; 32 by default
	else:
		peer = WebSocketMultiplayerPeer.new()
		err = peer.create_server(port, "127.0.0.1")
	return peer if err == OK else null


func _client(host: String, port: int, enet: bool) -> MultiplayerPeer:
	var err: int
	var peer: MultiplayerPeer
	if enet:
		peer = ENetMultiplayerPeer.new()
		err = peer.create_client(host, port)
	else:
		peer = WebSocketMultiplayerPeer.new()
		peer.handshake_timeout = 30 # generous, for a loaded machine
		err = peer.create_client("ws://%s:%d" % [host, port])
	return peer if err == OK else null


# The server's side: a player per peer, named by its id, colored by it.
func _add_player(id: int) -> void:
	var player := Player.instantiate()
	player.name = str(id)
	player.color = Color.from_hsv(float(id % 360) / 360.0, 1.0, 1.0)
	$Players.add_child(player, true)


func _remove_player(id: int) -> void:
	var player := $Players.get_node_or_null(str(id))
	if player:
		player.queue_free()


func _on_spawned(player: Node) -> void:
	print("SPAWNED %s %s %d %d" % [player.name, player.color.to_html(false), player.position.x, player.position.y])
	if walk > 0 and player.name == str(multiplayer.get_unique_id()):
		player.target = _target(multiplayer.get_unique_id())


func _on_despawned(player: Node) -> void:
	# The player's last sync may come in the same frame as its despawn,
	# which takes it out of the tree before _process sees it.
	_note_arrival(player)
	print("DESPAWNED %s" % player.name)
	if mode == "stay":
		get_tree().quit()


func _target(id: int) -> Vector2:
	return Vector2(id % 1000, 100)


func _process(_delta: float) -> void:
	for player in $Players.get_children():
		_note_arrival(player)


# _note_arrival prints ARRIVED the first time a player stands at its
# target, and ALL once walk players have.
func _note_arrival(player: Node) -> void:
	if walk == 0 or arrived.has(player.name) or player.position != _target(player.name.to_int()):
		return
	arrived[player.name] = true
	print("ARRIVED %s %s" % [player.name, player.color.to_html(false)])
	if arrived.size() == walk:
		print("ALL")
		if mode == "leave":
			get_tree().quit()
