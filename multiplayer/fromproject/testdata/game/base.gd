# The base of main.gd: @rpc methods it inherits, one it overrides.
extends Node


@rpc("any_peer", "call_remote", "reliable")
func ping(_n: int) -> void:
	pass


@rpc
func pong(_n: int) -> void:
	pass


@rpc("authority", "call_remote", "unreliable_ordered", 2)
func Zed() -> void:
	pass


@rpc("any_peer")
func zeta(_x) -> void:
	pass
