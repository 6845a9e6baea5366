# For Godot 3.6 and 3.2: for each script the file named by the first user
# argument lists, prints "PATH: REFUSED" where it does not load, or
# "PATH: " and "NAME=KIND" for each variable it exports, joined by ", ",
# KIND being "object" for an Object and "value" for any other type.
# project/script3_test.go (TestLiveExports3) compares gdvar's reading of
# the scripts' exports (StoredProperties) with it.
extends SceneTree

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	var f = File.new()
	f.open(args[0], File.READ)
	for path in f.get_as_text().split("\n", false):
		var s = load(path)
		var out = "REFUSED"
		if s != null and s.can_instance():
			var kinds = PoolStringArray()
			for p in s.get_script_property_list():
				if p.usage & PROPERTY_USAGE_STORAGE:
					kinds.append(p.name + "=" + ("object" if p.type == TYPE_OBJECT else "value"))
			out = kinds.join(", ")
		print(path + ": " + out)
	f.close()
	quit()
