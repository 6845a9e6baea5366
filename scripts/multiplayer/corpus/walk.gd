# Drives an unmodified corpus game's client headless, as a player would:
# it runs the project's main scene SCENE, presses the button at BUTTON
# (a path from /root; "-" for none) to join, and, once its own player (a
# child of CONTAINER named by its peer id) is spawned, walks it right
# (ACTION held for 30 frames). It prints "ID <id>" once connected,
# "SPAWNED <name> <color>" for each player spawned (its ColorRect's
# color, or its modulate), "MOVED <name>" once another player has moved
# right, and "DONE" once it has seen PLAYERS players and OTHERS other
# players move; then quits.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/walk.gd -- \
#     SCENE CONTAINER ACTION BUTTON PLAYERS OTHERS
extends SceneTree

var container_path := ""
var action := ""
var button := ""
var players := 0
var others := 0
var seen := {}
var moved := {}
var walked := 0
var done := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	container_path = args[1]
	action = args[2]
	button = args[3]
	players = int(args[4])
	others = int(args[5])
	change_scene_to_file(args[0])
	create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	process_frame.connect(_frame)

func _frame() -> void:
	if button != "" and button != "-" and root.has_node(button):
		root.get_node(button).pressed.emit()
		button = ""
	var container := root.get_node_or_null(container_path)
	var peer := get_multiplayer().multiplayer_peer
	if container == null or peer == null or peer is OfflineMultiplayerPeer or peer.get_connection_status() != MultiplayerPeer.CONNECTION_CONNECTED:
		return
	var me := str(get_multiplayer().get_unique_id())
	if not seen.has("ID"):
		seen["ID"] = true
		print("ID ", me)
	for p in container.get_children():
		if not str(p.name).is_valid_int():
			continue
		if not seen.has(p.name):
			seen[p.name] = true
			var color: Color = p.get_node("ColorRect").color if p.has_node("ColorRect") else p.modulate
			print("SPAWNED ", p.name, " ", color.to_html(false))
		if p.name != me and p.position.x > 0 and not moved.has(p.name):
			moved[p.name] = true
			print("MOVED ", p.name)
	if container.has_node(me) and walked < 30:
		Input.action_press(action)
		walked += 1
		if walked == 30:
			Input.action_release(action)
	if not done and seen.size() - 1 == players and moved.size() == others and walked == 30:
		done = true
		print("DONE")
		await create_timer(0.5).timeout # what this client sent still lands
		quit()
