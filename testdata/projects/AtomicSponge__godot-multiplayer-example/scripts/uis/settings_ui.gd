class_name SettingsUI extends CanvasLayer

func _on_menu_back_pressed() -> void:
	UiController.close_menu()
