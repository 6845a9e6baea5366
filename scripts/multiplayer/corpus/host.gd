# Drives an unmodified corpus game's host headless, as its player would:
# it runs the project's scene SCENE, presses each button of BUTTONS (paths
# from /root) in turn, each once it is in the tree, prints "HOST" once
# the game's multiplayer peer is up, and stays until it is ended: the
# audit that runs it ends it. What the game prints meanwhile is its own.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/host.gd -- SCENE BUTTON...
extends SceneTree

var buttons: Array[String] = []
var said := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	buttons.assign(args.slice(1))
	# Deferred: the autoloads the game's scripts name are not in yet.
	change_scene_to_file.call_deferred(args[0])
	process_frame.connect(_frame)

func _frame() -> void:
	if not buttons.is_empty() and root.has_node(buttons[0]):
		root.get_node(buttons.pop_front()).pressed.emit()
	var peer := get_multiplayer().multiplayer_peer
	if not said and peer != null and not peer is OfflineMultiplayerPeer:
		said = true
		print("HOST")
