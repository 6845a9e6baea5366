extends SceneTree

# Loads each file given as a game would, Godot 4.6's way: a save's values
# with objects allowed (get_var(true)), a ConfigFile with load, a resource
# file with ResourceLoader.load. Files named
# *_pass.* are encrypted with the password "gdvar". Before each it prints
# "GDVAR_LOAD path", so that a script the file ran ("GDVAR_CODE_RAN …")
# is told by the file it came from.

func _init():
	for path in OS.get_cmdline_user_args():
		print("GDVAR_LOAD ", path)
		var pass_ = "_pass." in path
		if path.ends_with(".cfg"):
			var c = ConfigFile.new()
			var err = c.load_encrypted_pass(path, "gdvar") if pass_ else c.load(path)
			print("GDVAR_LOADED ", err)
			continue
		if path.get_extension() in ["tres", "res", "tscn", "scn"]:
			var res = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
			print("GDVAR_LOADED ", 0 if res != null else 1)
			continue
		var f = FileAccess.open_encrypted_with_pass(path, FileAccess.READ, "gdvar") if pass_ else FileAccess.open(path, FileAccess.READ)
		while f.get_position() < f.get_length():
			var v = f.get_var(true)
		print("GDVAR_LOADED ", f.get_error())
	print("GDVAR_DONE")
	quit()
