extends Control

# Counts the frames drawn: a GDScript line that runs each frame, where an
# evaluate can stop.
var frames := 0


func _process(_delta: float) -> void:
	frames += 1
