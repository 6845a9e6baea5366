extends SceneTree

# Writes the files of package scan's tests into the folder given: saves,
# ConfigFiles and resource files, plain and with objects, scripts and
# resources in them, as Godot 4.6 writes them (see scripts/gen-scan.sh). With "fixtures" after
# the folder it also saves scripts/scan/evil4.tres, a resource with a
# script, which resource.cfg refers to.

const EMBEDDED = "extends Node\nfunc _init():\n\tprint(\"GDVAR_CODE_RAN embedded\")\n"
const EMBEDDED_RESOURCE = "extends Resource\nfunc _init():\n\tprint(\"GDVAR_CODE_RAN embedded resource\")\n"

func _init():
	var args = OS.get_cmdline_user_args()
	var dir = args[0]
	DirAccess.make_dir_recursive_absolute(dir)
	if args.size() > 1 and args[1] == "fixtures":
		ResourceSaver.save(load("res://scripts/scan/res.gd").new(), "res://scripts/scan/evil4.tres")
	var plain = {"gold": 10, "pos": Vector2(1, 2), "items": ["a", 2], "when": 1.5}
	var scripted = Node.new()
	scripted.set_script(load("res://scripts/scan/node.gd"))
	var embedded = GDScript.new()
	embedded.source_code = EMBEDDED
	embedded.reload()
	var carrier = Node.new()
	carrier.set_script(embedded)
	var typed = Array([], TYPE_OBJECT, "Resource", load("res://scripts/scan/res.gd"))

	save(dir + "/plain.sav", [plain, [1, "two"]], true)
	save(dir + "/ids.sav", [Node.new(), plain], false)
	save(dir + "/object.sav", [Node.new()], true)
	save(dir + "/script.sav", [scripted], true)
	save(dir + "/nested.sav", [1, {"player": {"inv": [2, Resource.new(), scripted]}}], true)
	save(dir + "/typed.sav", [typed], true)
	save(dir + "/script_pass.sav", [scripted], true, "gdvar")

	config(dir + "/plain.cfg", {"audio": {"volume": 0.8}, "player": plain})
	config(dir + "/object.cfg", {"player": {"name": "a", "node": carrier}})
	config(dir + "/script.cfg", {"player": {"node": scripted}})
	config(dir + "/resource.cfg", {"mods": {"res": load("res://scripts/scan/evil4.tres")}})
	config(dir + "/object_pass.cfg", {"player": {"node": carrier}}, "gdvar")

	var plain_res = Resource.new()
	plain_res.set_meta("stats", plain)
	ResourceSaver.save(plain_res, dir + "/plain.tres")
	ResourceSaver.save(plain_res, dir + "/plain.res")
	ResourceSaver.save(load("res://scripts/scan/res.gd").new(), dir + "/script.tres")
	var inline = GDScript.new()
	inline.source_code = EMBEDDED_RESOURCE
	inline.reload()
	var embedded_res = Resource.new()
	embedded_res.set_script(inline)
	ResourceSaver.save(embedded_res, dir + "/embedded.tres")
	ResourceSaver.save(embedded_res, dir + "/embedded.res")
	var holder = Resource.new()
	holder.set_meta("obj", RefCounted.new())
	ResourceSaver.save(holder, dir + "/object.tres")
	var root = Node2D.new()
	root.name = "Root"
	var child = Node.new()
	child.name = "Child"
	child.set_script(load("res://scripts/scan/node.gd"))
	root.add_child(child)
	child.owner = root
	var scene = PackedScene.new()
	scene.pack(root)
	ResourceSaver.save(scene, dir + "/scene.tscn")
	ResourceSaver.save(scene, dir + "/scene.scn")
	print("wrote ", dir)
	quit()

func save(path, values, objects, password = ""):
	var f
	if password == "":
		f = FileAccess.open(path, FileAccess.WRITE)
	else:
		f = FileAccess.open_encrypted_with_pass(path, FileAccess.WRITE, password)
	for v in values:
		f.store_var(v, objects)
	f.close()

func config(path, sections, password = ""):
	var c = ConfigFile.new()
	for s in sections:
		for k in sections[s]:
			c.set_value(s, k, sections[s][k])
	if password == "":
		c.save(path)
	else:
		c.save_encrypted_pass(path, password)
