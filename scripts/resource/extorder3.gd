# extorder3.gd for Godot 3.6 and 3.2: resources with several external
# resources (scripts that preload others and extend others by path,
# textures, scenes), met in nested sub-resources using different scripts,
# as test cases for the order in which Godot 3 numbers external resources
# (TestExtOrder3):
#   godot3 --no-window -s extorder3.gd -- DIR SEED COUNT
# writes in DIR (res://ext, or an absolute path): a pool of textures,
# scenes and scripts, and cases case_N.res (index.txt lists them);
#   godot3 --no-window -s extorder3.gd -- convert IN OUT
# loads IN in a fresh engine and saves it as OUT, as a user's converter
# does: the engine numbers external resources in the order it loaded them.
extends SceneTree

var rng = RandomNumberGenerator.new()
var pool = [] # paths of textures, scenes and scripts made so far
var scripts = [] # paths of the scripts
var dir # where the files go

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	if args[0] == "convert":
		var r = ResourceLoader.load(args[1], "", true)
		if r == null or ResourceSaver.save(args[2], r) != OK:
			print("fail " + args[2])
		quit()
		return
	dir = args[0]
	rng.seed = int(args[1])
	Directory.new().make_dir_recursive(dir)
	for i in 4:
		texture(i)
	for i in 6:
		script(i)
	for i in 2:
		scene(i)
	var index = PoolStringArray()
	for i in int(args[2]):
		var name = "case_%d" % i
		var r = scripted(2)
		if ResourceSaver.save(dir + "/" + name + ".res", r) != OK:
			print("fail " + name)
		index.append(name)
	var f = File.new()
	f.open(dir + "/index.txt", File.WRITE)
	for name in index:
		f.store_line(name)
	f.close()
	print("wrote %d" % index.size())
	quit()

func texture(i):
	var t = GradientTexture.new()
	t.width = 8 + i
	var path = dir + "/tex_%d.%s" % [i, "tres" if i % 2 == 0 else "res"]
	ResourceSaver.save(path, t)
	pool.append(path)

func scene(i):
	var n = Node.new()
	n.name = "Scene%d" % i
	var s = PackedScene.new()
	s.pack(n)
	var path = dir + "/scene_%d.tscn" % i
	ResourceSaver.save(path, s)
	pool.append(path)
	n.free()

# script writes a script that may extend an earlier one by path and
# preload resources of the pool (by paths relative to it), and exports two Resource variables and
# an Array.
func script(i):
	var src = "extends Resource\n"
	if scripts.size() > 0 and rng.randi_range(0, 2) == 0:
		src = "extends \"%s\"\n" % pick(scripts).get_file()
	for k in rng.randi_range(0, 3):
		src += "const P%d_%d = preload(\"%s\")\n" % [i, k, pick(pool).get_file()]
	src += "export(Resource) var a%d\nexport(Resource) var b%d\nexport(Array) var c%d = []\n" % [i, i, i]
	var path = dir + "/lib_%d.gd" % i
	var f = File.new()
	f.open(path, File.WRITE)
	f.store_string(src)
	f.close()
	scripts.append(path)
	pool.append(path)

func pick(from):
	return from[rng.randi_range(0, from.size() - 1)]

# scripted returns a resource with a script of the pool whose variables
# hold pool resources and nested scripted resources.
func scripted(depth):
	var path = pick(scripts)
	var r = load(path).new()
	var vars = []
	for p in r.get_property_list():
		if p.usage & PROPERTY_USAGE_SCRIPT_VARIABLE:
			vars.append(p.name)
	for v in vars:
		if v.begins_with("c"):
			var a = []
			for k in rng.randi_range(0, 3):
				a.append(value(depth))
			r.set(v, a)
		elif rng.randi_range(0, 3) > 0:
			r.set(v, value(depth))
	return r

func value(depth):
	var k = rng.randi_range(0, 2)
	if k == 0 and depth > 0:
		return scripted(depth - 1)
	return load(pick(pool))
