extends Node

@rpc("reliable")
func learn_players(players: Dictionary) -> void:
	print(players)
