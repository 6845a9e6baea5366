# Loads each resource file named and saves it back to its own path, as a
# game's ResourceSaver.save does, and in the binary form next to it (a.tscn
# as a.scn, b.tres as b.res); prints "resaved PATH" or "fail PATH why". Run in a copy of the project (it overwrites the files):
#   godot4 --headless --path COPY -s res://resave4.gd -- res://a.tscn …
# (scripts/resource/resave-corpus.sh does it for the corpus's files.)
extends SceneTree

func _init() -> void:
	for path in OS.get_cmdline_user_args():
		var res := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		if res == null:
			print("fail %s load" % path)
			continue
		var binary := path.get_basename() + (".scn" if path.ends_with(".tscn") else ".res")
		var err := ResourceSaver.save(res, path)
		if err == OK:
			err = ResourceSaver.save(res, binary)
		if err != OK:
			print("fail %s save error %d" % [path, err])
			continue
		print("resaved " + path)
	quit()
