# The node /root/Main of examples/mpecho's clients (main.tscn), whose
# RPCs the Go server takes from here. The live tests' Godot clients and
# servers use it too, as scripts/multiplayer/echo.gd, a link to this file:
# a Godot server (server.gd) echoes as mpecho does; a client passes each
# echo_reply on through the replied signal.
extends Node

signal replied(args: Array)

# quiet: a server that does not print what it gets (benchmarks).
var quiet := false

@rpc("any_peer", "call_remote", "reliable")
func echo(a = null, b = null, c = null) -> void:
	if not multiplayer.is_server():
		return
	if not quiet:
		print("RECV ", hexes([a, b, c]))
	echo_reply.rpc_id(multiplayer.get_remote_sender_id(), a, b, c)

@rpc("authority", "call_remote", "reliable")
func echo_reply(a = null, b = null, c = null) -> void:
	replied.emit([a, b, c])

# hexes is the engine's bytes of each value, comma-separated.
static func hexes(values: Array) -> String:
	var out := PackedStringArray()
	for v in values:
		out.append(var_to_bytes(v).hex_encode())
	return ",".join(out)
