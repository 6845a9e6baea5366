# The board of lobby.tscn, which main.tscn instances: the Go side declares
# its methods at /root/Main/Lobby/Board.
extends Node

signal hit_back_seen(n: int)


@rpc("any_peer")
func hit(_n: int) -> void:
	pass


@rpc
func hit_back(n: int) -> void:
	hit_back_seen.emit(n)
