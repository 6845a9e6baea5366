# Drives an unmodified naixsu__CROCPNG (an ENet game with range-coder
# compression whose enemies come from a spawn_function spawner) headless.
# ROLE "host" runs the lobby and hosts as its --server flag would
# (custom_host), printing "HOST" once listening, and stays until ended.
# ROLE "start" or "join" runs the lobby, types NAME, joins 127.0.0.1
# (what the LAN server browser's join button calls) and prints "ID <id>";
# once the lobby has PLAYERS players, "start" calls start_game as the
# Start button does. Once the game is in, each client readies its own
# player (what its Ready button does) and prints "PLAYERS <names>" of the
# players the game made, then "SPAWNED <name> <scene> <at>" for each of
# the first ENEMIES enemies (at: "spawn-point" when the enemy came at one
# of the game's enemy spawn points; its health and animation), "BOMB
# <name>" once an enemy holds the wave's bomb (hasBomb, synced), then
# "DONE" once it has seen both, and quits 1 s later.
# What the game prints meanwhile is its own.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/croc.gd -- ROLE NAME PLAYERS ENEMIES
extends SceneTree

const LOBBY := "res://Scenes/Testing/NaixTestScenes/Multiplayer.tscn"

var role := ""
var nick := ""
var players := 0
var enemies := 0
var acted := false
var connected := false
var started := false
var readied := false
var seen := {}
var bomb := false
var done := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	role = args[0]
	nick = args[1]
	players = int(args[2])
	enemies = int(args[3])
	# Deferred: the autoload GameManager is not in yet.
	change_scene_to_file.call_deferred(LOBBY)
	if role != "host":
		create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	process_frame.connect(_frame)

func _frame() -> void:
	var lobby := root.get_node_or_null("Multiplayer")
	if not acted and lobby != null and lobby.is_node_ready():
		acted = true
		lobby.get_node("NameEdit").text = nick
		if role == "host":
			lobby.custom_host(nick)
			print("HOST")
		else:
			lobby.join_by_ip("127.0.0.1")
	if role == "host" or done:
		return
	var peer := get_multiplayer().multiplayer_peer
	if peer == null or peer is OfflineMultiplayerPeer or peer.get_connection_status() != MultiplayerPeer.CONNECTION_CONNECTED:
		return
	if not connected:
		connected = true
		print("ID ", get_multiplayer().get_unique_id())
	var gm := root.get_node("GameManager")
	if role == "start" and not started and gm.players.size() == players:
		started = true
		lobby.start_game.rpc()
	var game := root.get_node_or_null("TestMultiplayerScene")
	if game == null:
		return
	var mine := game.get_node_or_null(str(get_multiplayer().get_unique_id()))
	if mine != null and not mine.readyState:
		# Again each frame until it holds, as a player presses Ready again:
		# a first press may come before its synchronizer is the peer's, and
		# the host never sees it (the wave then never starts).
		mine.readyState = true
	if not readied and mine != null:
		readied = true
		var names := []
		for id in gm.players:
			names.append(gm.players[id].name)
		names.sort()
		print("PLAYERS ", " ".join(names))
	var points := {}
	for p in game.get_node("EnemySpawnPoints").get_children():
		points[p.position] = true
	for e in game.get_node("EnemyGroups").get_children():
		if seen.size() < enemies and not seen.has(e.name):
			seen[e.name] = true
			var at := "spawn-point" if points.has(e.position) else str(e.position)
			print("SPAWNED ", e.name, " ", e.scene_file_path, " ", at, " ", e.health, " ", e.get_node("AnimatedSprite2D").animation)
		if not bomb and e.hasBomb:
			bomb = true
			print("BOMB ", e.name)
	if seen.size() == enemies and bomb:
		done = true
		print("DONE")
		await create_timer(1).timeout
		quit()
