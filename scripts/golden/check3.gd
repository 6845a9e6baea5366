# Has Godot 3 read values another program wrote (Godot 3 syntax): for each
# NAME.bin in DIR, prints "NAME HEX", where HEX is var2bytes of the value
# bytes2var read (full objects allowed). A value the engine cannot read
# prints no line.
#   godot3-server --no-window -s scripts/golden/check3.gd -- DIR
extends SceneTree

func _init():
	var args = OS.get_cmdline_args()
	var dir = args[Array(args).find("--") + 1]
	var d = Directory.new()
	d.open(dir)
	d.list_dir_begin(true)
	var names = []
	var file = d.get_next()
	while file != "":
		if file.ends_with(".bin"):
			names.append(file)
		file = d.get_next()
	names.sort()
	for name in names:
		var f = File.new()
		f.open(dir + "/" + name, File.READ)
		var bytes = f.get_buffer(f.get_len())
		f.close()
		report(name.get_basename(), bytes)
	quit()

# report prints nothing when bytes2var fails: the error aborts it.
func report(name, bytes):
	var value = bytes2var(bytes, true)
	print("%s %s" % [name, var2bytes(value, true).hex_encode()])
