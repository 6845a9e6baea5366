extends Node

var frames := 0


func _process(_delta: float) -> void:
	frames += 1
	# Reloads at random gaps (1 in 8 frames): often enough that lookups
	# race them, with gaps long enough that a lookup sometimes wins.
	if randi() % 8 == 0:
		push_warning("reloading")
		get_tree().reload_current_scene()
