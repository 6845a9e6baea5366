# loadcfg4.gd for Godot 3: loads each ConfigFile given and writes, beside
# it, PATH.bin: var2bytes of what read returns. cases3.gd uses read too.
#   godot3 --no-window -s scripts/text/loadcfg3.gd -- FILE...
extends SceneTree

# read returns [load's error, [section, key, value], ...] in the order
# get_sections and get_section_keys give: what Godot 3 reads from PATH.
static func read(path):
	var cf = ConfigFile.new()
	var got = [cf.load(path)]
	for s in cf.get_sections():
		for k in cf.get_section_keys(s):
			got.append([s, k, cf.get_value(s, k)])
	return got

func _init():
	var args = Array(OS.get_cmdline_args())
	for path in args.slice(args.find("--") + 1, args.size() - 1):
		var f = File.new()
		f.open(path + ".bin", File.WRITE)
		f.store_buffer(var2bytes(read(path)))
		f.close()
	quit()
