# Drives an unmodified corpus game's client headless, as a player would:
# it runs the project's main scene SCENE, presses the button at BUTTON (a
# path from /root) to connect, prints "ID <id>" once connected, and quits
# STAY seconds later: what the game prints meanwhile is its own.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/press.gd -- SCENE BUTTON STAY
extends SceneTree

var button := ""
var stay := 0.0
var connected := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	button = args[1]
	stay = float(args[2])
	change_scene_to_file(args[0])
	create_timer(120).timeout.connect(func(): printerr("FAILED: not connected after 120 s"); quit(1))
	process_frame.connect(_frame)

func _frame() -> void:
	if button != "" and root.has_node(button):
		root.get_node(button).pressed.emit()
		button = ""
	var peer := get_multiplayer().multiplayer_peer
	if connected or peer == null or peer is OfflineMultiplayerPeer or peer.get_connection_status() != MultiplayerPeer.CONNECTION_CONNECTED:
		return
	connected = true
	print("ID ", get_multiplayer().get_unique_id())
	await create_timer(stay).timeout
	quit()
