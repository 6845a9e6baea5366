# Converts each text resource file named as a game's ResourceSaver.save
# does: loads a.tscn and saves it as a.scn (b.tres as b.res), then loads
# that binary file and saves it as text at another path, a.conv.tscn
# (b.conv.tres), and loads a.tscn again and saves it as text at another
# path, a.moved.tscn (b.moved.tres); prints "converted PATH" or "fail PATH
# why". Run in a copy of the project:
#   godot4 --headless --path COPY -s res://convert4.gd -- res://a.tscn …
# (scripts/resource/convert-corpus.sh does it for the corpus.)
extends SceneTree

func _init() -> void:
	for path in OS.get_cmdline_user_args():
		var scene := path.ends_with(".tscn")
		var base := path.get_basename()
		var binary := base + (".scn" if scene else ".res")
		var text := base + (".conv.tscn" if scene else ".conv.tres")
		var res := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		if res == null:
			print("fail %s load" % path)
			continue
		var err := ResourceSaver.save(res, binary)
		if err != OK:
			print("fail %s save binary error %d" % [path, err])
			continue
		res = ResourceLoader.load(binary, "", ResourceLoader.CACHE_MODE_IGNORE)
		if res == null:
			print("fail %s load binary" % path)
			continue
		err = ResourceSaver.save(res, text)
		if err != OK:
			print("fail %s save text error %d" % [path, err])
			continue
		res = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		if res == null or ResourceSaver.save(res, base + (".moved.tscn" if scene else ".moved.tres")) != OK:
			print("fail %s save moved text" % path)
			continue
		print("converted " + path)
	quit()
