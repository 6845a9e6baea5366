# What Godot 3 makes of Dictionaries whose keys its decoding merges, for
# gdvar's TestLiveMergedKeys (run under 3.2 and 3.6): for each line N of
# DIR/index.txt, reads DIR/N.bin with bytes2var and writes var2str of the
# value to DIR/N.txt.
#   godot3 --no-window -s scripts/text/merged_keys3.gd -- DIR
extends SceneTree

func _init():
	var args = OS.get_cmdline_args()
	var dir = args[Array(args).find("--") + 1]
	var f = File.new()
	f.open(dir + "/index.txt", File.READ)
	var names = f.get_as_text().split("\n", false)
	f.close()
	for name in names:
		f.open(dir + "/" + name + ".bin", File.READ)
		var bytes = f.get_buffer(f.get_len())
		f.close()
		f.open(dir + "/" + name + ".txt", File.WRITE)
		f.store_string(var2str(bytes2var(bytes)))
		f.close()
	quit()
