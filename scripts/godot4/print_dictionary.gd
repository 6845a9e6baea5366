# What Godot 4's print makes of Dictionaries, for gdvar's
# TestLiveDictionaryString: for each line "N MODE" of DIR/index.txt, reads
# DIR/N.bin with bytes_to_var and writes str() of the value (the text print
# prints) to DIR/N.txt. MODE "self" first sets the Dictionary's key "self"
# to the Dictionary itself (a cycle has no binary form); "plain" leaves it.
#   godot --headless -s scripts/godot4/print_dictionary.gd -- DIR
extends SceneTree

func _init() -> void:
	var dir: String = OS.get_cmdline_user_args()[0]
	for line in FileAccess.get_file_as_string(dir + "/index.txt").split("\n", false):
		var parts := line.split(" ")
		var d = bytes_to_var(FileAccess.get_file_as_bytes(dir + "/" + parts[0] + ".bin"))
		if parts[1] == "self":
			d["self"] = d
		var f := FileAccess.open(dir + "/" + parts[0] + ".txt", FileAccess.WRITE)
		f.store_string(str(d))
		f.close()
	quit()
