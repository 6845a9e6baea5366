extends Node


@rpc("any_peer", "reliable")
func play(cell: int) -> void:
	print("play ", cell)
