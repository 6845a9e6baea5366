extends SceneTree
# Instances each scene the user arguments name and prints, for each, a
# line: the scene and ACCEPTED, or the scene, REFUSED, and the path and
# class of the first node (in tree order) of the group "scripted", whose
# scene sets a script on it, that has no script: the engine refused to
# attach it. The lines go to the standard error, where the engine's
# refusals go: on one stream they cannot cut into each other.
# project/live_test.go compares gdvar's Tree with it.
func _init():
	for res in OS.get_cmdline_user_args():
		var root: Node = load(res).instantiate()
		var out := res + " ACCEPTED"
		for n in [root] + root.find_children("*", "", true, false):
			if n.is_in_group(&"scripted") and n.get_script() == null:
				out = "%s REFUSED %s %s" % [res, root.get_path_to(n), n.get_class()]
				break
		printerr(out)
		root.free()
	quit()
