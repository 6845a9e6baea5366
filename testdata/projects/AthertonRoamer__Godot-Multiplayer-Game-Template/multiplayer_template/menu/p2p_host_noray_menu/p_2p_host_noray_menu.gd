extends Control


func _on_game_starting() -> void:
	visible = false
	
	
func _on_game_ending() -> void:
	visible = true
