# Has Godot 4.6 read resource files, for gdvar's resource tests: loads each
# file afresh (CACHE_MODE_IGNORE) and saves what it read as text, to
# DIR/FILE.back.tres (a resource) or DIR/FILE.back.tscn (a scene), or with
# "binary" as DIR/FILE.back.res or .scn. A test compares those re-saves to
# the text it expects. Prints "ok FILE" for each file that loads (and, for
# a scene, instantiates) and saves, or "fail FILE why", and at the end
# "loaded N of M".
#   godot4 --headless -s scripts/resource/load4.gd -- DIR [binary] [FILE...]
# FILEs are relative to DIR; without them, every .tres, .tscn, .res and .scn
# in DIR but the .back ones, in name order. The re-saves' ids for external
# resources are drawn for the path DIR/FILE.back.EXT, with DIR as the engine
# localizes it (res://… inside the project), so keep files where the
# engine is to find them.
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var dir := ProjectSettings.localize_path(args[0]).trim_suffix("/")
	var binary := args.size() > 1 and args[1] == "binary"
	var names := args.slice(2 if binary else 1)
	if names.is_empty():
		for f in DirAccess.get_files_at(dir):
			if f.get_extension() in ["tres", "tscn", "res", "scn"] and not f.contains(".back."):
				names.append(f)
		names.sort()
	var ok := 0
	for name in names:
		var why := read(dir, name, binary)
		if why == "":
			ok += 1
			print("ok " + name)
		else:
			print("fail %s %s" % [name, why])
	print("loaded %d of %d" % [ok, names.size()])
	quit()

func read(dir: String, name: String, binary: bool) -> String:
	var path := dir + "/" + name
	if not FileAccess.file_exists(path):
		return "missing"
	var res := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	if res == null:
		return "load"
	var ext := ("scn" if binary else "tscn") if res is PackedScene else ("res" if binary else "tres")
	if res is PackedScene:
		var node: Node = res.instantiate()
		if node == null:
			return "instantiate"
		node.free()
	var err := ResourceSaver.save(res, path + ".back." + ext)
	if err != OK:
		return "save %d" % err
	return ""
