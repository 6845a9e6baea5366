# make3.gd for Godot 3.6 and 3.2: the files a Godot 3 game saves, with
# random values of every type, as cases for gdvar's migration to Godot 4
# (migrate/live_test.go; scripts/gen-migrate.sh keeps a set):
#   godot3 --no-window -s scripts/migrate/make3.gd -- OUTDIR SEED COUNT
# Run it in a project whose res://scripts is the repository's scripts
# folder. OUTDIR is an absolute path, which the resource files refer to
# each other by.
#
# The files, listed in OUTDIR/index.txt as "FILE KIND CONTAINER":
#   values.sav       save     COUNT random values and some fixed ones
#                             (RIDs, NodePaths) stored with store_var,
#                             plain, and as values.pass.sav, values.key.sav
#                             (open_encrypted_with_pass, open_encrypted)
#                             and values.MODE.sav (open_compressed, MODE
#                             the compression mode's number)
#   objects.sav      objects  the input events of events3.gd, a Reference
#                             with metadata, a Dictionary holding an event
#                             and a ShortCut of one, stored as full objects
#   settings.cfg     cfg      a ConfigFile of random values, a Reference with
#                             metadata, and the events and a ShortCut in its
#                             section "input"; plain, and as
#                             settings.pass.cfg and settings.key.cfg
#   ext.tres         res      a Resource with random metadata
#   meta.tres, .res  res      a Resource with random metadata, among it a
#                             sub-resource, ext.tres and a GradientTexture;
#                             meta.c.res compressed
#   scripted.tres    res      a Resource with a script (holder.gd, which
#                             this writes) of a variable of each type;
#                             scripted.res
#   events.tres      events   a Resource with the events and a ShortCut as
#                             metadata; .res
# and, for each, FILE.want.txt: what Godot 3 reads back of it, described as
# describe3.gd does (with a Dictionary's entries sorted, but in saves); an
# event, "NAME ok" (events4.gd checks them).
# Godot 3.2 gets finite floats in its text files, as it cannot read back
# the inf and nan it writes in vectors and pool arrays.
extends SceneTree

const Random3 = preload("res://scripts/text/random3.gd")
const Describe3 = preload("res://scripts/migrate/describe3.gd")
const Events3 = preload("res://scripts/migrate/events3.gd")

const PASSWORD = "gdvar migrate"

var gen = Random3.new()
var rng = gen.rng
var desc = Describe3.new()
var events = Events3.new().cases()
var out = ""
var index = []

func key():
	var k = PoolByteArray()
	for i in 32:
		k.append(i * 7 + 1)
	return k

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	out = args[0]
	rng.seed = int(args[1])
	var count = int(args[2])
	Directory.new().make_dir_recursive(out)
	var values = fixed_values()
	for i in count:
		values.append(gen.random_value(3))
	saves(values)
	objects()
	var text_finite = Engine.get_version_info().minor <= 2
	gen.finite = text_finite
	configs(count)
	resources(count)
	write_lines(out + "/index.txt", index)
	print("wrote %d files" % index.size())
	quit()

func fixed_values():
	return [RID(), [RID(), {"rid": RID()}], NodePath("/root/a:b:c"), NodePath(""), NodePath("/"),
		NodePath("a/b/../c:x"), NodePath(":x:y"), {NodePath("k"): NodePath("v")},
		PoolIntArray([-2147483648, 2147483647]), 2147483648, -2147483649, 0.1, 2.5]

func write_lines(path, lines):
	var f = File.new()
	f.open(path, File.WRITE)
	for l in lines:
		f.store_line(l)
	f.close()

# open opens FILE in the container: "plain", "pass", "key", or a
# compression mode.
func open(f, name, container, mode):
	var path = out + "/" + name
	match container:
		"plain": return f.open(path, mode)
		"pass": return f.open_encrypted_with_pass(path, mode, PASSWORD)
		"key": return f.open_encrypted(path, mode, key())
	return f.open_compressed(path, mode, int(container))

