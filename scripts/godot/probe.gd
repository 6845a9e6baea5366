# What internal/testrig/godot's tests check of how an engine is run, in a syntax
# both Godot 3 and 4 read: prints "RES <folder>" with the folder res://
# stands for, then quits with the exit code $GDVAR_PROBE_EXIT (0 if unset),
# printing "FAILING ON PURPOSE" first if it is not 0.
#   godot --headless -s scripts/godot/probe.gd
extends SceneTree

func _init():
	print("RES ", ProjectSettings.globalize_path("res://"))
	var code = int(OS.get_environment("GDVAR_PROBE_EXIT"))
	if code != 0:
		print("FAILING ON PURPOSE")
	quit(code)
