# For each vector listed in DIR/index.txt, reads DIR/NAME.txt back with
# str2var and writes var2bytes of the result (with objects where the index
# says so) to OUTDIR/NAME.bin: what Godot 3 makes of its own text form,
# which gdvar's text parser must match. The text is read as bytes.
#   godot3 --no-window -s scripts/text/reparse3.gd -- DIR OUTDIR
extends SceneTree

func _init():
	var args = OS.get_cmdline_args()
	var at = Array(args).find("--")
	var dir = args[at + 1]
	var out = args[at + 2]
	Directory.new().make_dir_recursive(out)
	var f = File.new()
	f.open(dir + "/index.txt", File.READ)
	var lines = f.get_as_text().split("\n", false)
	f.close()
	for line in lines:
		var parts = line.split(" ")
		# Read as bytes: File.get_as_text drops carriage returns, str2var
		# keeps them.
		f.open(dir + "/" + parts[0] + ".txt", File.READ)
		var value = str2var(f.get_buffer(f.get_len()).get_string_from_utf8())
		f.close()
		f.open(out + "/" + parts[0] + ".bin", File.WRITE)
		f.store_buffer(var2bytes(value, parts[1] == "objects"))
		f.close()
	print("reparsed %d vectors into %s" % [lines.size(), out])
	quit()
