class_name ItemData
extends Resource

@export var display_name: String
@export var description: String
@export var image: Texture

func use(_player_id: int) -> void:
	pass
