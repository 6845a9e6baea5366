# Saves the engine's blank StandardMaterial3D in its binary form: the
# placeholder internal/testrig/godot gives a corpus game's cut .material
# files (binary resources, which the corpus does not keep).
#   godot4 --headless --path PROJECT -s blank_material.gd
extends SceneTree

func _init() -> void:
	var err := ResourceSaver.save(StandardMaterial3D.new(), "res://blank.material")
	print("saved ", error_string(err))
	quit(0 if err == OK else 1)
