extends Node


func _ready() -> void:
	get_tree().paused = true
