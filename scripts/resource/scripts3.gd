# scripts3.gd for Godot 3.6 and 3.2: random resources whose scripts
# export variables in every form GDScript 1 has (export(TYPE, HINTS…),
# typed, inferred, preloaded), Object variables left null, variables left
# at their defaults, and bases extended by relative path, as test cases for
# gdvar's resource package (TestLiveScripts3):
#   godot3 --no-window -s scripts/resource/scripts3.gd -- OUTDIR SEED COUNT
# For each case OUTDIR/NAME.gd is a new script; the resource is saved as
# NAME.tres and NAME.res, and each is loaded anew and saved in the other
# form (NAME.conv.res, NAME.conv.tres). index.txt lists the names.
extends SceneTree

var rng = RandomNumberGenerator.new()

# Each form: the declaration (%s is the name, %d a number), and the kind
# of value a case may set.
const FORMS = [
	["export var %s = %d", "int"],
	["export var %s = %d.5", "float"],
	["export var %s = \"s%d\"", "String"],
	["export var %s := %d", "int"],
	["export var %s: int = %d", "int"],
	["export(int, \"A\", \"B\", \"C\") var %s = %d", "enum"],
	["export(float, 0, 100) var %s = %d.25", "float"],
	["export(String, MULTILINE) var %s = \"m%d\"", "String"],
	["export(Resource) var %s", "Resource"],
	["export var %s: Resource", "Resource"],
	["export(Texture) var %s", "Texture"],
	["export(Array, Resource) var %s = []", "Array"],
	["export var %s = []", "Array"],
	["export var %s = {}", "Dictionary"],
	["export var %s = {\n\t\"k\": %d,\n}", "Dictionary"],
	["export(NodePath) var %s", "NodePath"],
	["export(Color) var %s = Color(1, 0, 0)", "Color"],
	["export var %s = preload(\"res://scripts/resource/stylebox3.tres\")", "Resource"],
	["var %s = \"\"\"\nexport var fake%d = 1\n\"\"\"", ""],
	["# export var %s = %d", ""],
]

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	var out = args[0]
	rng.seed = int(args[1])
	Directory.new().make_dir_recursive(out)
	var index = PoolStringArray()
	var vars_of = {}
	for i in int(args[2]):
		var name = "scripts_%d" % i
		var vars = []
		var src = "extends Resource\n"
		if i > 0 and rng.randi_range(0, 2) == 0:
			var base = "scripts_%d" % rng.randi_range(0, i - 1)
			src = "extends \"%s.gd\"\n" % base
			vars = vars_of[base].duplicate()
		for j in rng.randi_range(1, 7):
			var form = FORMS[rng.randi_range(0, FORMS.size() - 1)]
			var v = "v%d_%d_%d" % [i, j, rng.randi_range(0, 99)]
			var decl = form[0] % [v, rng.randi_range(0, 9)] if form[0].count("%") == 2 else form[0] % v
			src += decl + ("\r\n" if rng.randi_range(0, 4) == 0 else "\n")
			if form[1] != "":
				vars.append([v, form[1]])
		src += "var plain_%d = 1\n" % i
		vars_of[name] = vars
		var f = File.new()
		f.open(out + "/" + name + ".gd", File.WRITE)
		f.store_string(src)
		f.close()
		var res = load(out + "/" + name + ".gd").new()
		for v in vars:
			if rng.randi_range(0, 2) == 0:
				continue # left at its default
			res.set(v[0], value(v[1]))
		ResourceSaver.save(out + "/" + name + ".tres", res)
		ResourceSaver.save(out + "/" + name + ".res", res)
		for c in [[".res", ".conv.tres"], [".tres", ".conv.res"]]:
			var r = ResourceLoader.load(out + "/" + name + c[0], "", true)
			if r == null or ResourceSaver.save(out + "/" + name + c[1], r) != OK:
				print("fail " + name + c[1])
		index.append(name)
	var f = File.new()
	f.open(out + "/index.txt", File.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()

func sub():
	var r = Resource.new() if rng.randi_range(0, 1) == 0 else Gradient.new()
	r.resource_name = "r%d" % rng.randi_range(0, 99)
	return r

func value(kind):
	match kind:
		"int": return rng.randi_range(-5, 50)
		"enum": return rng.randi_range(0, 2)
		"float": return rng.randf_range(-2, 2)
		"String": return "x%d" % rng.randi_range(0, 99)
		"Resource": return sub()
		"Texture":
			var t = GradientTexture.new()
			t.width = rng.randi_range(1, 64)
			return t
		"Array":
			var a = []
			for k in rng.randi_range(0, 3):
				a.append(sub())
			return a
		"Dictionary":
			var d = {}
			for k in rng.randi_range(0, 2):
				d["k%d" % k] = sub() if rng.randi_range(0, 1) == 0 else k
			return d
		"NodePath": return NodePath("a/b%d" % rng.randi_range(0, 9))
		"Color": return Color(rng.randf(), 0.5, 0.25)
	return null
