# What Godot 4 makes of text holding invalid UTF-8, for gdvar's
# TestLiveGodot4ReplacesInvalidUTF8: for each line N of DIR/index.txt,
# reads DIR/N.txt as bytes, decodes them with get_string_from_utf8, reads
# the result with str_to_var and writes var_to_bytes of the value to
# DIR/N.bin.
#   godot --headless -s scripts/text/invalid_utf8_4.gd -- DIR
extends SceneTree

func _init() -> void:
	var dir: String = OS.get_cmdline_user_args()[0]
	for name in FileAccess.get_file_as_string(dir + "/index.txt").split("\n", false):
		var text := FileAccess.get_file_as_bytes(dir + "/" + name + ".txt").get_string_from_utf8()
		var f := FileAccess.open(dir + "/" + name + ".bin", FileAccess.WRITE)
		f.store_buffer(var_to_bytes(str_to_var(text)))
		f.close()
	quit()
