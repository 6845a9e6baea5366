# Drives an unmodified BatteryAcid__godot-authority-2 (a game whose players
# each own their PlayerInput, synced to the host alone) headless, as a
# player would: it runs the main menu and presses BUTTON (HostGame or
# JoinGame). A host prints "HOST" once its game is in, and stays until it
# is ended. A client, once PLAYERS ships are spawned (children of
# /root/Game/SpawnPath named by their peer ids), holds "left" until the
# host has moved its own ship, then fires once (its PlayerInput's weapon_fired, what the
# "fire" key emits). It prints "ID <id>" once connected, "SPAWNED <name>
# <ship> <health>" for each ship spawned, "MOVED <name>" once a ship is
# 50 px from where it spawned, "RESTARTED" once the host's
# MatchManager._play_again reset the scoreboard, "SHOT <name>" once a
# projectile of ship <name> is spawned (where it flies depends on where
# the ships were put at random, and may hit one), and "DONE" once it has seen PLAYERS ships, each client's ship
# (all but "1") moved and shot, and the restart; then quits 1 s later.
# What the game prints meanwhile is its own.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/inputs.gd -- BUTTON PLAYERS
extends SceneTree

const MENU := "MainMenu/Panel/VBoxContainer/"

var button := ""
var players := 0
var host := false
var seen := {}
var start := {}
var moved := {}
var shots := {}
var restarted := false
var fired := false
var done := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	button = args[0]
	players = int(args[1])
	host = button == "HostGame"
	# Deferred: the autoloads the game's scripts name are not in yet.
	change_scene_to_file.call_deferred("res://scenes/main_menu.tscn")
	if not host:
		create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	process_frame.connect(_frame)

func _frame() -> void:
	if button != "" and root.has_node(MENU + button):
		root.get_node(MENU + button).pressed.emit()
		button = ""
	var game := root.get_node_or_null("Game")
	var peer := get_multiplayer().multiplayer_peer
	if game == null or peer == null or peer is OfflineMultiplayerPeer or peer.get_connection_status() != MultiplayerPeer.CONNECTION_CONNECTED:
		return
	var me := str(get_multiplayer().get_unique_id())
	if not seen.has("ID"):
		seen["ID"] = true
		print("HOST" if host else "ID " + me)
	if host:
		return
	if not restarted and game.get_node("GameMenu/Panel/Player1Score").text == "Player 1\n0":
		restarted = true
		print("RESTARTED")
	for p in game.get_node("SpawnPath").get_children():
		var name := str(p.name)
		if not seen.has(name):
			seen[name] = true
			start[name] = p.position
			print("SPAWNED ", name, " ", p.selected_ship, " ", p.attribute_component.health)
		if not moved.has(name) and p.position.distance_to(start[name]) > 50:
			moved[name] = true
			print("MOVED ", name)
		if not shots.has(name) and p.get_node("Projectiles").get_child_count() > 0:
			shots[name] = true
			print("SHOT ", name)
	# Steers once every ship is in, so that each client sees the other's move.
	var mine := game.get_node_or_null("SpawnPath/" + me)
	if mine != null and seen.size() - 1 == players and not fired:
		if not moved.has(me):
			Input.action_press("left")
		else:
			Input.action_release("left")
			fired = true
			mine.player_input.weapon_fired.emit()
	if not done and seen.size() - 1 == players and moved.size() == players - 1 and shots.size() == players - 1 and restarted:
		done = true
		print("DONE")
		await create_timer(1).timeout # what this client sent still lands
		quit()
