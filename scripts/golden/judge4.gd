# Has Godot 4 judge candidate inputs: reads lines "NAME HEX" and writes
# "NAME PLAIN OBJECTS HEX", where PLAIN and OBJECTS are what
# PackedByteArray.decode_var_size(0, allow_objects) returns without and with
# full objects allowed: the bytes the value used, or 0 where the engine's
# decoder fails (Godot 4.6 returns 0, not -1, on failure).
#   godot --headless -s scripts/golden/judge4.gd -- CANDIDATES OUT
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var input := FileAccess.open(args[0], FileAccess.READ)
	var output := FileAccess.open(args[1], FileAccess.WRITE)
	while not input.eof_reached():
		var line := input.get_line()
		if line.is_empty():
			continue
		var parts := line.split(" ")
		var bytes := parts[1].hex_decode() if parts.size() > 1 else PackedByteArray()
		var plain := judge(bytes, false)
		var objects := judge(bytes, true)
		output.store_line("%s %d %d %s" % [parts[0], plain, objects, parts[1] if parts.size() > 1 else ""])
	output.close()
	quit()

func judge(bytes: PackedByteArray, objects: bool) -> int:
	return bytes.decode_var_size(0, objects)
