extends Node

# Loaded by a save or ConfigFile that gdvar scan must flag: it says so when
# the engine runs it.
func _init():
	print("GDVAR_CODE_RAN node.gd")
