# The player's synchronizer, with a method of its own, as tps-demo's
# InputSynchronizer.
extends MultiplayerSynchronizer


@rpc("any_peer", "call_local")
func jump() -> void:
	pass
