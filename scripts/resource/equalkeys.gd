# Saves res://equalkeys4.tres, a Resource whose metadata holds a Dictionary
# keyed by 20 external resources set in order, then loads it anew and saves
# it again as res://equalkeys4.tres.back.tres (see gen-equalkeys.sh).
extends SceneTree

func _init() -> void:
	DirAccess.make_dir_recursive_absolute("res://keys")
	var d := {}
	for i in 20:
		var k := Resource.new()
		k.resource_name = "k%d" % i
		var path := "res://keys/k%02d.tres" % i
		ResourceSaver.save(k, path)
		d[load(path)] = i
	var r := Resource.new()
	r.set_meta("keys", d)
	print("saved ", ResourceSaver.save(r, "res://equalkeys4.tres"))
	var again: Resource = ResourceLoader.load("res://equalkeys4.tres", "", ResourceLoader.CACHE_MODE_IGNORE)
	print("saved again ", ResourceSaver.save(again, "res://equalkeys4.tres.back.tres"))
	quit()
