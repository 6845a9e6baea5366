extends SceneTree

# load4.gd for Godot 3.6 and 3.2, given a file listing the paths, a line
# each: Godot 3 takes a resource file's path among its arguments for a
# scene to run.

func _init():
	var args = Array(OS.get_cmdline_args())
	var list = File.new()
	list.open(args[args.size() - 1], File.READ)
	var paths = list.get_as_text().strip_edges().split("\n")
	list.close()
	for path in paths:
		print("GDVAR_LOAD ", path)
		var pass_ = "_pass." in path
		if path.ends_with(".cfg"):
			var c = ConfigFile.new()
			var err = c.load_encrypted_pass(path, "gdvar") if pass_ else c.load(path)
			print("GDVAR_LOADED ", err)
			continue
		if path.get_extension() in ["tres", "res", "tscn", "scn"]:
			var res = ResourceLoader.load(path, "", true)
			print("GDVAR_LOADED ", 0 if res != null else 1)
			continue
		var f = File.new()
		var err = f.open_encrypted_with_pass(path, File.READ, "gdvar") if pass_ else f.open(path, File.READ)
		while f.get_position() < f.get_len():
			var v = f.get_var(true)
		print("GDVAR_LOADED ", f.get_error())
	print("GDVAR_DONE")
	quit()
