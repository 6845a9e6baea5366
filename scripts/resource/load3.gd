# load4.gd for Godot 3.6 and 3.2: loads each file afresh (no cache) and
# saves what it read as text, to DIR/FILE.back.tres (a resource) or
# DIR/FILE.back.tscn (a scene), or with "binary" as DIR/FILE.back.res or
# .scn. Prints "ok FILE" for each file that loads (and, for a scene,
# instances) and saves, or "fail FILE why", and at the end "loaded N of M".
#   godot3 --no-window -s scripts/resource/load3.gd -- DIR [binary] [FILE...]
# FILEs are relative to DIR; without them, every .tres, .tscn, .res and .scn
# in DIR but the .back ones, in name order. Keep the files where the engine
# is to find them: their paths are DIR/FILE with DIR as the engine
# localizes it (res://… inside the project).
extends SceneTree

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	var dir = ProjectSettings.localize_path(args[0])
	if dir.ends_with("/"):
		dir = dir.substr(0, dir.length() - 1)
	var binary = args.size() > 1 and args[1] == "binary"
	var names = args.slice(2 if binary else 1, args.size() - 1) if args.size() > (2 if binary else 1) else []
	if names.empty():
		var d = Directory.new()
		d.open(dir)
		d.list_dir_begin(true, true)
		var f = d.get_next()
		while f != "":
			if not d.current_is_dir() and f.get_extension() in ["tres", "tscn", "res", "scn"] and f.find(".back.") < 0:
				names.append(f)
			f = d.get_next()
		d.list_dir_end()
		names.sort()
	var ok = 0
	for name in names:
		var why = read(dir, name, binary)
		if why == "":
			ok += 1
			print("ok " + name)
		else:
			print("fail %s %s" % [name, why])
	print("loaded %d of %d" % [ok, names.size()])
	quit()

func read(dir, name, binary):
	var path = dir + "/" + name
	if not File.new().file_exists(path):
		return "missing"
	var res = ResourceLoader.load(path, "", true)
	if res == null:
		return "load"
	var ext
	if res is PackedScene:
		ext = "scn" if binary else "tscn"
		var node = res.instance()
		if node == null:
			return "instance"
		node.free()
	else:
		ext = "res" if binary else "tres"
	var err = ResourceSaver.save(path + ".back." + ext, res)
	if err != OK:
		return "save %d" % err
	return ""
