extends SceneTree

# make4.gd for Godot 3.6 and 3.2: the same files as Godot 3 writes them
# (no typed arrays in Godot 3; an object's script is written with its
# source). With "fixtures" it saves scripts/scan/evil3.tres.

const EMBEDDED = "extends Node\nfunc _init():\n\tprint(\"GDVAR_CODE_RAN embedded\")\n"

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
