# Loads each ConfigFile given and writes, beside it, PATH.bin: var_to_bytes
# of [load's error, [section, key, value], ...] in the order get_sections
# and get_section_keys give, what Godot 4 reads from the file.
#   godot --headless -s scripts/text/loadcfg4.gd -- FILE...
extends SceneTree

func _init() -> void:
	for path in OS.get_cmdline_user_args():
		var cf := ConfigFile.new()
		var read := [cf.load(path)]
		for s in cf.get_sections():
			for k in cf.get_section_keys(s):
				read.append([s, k, cf.get_value(s, k)])
		var f := FileAccess.open(path + ".bin", FileAccess.WRITE)
		f.store_buffer(var_to_bytes(read))
		f.close()
	quit()