func saves(values):
	for c in ["plain", "pass", "key", "0", "1", "2", "3"]:
		var name = "values.sav" if c == "plain" else "values.%s.sav" % c
		var f = File.new()
		if open(f, name, c, File.WRITE) != OK:
			print("fail: cannot write ", name)
			continue
		for v in values:
			f.store_var(v)
		f.close()
		var want = []
		open(f, name, c, File.READ)
		while f.get_position() < f.get_len():
			want.append(desc.describe(f.get_var()))
		f.close()
		write_lines(out + "/" + name + ".want.txt", want)
		index.append("%s save %s" % [name, c])

# tagged is a Reference with metadata.
func tagged():
	var r = Reference.new()
	r.set_meta("note", 7)
	r.set_meta("where", Vector2(1.5, -2))
	return r

# shortcut is a ShortCut of the first event.
func shortcut():
	var s = ShortCut.new()
	s.shortcut = events[0]
	return s

func objects():
	var f = File.new()
	f.open(out + "/objects.sav", File.WRITE)
	for e in events:
		f.store_var(e, true)
	f.store_var(tagged(), true)
	f.store_var({"binding": events[0]}, true)
	f.store_var(shortcut(), true)
	f.close()
	var want = []
	for i in events.size():
		want.append("e%d ok" % i)
	want.append("reference " + desc.describe(tagged()))
	want.append("binding ok")
	want.append("shortcut ok")
	write_lines(out + "/objects.sav.want.txt", want)
	index.append("objects.sav objects plain")

func configs(count):
	var cf = ConfigFile.new()
	for i in count:
		cf.set_value("s%d" % (i % 4), "k%d" % i, gen.random_value(2))
	cf.set_value("s0", "root", NodePath("/"))
	cf.set_value("s0", "tagged", tagged())
	for i in events.size():
		cf.set_value("input", "e%d" % i, events[i])
	cf.set_value("input", "shortcut", shortcut())
	for c in ["plain", "pass", "key"]:
		var name = "settings.cfg" if c == "plain" else "settings.%s.cfg" % c
		var err
		var back = ConfigFile.new()
		match c:
			"plain":
				err = cf.save(out + "/" + name)
				back.load(out + "/" + name)
			"pass":
				err = cf.save_encrypted_pass(out + "/" + name, PASSWORD)
				back.load_encrypted_pass(out + "/" + name, PASSWORD)
			"key":
				err = cf.save_encrypted(out + "/" + name, key())
				back.load_encrypted(out + "/" + name, key())
		if err != OK:
			print("fail: cannot write ", name)
		var want = []
		desc.from_text = true
		for s in back.get_sections():
			for k in back.get_section_keys(s):
				if s == "input":
					want.append("%s ok" % k)
				else:
					want.append("%s/%s = %s" % [s, k, desc.describe(back.get_value(s, k))])
		write_lines(out + "/" + name + ".want.txt", want)
		index.append("%s cfg %s" % [name, c])

# The script of scripted.tres: an exported variable of each type.
const holder = """extends Resource
export var p_bool = false
export var p_int = 0
export var p_float = 0.0
export var p_string = ""
export var p_vector2 = Vector2()
export var p_rect2 = Rect2()
export var p_vector3 = Vector3()
export var p_transform2d = Transform2D()
export var p_plane = Plane()
export var p_quat = Quat()
export var p_aabb = AABB()
export var p_basis = Basis()
export var p_transform = Transform()
export var p_color = Color()
export var p_nodepath = NodePath()
export var p_dictionary = {}
export var p_array = []
export var p_byte = PoolByteArray()
export var p_int32 = PoolIntArray()
export var p_real = PoolRealArray()
export var p_strings = PoolStringArray()
export var p_vector2s = PoolVector2Array()
export var p_vector3s = PoolVector3Array()
export var p_colors = PoolColorArray()
"""

