extends SceneTree

# make4.gd for Godot 3.6 and 3.2: the same files as Godot 3 writes them
# (no typed arrays in Godot 3; an object's script is written with its
# source). With "fixtures" it saves scripts/scan/evil3.tres.

const EMBEDDED = "extends Node\nfunc _init():\n\tprint(\"GDVAR_CODE_RAN embedded\")\n"
const EMBEDDED_RESOURCE = "extends Resource\nfunc _init():\n\tprint(\"GDVAR_CODE_RAN embedded resource\")\n"

func _init():
	var args = Array(OS.get_cmdline_args())
	var dir = args[args.find("--") + 1]
	Directory.new().make_dir_recursive(dir)
	if args[args.size() - 1] == "fixtures":
		ResourceSaver.save("res://scripts/scan/evil3.tres", load("res://scripts/scan/res.gd").new())
	var plain = {"gold": 10, "pos": Vector2(1, 2), "items": ["a", 2], "when": 1.5}
	var scripted = Node.new()
	scripted.set_script(load("res://scripts/scan/node.gd"))
	var embedded = GDScript.new()
	embedded.source_code = EMBEDDED
	embedded.reload()
	var carrier = Node.new()
	carrier.set_script(embedded)

	save(dir + "/plain.sav", [plain, [1, "two"]], true)
	save(dir + "/ids.sav", [Node.new(), plain], false)
	save(dir + "/object.sav", [Node.new()], true)
	save(dir + "/script.sav", [scripted], true)
	save(dir + "/nested.sav", [1, {"player": {"inv": [2, Resource.new(), scripted]}}], true)
	save(dir + "/script_pass.sav", [scripted], true, "gdvar")

	config(dir + "/plain.cfg", {"audio": {"volume": 0.8}, "player": plain})
	config(dir + "/object.cfg", {"player": {"name": "a", "node": carrier}})
	config(dir + "/script.cfg", {"player": {"node": scripted}})
	config(dir + "/resource.cfg", {"mods": {"res": load("res://scripts/scan/evil3.tres")}})
	config(dir + "/object_pass.cfg", {"player": {"node": carrier}}, "gdvar")

	var plain_res = Resource.new()
	plain_res.set_meta("stats", plain)
	ResourceSaver.save(dir + "/plain.tres", plain_res)
	ResourceSaver.save(dir + "/plain.res", plain_res)
	ResourceSaver.save(dir + "/script.tres", load("res://scripts/scan/res.gd").new())
	var inline = GDScript.new()
	inline.source_code = EMBEDDED_RESOURCE
	inline.reload()
	var embedded_res = Resource.new()
	embedded_res.set_script(inline)
	ResourceSaver.save(dir + "/embedded.tres", embedded_res)
	ResourceSaver.save(dir + "/embedded.res", embedded_res)
	var holder = Resource.new()
	holder.set_meta("obj", Reference.new())
	ResourceSaver.save(dir + "/object.tres", holder)
	var root = Node2D.new()
	root.name = "Root"
	var child = Node.new()
	child.name = "Child"
	child.set_script(load("res://scripts/scan/node.gd"))
	root.add_child(child)
	child.owner = root
	var scene = PackedScene.new()
	scene.pack(root)
	ResourceSaver.save(dir + "/scene.tscn", scene)
	ResourceSaver.save(dir + "/scene.scn", scene)
	print("wrote ", dir)
	quit()

func save(path, values, objects, password = ""):
	var f = File.new()
	if password == "":
		f.open(path, File.WRITE)
	else:
		f.open_encrypted_with_pass(path, File.WRITE, password)
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
