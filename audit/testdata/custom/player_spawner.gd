extends MultiplayerSpawner
# Builds a player from a spawn's data, its peer's id, on the server and
# on each client: the engine sends these spawns with no scene of the
# spawner's list.

var player_scene: PackedScene = load("res://player.tscn")


func _ready() -> void:
	spawn_function = _spawn_player


func _spawn_player(id: int) -> Node:
	var player := player_scene.instantiate()
	player.id = id
	player.name = str(id)
	return player
