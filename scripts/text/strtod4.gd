# Reads numbers as Godot 4's text parser reads them, for gdvar's model of
# it (vartext's godotStrtod) and its WithExactFloats digits. Each line of IN
# is "VALUE MODE TEXT" (see vartext/exactfloat_test.go); OUT gets the same
# line with the hex of var_to_bytes(str_to_var(TEXT)) after it.
#   godot --headless -s scripts/text/strtod4.gd -- IN OUT
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var out := FileAccess.open(args[1], FileAccess.WRITE)
	var n := 0
	for line in FileAccess.get_file_as_string(args[0]).split("\n", false):
		var text := line.split(" ")[2]
		out.store_line("%s %s" % [line, var_to_bytes(str_to_var(text)).hex_encode()])
		n += 1
	out.close()
	print("read %d numbers" % n)
	quit()
