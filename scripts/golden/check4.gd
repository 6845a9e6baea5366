# Has Godot 4 read values another program wrote: for each NAME.bin in DIR,
# prints "NAME SIZE HEX", where SIZE is what decode_var_size says the engine's
# decoder used (0 where it failed) and HEX is var_to_bytes of the value it
# decoded. Full objects are allowed.
#   godot --headless -s scripts/golden/check4.gd -- DIR
extends SceneTree

func _init() -> void:
	var dir := OS.get_cmdline_user_args()[0]
	var names := Array(DirAccess.get_files_at(dir))
	names.sort()
	for file in names:
		if not file.ends_with(".bin"):
			continue
		var bytes := FileAccess.get_file_as_bytes(dir + "/" + file)
		var size := bytes.decode_var_size(0, true)
		var again := var_to_bytes(bytes.decode_var(0, true)) if size > 0 else PackedByteArray()
		print("%s %d %s" % [file.get_basename(), size, again.hex_encode()])
	quit()
