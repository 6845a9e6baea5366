extends Control

func _on_ResetGameControl_reset_confirmed() -> void:
	GameState.reset()
