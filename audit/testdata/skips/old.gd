extends Node
# Godot 4.0 beta's form, bare words: 4.6 does not parse it, and runs the
# node without this script.
@rpc(any_peer, reliable)
func hit() -> void:
	print("hit")
