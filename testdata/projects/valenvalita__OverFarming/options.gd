extends Control



func _on_volumen_pressed() -> void:
	pass # Replace with function body.


func _on_resolucion_pressed() -> void:
	pass # Replace with function body.


func _on_back_pressed() -> void:
	get_tree().change_scene_to_file("res://scenes/ui/main_menu.tscn")