func random_metadata(r, count, prefix):
	for i in count:
		r.set_meta("%s%d" % [prefix, i], gen.random_value(2))

func resources(count):
	var ext = Resource.new()
	random_metadata(ext, 4, "x")
	save(ext, "ext.tres", 0)
	var main = Resource.new()
	random_metadata(main, count, "m")
	var sub = Resource.new()
	random_metadata(sub, 3, "s")
	main.set_meta("sub", sub)
	main.set_meta("ext", ResourceLoader.load(out + "/ext.tres"))
	var texture = GradientTexture.new()
	texture.width = 37
	texture.gradient = Gradient.new()
	texture.gradient.add_point(0.25, Color(0.5, 0.25, 1, 0.75))
	main.set_meta("texture", texture)
	main.set_meta("root", NodePath("/"))
	for name in ["meta.tres", "meta.res"]:
		save(main, name, 0)
	save(main, "meta.c.res", ResourceSaver.FLAG_COMPRESS)

	var f = File.new()
	f.open(out + "/holder.gd", File.WRITE)
	f.store_string(holder)
	f.close()
	var scripted = Resource.new()
	scripted.set_script(ResourceLoader.load(out + "/holder.gd"))
	scripted.p_bool = true
	scripted.p_int = gen.random_int()
	scripted.p_float = gen.random_float()
	scripted.p_string = gen.random_string()
	scripted.p_vector2 = gen.v2()
	scripted.p_rect2 = Rect2(gen.v2(), gen.v2())
	scripted.p_vector3 = gen.v3()
	scripted.p_transform2d = Transform2D(gen.v2(), gen.v2(), gen.v2())
	scripted.p_plane = Plane(gen.v3(), gen.random_float())
	scripted.p_quat = Quat(gen.random_float(), gen.random_float(), gen.random_float(), gen.random_float())
	scripted.p_aabb = AABB(gen.v3(), gen.v3())
	scripted.p_basis = Basis(gen.v3(), gen.v3(), gen.v3())
	scripted.p_transform = Transform(Basis(gen.v3(), gen.v3(), gen.v3()), gen.v3())
	scripted.p_color = gen.color()
	scripted.p_nodepath = NodePath("/root/" + gen.random_string())
	scripted.p_dictionary = gen.random_dict(2)
	scripted.p_array = gen.random_array(2)
	scripted.p_byte = PoolByteArray([0, 1, 255])
	scripted.p_int32 = PoolIntArray([gen.random_int() % 2147483647, -3])
	scripted.p_real = PoolRealArray([gen.random_float(), 0.1])
	scripted.p_strings = PoolStringArray([gen.random_string(), ""])
	scripted.p_vector2s = PoolVector2Array([gen.v2()])
	scripted.p_vector3s = PoolVector3Array([gen.v3(), gen.v3()])
	scripted.p_colors = PoolColorArray([gen.color()])
	for name in ["scripted.tres", "scripted.res"]:
		save(scripted, name, 0)

	var bindings = Resource.new()
	for i in events.size():
		bindings.set_meta("e%d" % i, events[i])
	bindings.set_meta("shortcut", shortcut())
	for name in ["events.tres", "events.res"]:
		if ResourceSaver.save(out + "/" + name, bindings) != OK:
			print("fail: cannot write ", name)
		var want = []
		for i in events.size():
			want.append("e%d ok" % i)
		want.append("shortcut ok")
		write_lines(out + "/" + name + ".want.txt", want)
		index.append("%s events plain" % name)

# save saves the resource, and describes what Godot 3 loads of it.
func save(r, name, flags):
	var path = out + "/" + name
	if ResourceSaver.save(path, r, flags) != OK:
		print("fail: cannot write ", name)
	var back = ResourceLoader.load(path, "", true)
	desc.from_text = true # meta.res holds ext.tres
	write_lines(path + ".want.txt", [desc.describe(back)])
	index.append("%s res plain" % name)
