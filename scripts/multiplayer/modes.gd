# The node /root/Main of methods.gd: methods declared every way the engine
# lets a game declare them. cfg_ping and cfg_pong with Node.rpc_config (as
# GDExtension nodes declare theirs: numbered 0x8000 | place), the others
# with @rpc: call_local, unreliable_ordered on channel 3, reliable on
# channel 5. Each call it gets emits got("<method> <arg> <sender>").
extends Node

signal got(what: String)

func _init() -> void:
	rpc_config("cfg_ping", {"rpc_mode": MultiplayerAPI.RPC_MODE_ANY_PEER,
		"transfer_mode": MultiplayerPeer.TRANSFER_MODE_RELIABLE, "channel": 2})
	rpc_config("cfg_pong", {"rpc_mode": MultiplayerAPI.RPC_MODE_ANY_PEER,
		"transfer_mode": MultiplayerPeer.TRANSFER_MODE_RELIABLE})

func _note(method: String, arg: String) -> void:
	got.emit("%s %s %d" % [method, arg, multiplayer.get_remote_sender_id()])

func cfg_ping(arg: String) -> void:
	_note("cfg_ping", arg)
	cfg_pong.rpc_id(multiplayer.get_remote_sender_id(), arg)

func cfg_pong(arg: String) -> void:
	_note("cfg_pong", arg)

@rpc("any_peer", "call_local", "reliable")
func local_note(arg: String) -> void:
	_note("local_note", arg)

@rpc("any_peer", "call_remote", "unreliable_ordered", 3)
func ordered(arg: String) -> void:
	_note("ordered", arg)
	ch5.rpc_id(multiplayer.get_remote_sender_id(), arg)

@rpc("any_peer", "call_remote", "reliable", 5)
func ch5(arg: String) -> void:
	_note("ch5", arg)
