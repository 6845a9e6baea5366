# loadcfg4.gd for Godot 3: loads each ConfigFile given and writes, beside
# it, PATH.bin: var2bytes of [load's error, [section, key, value], ...] in
# the order get_sections and get_section_keys give.
#   godot3 --no-window -s scripts/text/loadcfg3.gd -- FILE...
extends SceneTree

func _init():
	var args = Array(OS.get_cmdline_args())
	for path in args.slice(args.find("--") + 1, args.size() - 1):
		var cf = ConfigFile.new()
		var read = [cf.load(path)]
		for s in cf.get_sections():
			for k in cf.get_section_keys(s):
				read.append([s, k, cf.get_value(s, k)])
		var f = File.new()
		f.open(path + ".bin", File.WRITE)
		f.store_buffer(var2bytes(read))
		f.close()
	quit()
