extends Node

const PORT: int = 4433
const WORLD_MAP: String = "res://environment/World.tscn"

func _ready():
	%UI.show()
	%HighQuality.set_pressed(Options.high_quality)

	# Start paused.
	get_tree().paused = true

	# You can save bandwidth by disabling server relay and peer notifications.
	multiplayer.server_relay = false

	# Automatically start the server in headless mode.
	if DisplayServer.get_name() == "headless":
		print("Automatically starting dedicated server.")
		_on_host_pressed.call_deferred()


func _on_host_pressed():
	# Start as server.
	var peer = ENetMultiplayerPeer.new()
	peer.create_server(PORT)

	if peer.get_connection_status() == MultiplayerPeer.CONNECTION_DISCONNECTED:
		OS.alert("Failed to start multiplayer server.")
		push_error("Failed to start multiplayer server.")
		return

	multiplayer.set_multiplayer_peer(peer)
	start_game()


func _on_connect_pressed():
	# Start as client.
	var txt : String = %Remote.text
	if txt == "":
		OS.alert("Need a remote to connect to.")
		return

	var peer = ENetMultiplayerPeer.new()
	peer.create_client(txt, PORT)

	if peer.get_connection_status() == MultiplayerPeer.CONNECTION_DISCONNECTED:
		OS.alert("Failed to start multiplayer client.")
		return

	multiplayer.set_multiplayer_peer(peer)
	start_game()


func start_game():
	# Hide the UI and unpause to start the game.
	%UI.hide()

	# Only change level on the server.
	# Clients will instantiate the level via the spawner.
	if multiplayer.is_server():
		change_level.call_deferred(load(WORLD_MAP))

	get_tree().paused = false


# Call this function deferred and only on the main authority (server).
func change_level(scene: PackedScene):
	# Remove old level if any.
	var level = %Level

	for c in level.get_children():
		level.remove_child(c)
		c.queue_free()

	# Add new level.
	level.add_child(scene.instantiate())


# The server can restart the level by pressing Home.
func _input(event):
	if not multiplayer.has_multiplayer_peer():
		return
	
	if not multiplayer.is_server():
		return

	if event.is_action("ui_home") and Input.is_action_just_pressed("ui_home"):
		change_level.call_deferred(load(WORLD_MAP))


func _on_high_quality_toggled(toggled_on):
	Options.set_high_quality(toggled_on)
	%HighQuality.set_pressed(toggled_on)
