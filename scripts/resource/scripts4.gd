# scripts4.gd: random Godot 4.6 resources whose scripts declare typed
# Arrays and Dictionaries, nested resources, Object variables and
# variables left at their defaults, as test cases for gdvar's resource
# package (TestLiveScripts):
#   godot4 --headless -s scripts/resource/scripts4.gd -- OUTDIR SEED COUNT
# For each case OUTDIR/NAME.gd is a new script; the resource is saved as
# NAME.tres and NAME.res, and each is loaded anew and saved in the other
# form (NAME.conv.res, NAME.conv.tres). index.txt lists the names.
extends SceneTree

var rng := RandomNumberGenerator.new()

const TYPES := [
	["int", "= %d"], ["float", "= %d.5"], ["String", "= \"s%d\""], ["Resource", ""],
	["Array[Resource]", "= []"], ["Array[int]", "= []"], ["Array[String]", "= []"],
	["Dictionary[String, int]", "= {}"], ["Dictionary[int, Resource]", "= {}"], ["Array", "= []"],
]

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var out := args[0]
	rng.seed = int(args[1])
	DirAccess.make_dir_recursive_absolute(out)
	var index := PackedStringArray()
	for i in int(args[2]):
		var name := "scripts_%d" % i
		var vars := []
		var src := "extends Resource\n"
		for j in rng.randi_range(1, 8):
			var t: Array = TYPES[rng.randi_range(0, TYPES.size() - 1)]
			var v := "v%d_%d" % [j, rng.randi_range(0, 99)]
			var init: String = t[1] % rng.randi_range(0, 9) if t[1].contains("%") else t[1]
			var note := "@export_storage" if rng.randi_range(0, 3) == 0 else "@export"
			src += "%s var %s: %s %s\n" % [note, v, t[0], init]
			vars.append([v, t[0]])
		src += "var plain := 1\n"
		var f := FileAccess.open(out + "/" + name + ".gd", FileAccess.WRITE)
		f.store_string(src)
		f.close()
		var res: Resource = load(out + "/" + name + ".gd").new()
		for v in vars:
			if rng.randi_range(0, 2) == 0:
				continue # left at its default
			res.set(v[0], value(v[1]))
		ResourceSaver.save(res, out + "/" + name + ".tres")
		ResourceSaver.save(res, out + "/" + name + ".res")
		for c in [[".res", ".conv.tres"], [".tres", ".conv.res"]]:
			var r := ResourceLoader.load(out + "/" + name + c[0], "", ResourceLoader.CACHE_MODE_IGNORE)
			if r == null or ResourceSaver.save(r, out + "/" + name + c[1]) != OK:
				print("fail " + name + c[1])
		index.append(name)
	var f := FileAccess.open(out + "/index.txt", FileAccess.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()

func sub() -> Resource:
	var r := Resource.new() if rng.randi_range(0, 1) == 0 else Gradient.new()
	r.resource_name = "r%d" % rng.randi_range(0, 99)
	return r

func value(t: String) -> Variant:
	match t:
		"int": return rng.randi_range(-5, 50)
		"float": return rng.randf_range(-2, 2)
		"String": return "x%d" % rng.randi_range(0, 99)
		"Resource": return sub()
		"Array[Resource]":
			var a: Array[Resource] = []
			for k in rng.randi_range(0, 3):
				a.append(sub())
			return a
		"Array[int]":
			var a: Array[int] = []
			for k in rng.randi_range(0, 3):
				a.append(rng.randi_range(0, 9))
			return a
		"Array[String]":
			var a: Array[String] = []
			for k in rng.randi_range(0, 3):
				a.append("e%d" % k)
			return a
		"Dictionary[String, int]":
			var d: Dictionary[String, int] = {}
			for k in rng.randi_range(0, 3):
				d["k%d" % k] = k
			return d
		"Dictionary[int, Resource]":
			var d: Dictionary[int, Resource] = {}
			for k in rng.randi_range(0, 2):
				d[k] = sub()
			return d
	return [1, "two", sub()]
