# typed4.gd: random Godot 4.6 resources, in a project, whose scripts type
# their variables through constants that preload other scripts
# (const Item = preload("item_1.gd"); Array[Item], Item), preload scenes
# and scripts as defaults, and give Arrays literal defaults; each
# variable is set at random to its default, to another value or not at
# all. Test cases for gdvar's resource package (TestLiveScriptTypes):
#   godot4 --headless --path PROJECT -s typed4.gd -- SEED COUNT
# For each case res://NAME.gd is a new script; the resource is saved as
# NAME.tres and NAME.res, and each is loaded anew and saved in the other
# form (NAME.conv.res, NAME.conv.tres). index.txt lists the names.
extends SceneTree

var rng := RandomNumberGenerator.new()

const ITEMS := 3
const SCENES := 2

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	rng.seed = int(args[0])
	for k in ITEMS:
		write("res://item_%d.gd" % k, "extends Resource\n@export var n := %d\n" % k)
	for k in SCENES:
		write("res://scene_%d.tscn" % k, "[gd_scene format=3]\n\n[node name=\"S%d\" type=\"Node\"]\n" % k)
	var index := PackedStringArray()
	for i in int(args[1]):
		var name := "typed_%d" % i
		var src := "extends Resource\n"
		var consts := {}
		var vars := []
		for j in rng.randi_range(1, 7):
			var v := "v%d_%d" % [j, rng.randi_range(0, 99)]
			var item := rng.randi_range(0, ITEMS - 1)
			var c := "Item%d" % item
			if not consts.has(c):
				consts[c] = true
				var path := "item_%d.gd" % item if rng.randi_range(0, 1) == 0 else "res://item_%d.gd" % item
				src += "const %s = preload(\"%s\")\n" % [c, path]
			match rng.randi_range(0, 5):
				0:
					src += "@export var %s: Array[%s]\n" % [v, c]
					vars.append([v, "items", item])
				1:
					src += "@export var %s: %s\n" % [v, c]
					vars.append([v, "item", item])
				2:
					var s := rng.randi_range(0, SCENES - 1)
					src += "@export var %s: PackedScene = preload(\"scene_%d.tscn\")\n" % [v, s]
					vars.append([v, "scene", s])
				3:
					src += "@export var %s: Script = preload(\"res://item_%d.gd\")\n" % [v, item]
					vars.append([v, "script", item])
				4:
					var a := [rng.randi_range(0, 9), rng.randi_range(0, 9)]
					src += "@export var %s: Array[int] = [%d, %d]\n" % [v, a[0], a[1]]
					vars.append([v, "ints", a])
				5:
					src += "@export var %s: Array[String] = [\"a\"]\n" % v
					vars.append([v, "strings", ["a"]])
		write("res://%s.gd" % name, src)
		var res: Resource = load("res://%s.gd" % name).new()
		for v in vars:
			match rng.randi_range(0, 2):
				0:
					continue # not set: at its default
				1:
					res.set(v[0], at_default(v))
				2:
					res.set(v[0], other(v))
		ResourceSaver.save(res, "res://%s.tres" % name)
		ResourceSaver.save(res, "res://%s.res" % name)
		for c in [[".res", ".conv.tres"], [".tres", ".conv.res"]]:
			var r := ResourceLoader.load("res://" + name + c[0], "", ResourceLoader.CACHE_MODE_IGNORE)
			if r == null or ResourceSaver.save(r, "res://" + name + c[1]) != OK:
				print("fail " + name + c[1])
		index.append(name)
	var f := FileAccess.open("res://index.txt", FileAccess.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()

func write(path: String, text: String) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_string(text)
	f.close()

func item(k: int) -> Resource:
	var r: Resource = load("res://item_%d.gd" % k).new()
	r.set("n", rng.randi_range(10, 99))
	return r

# at_default is a value equal to the variable's default, or an empty
# value where it has none to equal.
func at_default(v: Array) -> Variant:
	match v[1]:
		"scene": return load("res://scene_%d.tscn" % v[2])
		"script": return load("res://item_%d.gd" % v[2])
		"ints": return Array(v[2], TYPE_INT, "", null)
		"strings": return Array(v[2], TYPE_STRING, "", null)
	return other(v)

func other(v: Array) -> Variant:
	match v[1]:
		"items":
			var a := []
			for k in rng.randi_range(0, 2):
				a.append(item(v[2]))
			return Array(a, TYPE_OBJECT, "Resource", load("res://item_%d.gd" % v[2]))
		"item": return item(v[2])
		"scene": return load("res://scene_%d.tscn" % ((v[2] + 1) % SCENES))
		"script": return load("res://item_%d.gd" % ((v[2] + 1) % ITEMS))
		"ints": return Array([rng.randi_range(10, 19)], TYPE_INT, "", null)
		"strings": return Array(["b", "c"], TYPE_STRING, "", null)
	return null
