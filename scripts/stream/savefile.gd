# Save files: "write PATH" stores every value of values.gd with
# FileAccess.store_var, printing "SENT <hex>"; "read PATH" reads values with
# get_var until the end, printing "GOT <hex>".
#   godot --headless -s scripts/stream/savefile.gd -- write|read PATH
extends SceneTree

const Values = preload("res://scripts/stream/values.gd")

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	if args[0] == "write":
		var f := FileAccess.open(args[1], FileAccess.WRITE)
		for v in Values.all():
			f.store_var(v)
			print("SENT ", Values.hex(v))
		f.close()
	else:
		var f := FileAccess.open(args[1], FileAccess.READ)
		while f.get_position() < f.get_length():
			print("GOT ", Values.hex(f.get_var()))
		f.close()
	quit()
