# Drives an unmodified corpus game's lobby headless, as a player would: it
# runs the project's scene SCENE, types NAME into the LineEdit at NICK (a
# path from /root), presses the button at BUTTON, prints "ID <id>" once
# connected, then "IN <path>" once the node at IN_PATH (the game) is in the
# tree, and quits STAY seconds later, printing "GLOBALS <var>" with the
# autoload /root/Globals's "players" if it has one: what the game prints
# meanwhile is its own.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/lobby.gd -- SCENE NICK NAME BUTTON IN_PATH STAY
extends SceneTree

var nick := ""
var nick_name := ""
var button := ""
var in_path := ""
var stay := 0.0
var connected := false
var entered := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	nick = args[1]
	nick_name = args[2]
	button = args[3]
	in_path = args[4]
	stay = float(args[5])
	# Deferred: the autoloads the game's scripts name are not in yet.
	change_scene_to_file.call_deferred(args[0])
	create_timer(120).timeout.connect(func(): printerr("FAILED: the game not entered after 120 s"); quit(1))
	process_frame.connect(_frame)

func _frame() -> void:
	if button != "" and root.has_node(button) and root.has_node(nick):
		root.get_node(nick).text = nick_name
		root.get_node(button).pressed.emit()
		button = ""
	var peer := get_multiplayer().multiplayer_peer
	if not connected and peer != null and not peer is OfflineMultiplayerPeer and peer.get_connection_status() == MultiplayerPeer.CONNECTION_CONNECTED:
		connected = true
		print("ID ", get_multiplayer().get_unique_id())
	if entered or not root.has_node(in_path):
		return
	entered = true
	print("IN ", in_path)
	await create_timer(stay).timeout
	var globals := root.get_node_or_null("Globals")
	if globals != null and "players" in globals:
		print("GLOBALS ", var_to_str(globals.players).replace("\n", ""))
	quit()
