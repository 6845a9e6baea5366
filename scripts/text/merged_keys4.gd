# What Godot 4 makes of Dictionaries whose keys its decoding merges, for
# gdvar's TestLiveMergedKeys: for each line N of DIR/index.txt, reads
# DIR/N.bin with bytes_to_var and writes var_to_str of the value to
# DIR/N.txt.
#   godot --headless -s scripts/text/merged_keys4.gd -- DIR
extends SceneTree

func _init() -> void:
	var dir: String = OS.get_cmdline_user_args()[0]
	for name in FileAccess.get_file_as_string(dir + "/index.txt").split("\n", false):
		var value = bytes_to_var(FileAccess.get_file_as_bytes(dir + "/" + name + ".bin"))
		var f := FileAccess.open(dir + "/" + name + ".txt", FileAccess.WRITE)
		f.store_string(var_to_str(value))
		f.close()
	quit()
