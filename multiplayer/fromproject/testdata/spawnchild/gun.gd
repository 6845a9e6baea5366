# A node below the spawned player's root: its client fires it on the
# server, the server says what it hit.
extends Node

signal hit_seen(n: int)


@rpc("any_peer")
func fire(_n: int) -> void:
	pass


@rpc("authority")
func hit(n: int) -> void:
	hit_seen.emit(n)
