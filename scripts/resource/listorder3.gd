# listorder3.gd for Godot 3.6: scripted resources whose binary file lists
# its external resources (scripts that load nothing else) out of their
# paths' order, as test cases for the numbers Godot 3.6 gives them when
# it converts the file to text (TestListedOrder3):
#   godot3 --no-window -s listorder3.gd -- DIR SEED COUNT
# writes in DIR (res://listed, or an absolute path) the scripts and COUNT
# cases, each saved as case_N.res and case_N.tres (index.txt lists them);
# a case whose .res lists fewer than two external resources, or lists
# them in their paths' order, is drawn again. convert3.gd converts them.
extends SceneTree

# Names whose order is not the order a case meets them in.
const NAMES = ["save_data", "item", "gem", "zone", "actor", "quest", "badge", "npc", "map_cell", "bag"]

var rng = RandomNumberGenerator.new()
var scripts = []

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	var dir = args[0]
	rng.seed = int(args[1])
	Directory.new().make_dir_recursive(dir)
	for name in NAMES:
		scripts.append(script(dir + "/" + name + ".gd"))
	var index = PoolStringArray()
	var tries = 0
	while index.size() < int(args[2]) and tries < 100 * int(args[2]):
		tries += 1
		var name = "case_%d" % index.size()
		var r = scripted(2)
		if ResourceSaver.save(dir + "/" + name + ".res", r) != OK:
			print("fail " + name)
		var listed = Array(ResourceLoader.get_dependencies(dir + "/" + name + ".res"))
		var sorted = listed.duplicate()
		sorted.sort()
		if listed.size() < 2 or listed == sorted:
			continue
		ResourceSaver.save(dir + "/" + name + ".tres", r)
		index.append(name)
	var f = File.new()
	f.open(dir + "/index.txt", File.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()

# script writes a script exporting Resource variables, an Array and an int,
# in an order of its own, and returns its path.
func script(path):
	var decls = ["export(Resource) var first", "export(Resource) var other", "export(Array) var list = []", "export var count = 0"]
	for i in decls.size():
		var j = rng.randi_range(i, decls.size() - 1)
		var d = decls[i]
		decls[i] = decls[j]
		decls[j] = d
	var f = File.new()
	f.open(path, File.WRITE)
	f.store_string("extends Resource\n" + PoolStringArray(decls).join("\n") + "\n")
	f.close()
	return path

func pick(from):
	return from[rng.randi_range(0, from.size() - 1)]

# scripted returns a resource with a script of the pool whose variables
# hold nested scripted resources, nulls and numbers.
func scripted(depth):
	var r = load(pick(scripts)).new()
	r.first = value(depth)
	if rng.randi_range(0, 1) == 0:
		r.other = value(depth)
	var a = []
	for k in rng.randi_range(0, 3):
		a.append(value(depth))
	r.list = a
	r.count = rng.randi_range(0, 9)
	return r

func value(depth):
	if depth > 0 and rng.randi_range(0, 3) > 0:
		return scripted(depth - 1)
	return null
