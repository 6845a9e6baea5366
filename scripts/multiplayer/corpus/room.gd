# Drives an unmodified client of brb-fr__Amangas (a room game) headless, as
# a player would: it runs the project's main scene SCENE, types NAME and
# the server's URL, then creates a room (Create Game) if CODE is "-", or
# joins room CODE (the code box, Go). Once its own player (a child of
# /root/Main named by its peer id) is placed in the room, it walks it right
# (ui_right held for 30 frames); once it has seen PLAYERS players, it sends
# "hi from <id>" on the room's chat. It prints "ID <id>" once connected,
# "CODE <code>" once in a room, "SPAWNED <name>" for each player spawned,
# "MOVED <name>" once another player has walked right of the room's spot,
# "LISTED <code>" once the rooms the server sent list it in its room,
# "PING" once the server has answered a ping, "CHAT <message>" for each
# chat message, and "DONE" once it has seen all that from every player;
# then quits 2 s later. What the game prints meanwhile is its own.
# Linked into the game's folder (as res://gdvar_drivers):
#   godot --headless --path GAME -s res://gdvar_drivers/room.gd -- SCENE URL NAME CODE PLAYERS
extends SceneTree

var url := ""
var nick := ""
var code := ""
var players := 0
var typed := false
var room := -1
var seen := {}
var moved := {}
var chats := {}
var walked := 0
var pinged := false
var listed := false
var said := false
var done := false

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	url = args[1]
	nick = args[2]
	code = args[3]
	players = int(args[4])
	change_scene_to_file(args[0])
	create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	process_frame.connect(_frame)

func _frame() -> void:
	var main := root.get_node_or_null("Main")
	if main == null:
		return
	if not typed:
		typed = true
		_type(main.get_node("Title/Name"), nick)
		_type(main.get_node("Title/IP"), url)
		if code == "-":
			main.get_node("Host").pressed.emit()
		else:
			_type(main.get_node("Private"), code)
			main.get_node("Private/Go").pressed.emit()
	var peer := get_multiplayer().multiplayer_peer
	if peer == null or peer is OfflineMultiplayerPeer or peer.get_connection_status() != MultiplayerPeer.CONNECTION_CONNECTED:
		return
	var me := str(get_multiplayer().get_unique_id())
	if not seen.has("ID"):
		seen["ID"] = true
		print("ID ", me)
	var shown: String = main.get_node("UI/Code").text
	if room < 0 and shown.begins_with("Code\n"):
		room = int(shown.get_slice("\n", 1))
		print("CODE ", room)
	if not listed and room >= 0 and main.rooms.any(func(r): return str(r.code) == str(room) and r.players.has(int(me))):
		listed = true
		print("LISTED ", room)
	if not pinged and main.ping_ms >= 0:
		pinged = true
		print("PING")
	for p in main.get_children():
		if not str(p.name).is_valid_int():
			continue
		if not seen.has(p.name):
			seen[p.name] = true
			print("SPAWNED ", p.name)
		if room >= 0 and p.name != me and p.position.x > room and not moved.has(p.name):
			moved[p.name] = true
			print("MOVED ", p.name)
	# set_pos puts the player at the room's spot (x = the code): walk from there.
	if room >= 0 and main.has_node(me) and main.get_node(me).position.x >= room and walked < 30:
		Input.action_press("ui_right")
		walked += 1
		if walked == 30:
			Input.action_release("ui_right")
	if not said and walked == 30 and seen.size() - 1 == players:
		said = true
		_type(main.get_node("UI/Chat/Text"), "hi from " + me)
		main.get_node("UI/Chat/Text/Send").pressed.emit()
	for btn in main.get_node("UI/Chat/Scroll/Container").get_children():
		var text: String = btn.get_child(0).text
		if btn.visible and not chats.has(text):
			chats[text] = true
			print("CHAT ", text.replace("\n", " "))
	if not done and said and pinged and listed and moved.size() == players - 1 and chats.size() == players:
		done = true
		print("DONE")
		await create_timer(2).timeout # what the other player waits for still lands
		quit()

# _type sets a LineEdit's text as typing does, its text_changed signal
# (which the game saves its name and address by) included.
func _type(edit: LineEdit, text: String) -> void:
	edit.text = text
	edit.text_changed.emit(text)
