# The node /root/Main of the relay tests: echo.gd's methods, and note, which
# any peer may call on any other; the server relays calls between clients.
extends "res://scripts/multiplayer/echo.gd"

signal noted(from: int, args: Array)

@rpc("any_peer", "call_remote", "reliable")
func note(a = null, b = null, c = null) -> void:
	noted.emit(multiplayer.get_remote_sender_id(), [a, b, c])
