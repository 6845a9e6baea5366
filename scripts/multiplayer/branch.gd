# A Godot client whose multiplayer is a branch's own: the tree's root gets
# /root/Main/Lobby/Board (echo.gd), and a SceneMultiplayer set on
# /root/Main/Lobby (SceneTree.set_multiplayer), which connects to a
# multiplayer server on ws://127.0.0.1:PORT. It calls echo(7, "seven") on
# Board, whose path the server is sent relative to the branch; prints
# "GOT <hex>,<hex>,<hex>" for the echo_reply, then "DONE".
#   godot --headless -s scripts/multiplayer/branch.gd -- PORT
extends SceneTree

var board: Node

func _init() -> void:
	var main := Node.new()
	main.name = "Main"
	var lobby := Node.new()
	lobby.name = "Lobby"
	board = Node.new()
	board.name = "Board"
	board.set_script(load("res://scripts/multiplayer/echo.gd"))
	lobby.add_child(board)
	main.add_child(lobby)
	root.add_child(main)
	var api := SceneMultiplayer.new()
	set_multiplayer(api, ^"/root/Main/Lobby")
	board.replied.connect(func(args):
		print("GOT ", board.hexes(args))
		print("DONE")
		quit())
	api.connected_to_server.connect(func(): board.echo.rpc_id(1, 7, "seven"))
	api.connection_failed.connect(func(): printerr("FAILED: no connection"); quit(1))
	create_timer(120).timeout.connect(func(): printerr("FAILED: not done after 120 s"); quit(1))
	process_frame.connect(func():
		var peer := WebSocketMultiplayerPeer.new()
		peer.handshake_timeout = 30
		if peer.create_client("ws://127.0.0.1:" + OS.get_cmdline_user_args()[0]) != OK:
			printerr("FAILED: cannot connect")
			quit(1)
			return
		api.multiplayer_peer = peer, CONNECT_ONE_SHOT)
