extends Node


var high_quality: bool = false


func set_high_quality(new_value: bool) -> void:
	high_quality = new_value
