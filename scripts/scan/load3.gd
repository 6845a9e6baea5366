extends SceneTree

# load4.gd for Godot 3.6 and 3.2.

func _init():
	var args = Array(OS.get_cmdline_args())
	for path in args.slice(args.find("--") + 1, args.size() - 1):
		print("GDVAR_LOAD ", path)
		var pass_ = "_pass." in path
		if path.ends_with(".cfg"):
			var c = ConfigFile.new()
			var err = c.load_encrypted_pass(path, "gdvar") if pass_ else c.load(path)
			print("GDVAR_LOADED ", err)
			continue
		var f = File.new()
		var err = f.open_encrypted_with_pass(path, File.READ, "gdvar") if pass_ else f.open(path, File.READ)
		while f.get_position() < f.get_len():
			var v = f.get_var(true)
		print("GDVAR_LOADED ", f.get_error())
	print("GDVAR_DONE")
	quit()
