# For each vector listed in DIR/index.txt, reads DIR/NAME.txt back with
# str_to_var and writes var_to_bytes of the result (with objects where the
# index says so) to OUTDIR/NAME.bin: what Godot 4 makes of its own text
# form, which gdvar's text parser must match. The text is read as bytes, as
# reparse3.gd reads it.
#   godot --headless -s scripts/text/reparse4.gd -- DIR OUTDIR
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var dir: String = args[0]
	var out: String = args[1]
	DirAccess.make_dir_recursive_absolute(out)
	var n := 0
	for line in FileAccess.get_file_as_string(dir + "/index.txt").split("\n", false):
		var parts := line.split(" ")
		var value = str_to_var(FileAccess.get_file_as_bytes(dir + "/" + parts[0] + ".txt").get_string_from_utf8())
		var bytes := var_to_bytes_with_objects(value) if parts[1] == "objects" else var_to_bytes(value)
		var f := FileAccess.open(out + "/" + parts[0] + ".bin", FileAccess.WRITE)
		f.store_buffer(bytes)
		f.close()
		n += 1
	print("reparsed %d vectors into %s" % [n, out])
	quit()
