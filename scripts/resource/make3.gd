# make4.gd for Godot 3.6 and 3.2: random resource and scene files as
# Godot 3 writes them, as test cases for gdvar's resource package
# (scripts/gen-resource.sh):
#   godot3 --no-window -s scripts/resource/make3.gd -- OUTDIR SEED COUNT
#   godot3 --no-window -s scripts/resource/make3.gd -- OUTDIR script
# Run it in a project whose res://scripts is the repository's scripts
# folder (it preloads res://scripts/text/random3.gd). Every path is saved
# as OUTDIR localized (res://… when OUTDIR is inside the project).
#
# The files are those of make4.gd (see there): ext_0.tres, ext_1.res,
# ext_2.tres, ext_3.tres, sub_0.tscn, sub_1.scn; for each case NAME.tres,
# NAME.res, NAME.c.res (or .tscn, .scn, .c.scn), NAME.conv.tres,
# NAME.conv.res (or .tscn, .scn), NAME.orig.EXT when the engine's re-save
# of NAME.EXT differed from its first save; index.txt ("NAME
# resource|scene") and log.txt (every save and load, in order). Metadata
# is the __meta__ Dictionary property in Godot 3, under any String key.
#
# The random cases are those of make4.gd with Godot 3's classes
# (GradientTexture, Spatial, Sprite, Position2D, …), without typed arrays,
# unbinds or unique names, and with editable instances only in 3.6 (3.2
# has no set_editable_instance for scripts). Godot 3.2 gets finite floats
# only: it cannot read back the inf and nan it writes in vectors and pool
# arrays, nor its -inf.
#
# Why NAME.orig.EXT appears: 3.2 gives a loaded main resource its path,
# which a binary re-save then lists instead of local://N, so its binary
# re-saves always differ; 3.6 does not, and its binary re-saves differ only
# where a String (or a NodePath name) starts with U+FEFF, which the loader
# drops. A text re-save differs for the same reasons as in make4.gd: \a
# and \v escapes, a leading U+FEFF, and the order of the sub-resources
# of a Dictionary (3.2 also numbers them anew in that order).
#
# Ids: sub-resources are numbered 1, 2, … in the order the first save
# (NAME.tres) writes them; 3.6 keeps the numbers on the objects and in the
# files it loads, 3.2 numbers them afresh on every save. The ids of
# external resources in a new text file follow the objects' addresses in
# memory, so they may change from run to run; a file loaded and saved back
# keeps them.
#
# Three engine faults are kept out of the cases: connections and
# [editable] paths are written without escapes, so neither involves a node
# with a backslash in its path (the loader would read another path, or
# fail on a backslash before the closing quote); the text saver does not
# look for resources in Dictionary keys (see meta_value); and a case in
# which Godot 3.2 wrote a dictionary key as "[Deleted Object]" (it rarely
# corrupts a pool array key) is made again with new random values
# ("discard PATH" in log.txt).
extends SceneTree

const Random3 = preload("res://scripts/text/random3.gd")
var gen = Random3.new()
var rng = gen.rng

var out = ""
var index = []
var log_lines = []
var files = []
var failures = 0

var exts = []
var subs = []
var pool = []
var has_2d_gradient = ClassDB.class_exists("GradientTexture2D")

func _init():
	var args = Array(OS.get_cmdline_args())
	args = args.slice(args.find("--") + 1, args.size() - 1)
	out = ProjectSettings.localize_path(args[0])
	if out.ends_with("/"):
		out = out.substr(0, out.length() - 1)
	Directory.new().make_dir_recursive(out)
	log_lines.append("godot %s" % Engine.get_version_info().string)
	if args.size() > 1 and args[1] == "script":
		fixed_scripts()
	else:
		rng.seed = int(args[1])
		# Godot 3.2 cannot read back the inf and nan it writes in vectors
		# and pool arrays, nor its -inf: its files would not load.
		gen.finite = Engine.get_version_info().minor <= 2
		fixtures()
		var i = 0
		while i < int(args[2]):
			pool = []
			gen.pool_keys = 0
			var done
			if rng.randi_range(0, 2) < 2:
				done = resource_case("res_%04d" % i, new_resource(3, true))
			else:
				done = scene_case("scene_%04d" % i, random_scene())
			if done:
				i += 1
	check_files()
	write_lines(out + "/index.txt", index)
	write_lines(out + "/log.txt", log_lines)
	print("wrote %d cases to %s" % [index.size(), out])
	quit(1 if failures > 0 else 0)

func write_lines(path, lines):
	var f = File.new()
	f.open(path, File.WRITE)
	for line in lines:
		f.store_line(line)
	f.close()

func fail(path, why):
	print("fail %s %s" % [path, why])
	failures += 1

func save(res, path, flags = 0, what = "save"):
	var err = ResourceSaver.save(path, res, flags)
	if err != OK:
		fail(path, "save error %d" % err)
	log_lines.append("%s %s" % [what, path])
	files.append(path)

func load_fresh(path):
	var res = ResourceLoader.load(path, "", true)
	if res == null:
		fail(path, "load returned null")
	return res

func resource_case(name, res):
	return write_case(name, res, ".tres", ".res", "resource")

func scene_case(name, root):
	var scene = PackedScene.new()
	var err = scene.pack(root)
	if err != OK:
		fail(name, "pack error %d" % err)
	root.free()
	return write_case(name, scene, ".tscn", ".scn", "scene")

func read_text(path):
	var f = File.new()
	f.open(path, File.READ)
	var s = f.get_as_text()
	f.close()
	return s

# write_case saves the case, unless the engine corrupted a key (then it
# removes what it wrote and returns false).
func write_case(name, res, text, binary, kind):
	var base = out + "/" + name
	var err = ResourceSaver.save(base + text, res)
	if err == OK and read_text(base + text).find("[Deleted Object]") >= 0:
		Directory.new().remove(base + text)
		log_lines.append("discard " + base + text)
		return false
	log_lines.append("save " + base + text)
	files.append(base + text)
	save(res, base + binary)
	save(res, base + ".c" + binary, ResourceSaver.FLAG_COMPRESS)
	resave(base, text)
	resave(base, binary)
	resave(base, ".c" + binary, ResourceSaver.FLAG_COMPRESS)
	convert_file(base + binary, base + ".conv" + text)
	convert_file(base + text, base + ".conv" + binary)
	index.append("%s %s" % [name, kind])
	return true

func read_bytes(path):
	var f = File.new()
	f.open(path, File.READ)
	var b = f.get_buffer(f.get_len())
	f.close()
	return b

# resave loads BASE+EXT and saves it back to its path. The first save is
# kept as BASE.orig+EXT when the two differ.
func resave(base, ext, flags = 0):
	var path = base + ext
	var before = read_bytes(path)
	var res = load_fresh(path)
	if res == null:
		return
	var err = ResourceSaver.save(path, res, flags)
	if err != OK:
		fail(path, "re-save error %d" % err)
	log_lines.append("resave " + path)
	if read_bytes(path).hex_encode() != before.hex_encode():
		var orig = base + ".orig" + ext
		var f = File.new()
		f.open(orig, File.WRITE)
		f.store_buffer(before)
		f.close()
		files.append(orig)

func convert_file(from, to):
	var res = load_fresh(from)
	if res == null:
		return
	var err = ResourceSaver.save(to, res)
	if err != OK:
		fail(to, "save error %d" % err)
	log_lines.append("convert %s %s" % [from, to])
	files.append(to)

func check_files():
	for path in files:
		var res = load_fresh(path)
		if res is PackedScene:
			var node = res.instance()
			if node == null:
				fail(path, "instance returned null")
			else:
				node.free()

# --- fixtures ---------------------------------------------------------------

func fixtures():
	var g = Gradient.new()
	g.offsets = PoolRealArray([0.0, 0.25, 1.0])
	g.colors = PoolColorArray([Color(1, 0, 0), Color(0, 1, 0, 0.5), Color(0, 0, 1)])
	fixture(g, "ext_0.tres")
	var r = Resource.new()
	r.resource_name = "ext one"
	r.set_meta("n", 1)
	r.set_meta("s", "two")
	fixture(r, "ext_1.res")
	var sb = StyleBoxFlat.new()
	sb.bg_color = Color(0.2, 0.3, 0.4)
	sb.corner_radius_top_left = 3
	fixture(sb, "ext_2.tres")
	var t = GradientTexture.new()
	t.gradient = exts[0]
	t.width = 8
	fixture(t, "ext_3.tres")

	var sub = Node2D.new()
	sub.name = "Sub"
	var inner = Sprite.new()
	inner.name = "Inner"
	inner.position = Vector2(5, 6)
	inner.add_to_group("inner_group", true)
	sub.add_child(inner)
	inner.owner = sub
	var leaf = Node.new()
	leaf.name = "Leaf"
	inner.add_child(leaf)
	leaf.owner = sub
	var timer = Timer.new()
	timer.name = "Timer"
	sub.add_child(timer)
	timer.owner = sub
	timer.connect("timeout", leaf, "queue_free", [], CONNECT_PERSIST)
	fixture_scene(sub, "sub_0.tscn")
	var sub1 = Spatial.new()
	sub1.name = "Sub3D"
	var child = Spatial.new()
	child.name = "Child"
	child.translation = Vector3(1, 2, 3)
	sub1.add_child(child)
	child.owner = sub1
	fixture_scene(sub1, "sub_1.scn")

func fixture(res, file):
	var path = out + "/" + file
	ResourceSaver.save(path, res)
	log_lines.append("fixture " + path)
	files.append(path)
	exts.append(load(path))

func fixture_scene(root, file):
	var scene = PackedScene.new()
	scene.pack(root)
	root.free()
	var path = out + "/" + file
	ResourceSaver.save(path, scene)
	log_lines.append("fixture " + path)
	files.append(path)
	subs.append(load(path))

# --- random resources -------------------------------------------------------

# A metadata name: any String in Godot 3, but for a leading byte order
# mark, which the engine drops when it reads the key back.
func meta_name():
	return gen.without_bom(gen.random_string(6))

const IDENT_FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
const IDENT_REST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"

func ident():
	var s = IDENT_FIRST[rng.randi_range(0, IDENT_FIRST.length() - 1)]
	for i in rng.randi_range(0, 7):
		s += IDENT_REST[rng.randi_range(0, IDENT_REST.length() - 1)]
	return s

func nice_float(scale = 100.0):
	match rng.randi_range(0, 3):
		0: return float(rng.randi_range(-10, 10))
		1: return rng.randi_range(-40, 40) * 0.25
	return rng.randf_range(-scale, scale)

func nice_color():
	return Color(rng.randf(), rng.randf(), rng.randf(), [1.0, rng.randf()][rng.randi_range(0, 1)])

func chance(n):
	return rng.randi_range(0, n - 1) == 0

const CLASSES = ["Resource", "Resource", "Gradient", "Curve", "StyleBoxFlat", "GradientTexture",
	"CurveTexture", "PhysicsMaterial", "Image", "Animation"]

func new_resource(depth, main = false):
	var cls = CLASSES[rng.randi_range(0, CLASSES.size() - 1)]
	var res = new_image() if cls == "Image" else ClassDB.instance(cls)
	if chance(4):
		res.resource_name = gen.without_bom(gen.random_string()) # a BOM alone would read back as the default
	if chance(8):
		res.resource_local_to_scene = true
	match cls:
		"Gradient":
			var n = rng.randi_range(1, 5)
			var offsets = []
			var colors = []
			for i in n:
				offsets.append(rng.randf())
				colors.append(nice_color())
			res.offsets = PoolRealArray(offsets)
			res.colors = PoolColorArray(colors)
			if "interpolation_mode" in res and chance(2):
				res.interpolation_mode = rng.randi_range(0, 2)
		"Curve":
			if chance(2):
				res.min_value = -rng.randi_range(0, 4)
				res.max_value = rng.randi_range(1, 4)
			if chance(3):
				res.bake_resolution = rng.randi_range(1, 200)
			for i in rng.randi_range(0, 4):
				res.add_point(Vector2(rng.randf(), rng.randf()), nice_float(2), nice_float(2),
					rng.randi_range(0, 1), rng.randi_range(0, 1))
		"StyleBoxFlat":
			for p in ["bg_color", "border_color", "shadow_color"]:
				if chance(2):
					res.set(p, nice_color())
			for p in ["border_width_left", "border_width_top", "corner_radius_top_left",
					"corner_radius_bottom_right", "shadow_size", "corner_detail"]:
				if chance(2):
					res.set(p, rng.randi_range(0, 20))
			for p in ["content_margin_left", "expand_margin_top", "anti_aliasing_size"]:
				if chance(3):
					res.set(p, abs(nice_float(10)))
			if chance(3):
				res.draw_center = false
			if "skew" in res and chance(3):
				res.skew = Vector2(nice_float(1), nice_float(1))
			if chance(3):
				res.shadow_offset = Vector2(nice_float(5), nice_float(5))
		"GradientTexture":
			if chance(3):
				res.width = rng.randi_range(1, 512)
			if depth > 0 and chance(2):
				res.gradient = child_resource(depth, "Gradient")
		"CurveTexture":
			if chance(3):
				res.width = rng.randi_range(32, 512)
			if depth > 0 and chance(2):
				res.curve = child_resource(depth, "Curve")
		"PhysicsMaterial":
			for p in ["friction", "bounce"]:
				if chance(2):
					res.set(p, rng.randf() * 2)
			if chance(3):
				res.rough = true
			if chance(3):
				res.absorbent = true
		"Animation":
			res.length = rng.randi_range(1, 40) * 0.25
			if chance(2):
				res.loop = true
			if chance(3):
				res.step = [0.1, 0.05, 0.5][rng.randi_range(0, 2)]
			for t in rng.randi_range(0, 2):
				var track = res.add_track(Animation.TYPE_VALUE)
				res.track_set_path(track, NodePath(gen.random_string(5).replace(":", "") + ":" + ident()))
				if chance(3):
					res.value_track_set_update_mode(track, rng.randi_range(0, 2))
				for k in rng.randi_range(0, 3):
					res.track_insert_key(track, rng.randi_range(0, 40) * 0.25,
						gen.random_value(0), [1.0, rng.randf() * 3][rng.randi_range(0, 1)])
	add_metadata(res, depth, rng.randi_range(1, 5) if main else rng.randi_range(0, 2))
	if not main:
		pool.append(res)
	return res

func new_image():
	var w = rng.randi_range(1, 5)
	var h = rng.randi_range(1, 4)
	var format = [Image.FORMAT_L8, Image.FORMAT_RGB8, Image.FORMAT_RGBA8][rng.randi_range(0, 2)]
	var img = Image.new()
	img.create(w, h, false, format)
	img.lock()
	for y in h:
		for x in w:
			img.set_pixel(x, y, Color8(rng.randi_range(0, 255), rng.randi_range(0, 255),
				rng.randi_range(0, 255), rng.randi_range(0, 255)))
	img.unlock()
	return img

func child_resource(depth, cls):
	for r in pool:
		if r.get_class() == cls and chance(3):
			return r
	var res = ClassDB.instance(cls)
	if cls == "Gradient":
		res.offsets = PoolRealArray([0.0, rng.randf()])
		res.colors = PoolColorArray([nice_color(), nice_color()])
	else:
		res.add_point(Vector2(rng.randf(), rng.randf()))
	add_metadata(res, depth - 1, rng.randi_range(0, 1))
	pool.append(res)
	return res

func add_metadata(obj, depth, count):
	for i in count:
		obj.set_meta(meta_name(), meta_value(depth))

func meta_value(depth):
	match rng.randi_range(0, 11):
		0, 1:
			return gen.random_value(1 if chance(4) else 0)
		2:
			return gen.random_array(0) if chance(2) else gen.random_dict(0)
		3:
			return gen.random_scalar()
		4:
			if depth > 0:
				return new_resource(depth - 1)
		5:
			if not pool.empty():
				return pool[rng.randi_range(0, pool.size() - 1)]
		6:
			return exts[rng.randi_range(0, exts.size() - 1)]
		7:
			var a = []
			for i in rng.randi_range(0, 4):
				a.append(resource_or_value(depth))
			return a
		9:
			var a = []
			for i in rng.randi_range(0, 3):
				a.append(resource_or_value(depth, true))
			return a
		8:
			var d = {}
			var key_done = false
			for i in rng.randi_range(0, 4):
				var k = gen.random_key(0)
				if typeof(k) == TYPE_STRING:
					k = gen.without_bom(k)
				d[k] = resource_or_value(depth)
				# Godot 3's text saver does not look for resources in
				# dictionary keys, and writes null for one it has not met
				# elsewhere ("Resource was not pre cached"): a resource
				# key is its own value.
				if not key_done and chance(4):
					var r = resource_or_value(depth, true)
					d[r] = r
					key_done = true
			return d
		10:
			if chance(2):
				var big = []
				for i in rng.randi_range(60, 70):
					big.append(rng.randi_range(0, 255))
				return PoolByteArray(big)
	return gen.random_value(0)

func resource_or_value(depth, only_resource = false):
	match rng.randi_range(0, 3 if only_resource else 5):
		0:
			if depth > 0:
				return new_resource(depth - 1)
		1:
			if not pool.empty():
				return pool[rng.randi_range(0, pool.size() - 1)]
		2:
			return exts[rng.randi_range(0, exts.size() - 1)]
		4, 5:
			return gen.random_value(0)
	return exts[rng.randi_range(0, exts.size() - 1)] if depth <= 0 else new_resource(0)

# --- random scenes ----------------------------------------------------------

const NODE_CLASSES = ["Node", "Node2D", "Spatial", "Sprite", "Label", "Control", "Timer", "ColorRect", "Position2D"]

const SIGNALS = {
	"Node": ["ready", "renamed", "tree_entered", "tree_exiting", "tree_exited"],
	"CanvasItem": ["draw", "visibility_changed", "hide", "item_rect_changed"],
	"Control": ["resized", "focus_entered", "mouse_entered", "gui_input"],
	"Spatial": ["visibility_changed"],
	"Timer": ["timeout"],
}

const METHODS = {
	"Node": ["queue_free", "print_tree", "set_name", "set_process", "set_meta", "propagate_notification", "update_configuration_warning"],
	"CanvasItem": ["hide", "show", "update"],
	"Spatial": ["hide", "show"],
	"Timer": ["start", "stop"],
}

# A node name: a random string, which the engine cleans of . : @ / " (and
# % in 3.6), not empty, not a sibling's, not starting with a byte order mark.
func node_name(parent):
	for attempt in 20:
		var n = gen.random_string(6) if chance(2) else ident()
		for c in [".", ":", "@", "/", "\"", "%"]:
			n = n.replace(c, "")
		n = gen.without_bom(n)
		if n == "":
			continue
		var taken = false
		if parent != null:
			for c in parent.get_children():
				if c.name == n:
					taken = true
		if not taken:
			return n
	return "N%d" % rng.randi()

func new_node(parent):
	var cls = NODE_CLASSES[rng.randi_range(0, NODE_CLASSES.size() - 1)]
	var node = ClassDB.instance(cls)
	node.name = node_name(parent)
	if node is Node2D:
		if chance(2): node.position = Vector2(nice_float(), nice_float())
		if chance(3): node.rotation = nice_float(3)
		if chance(3): node.scale = Vector2(nice_float(3), nice_float(3))
		if chance(4): node.z_index = rng.randi_range(-10, 10)
	if node is CanvasItem:
		if chance(4): node.visible = false
		if chance(4): node.modulate = nice_color()
	if node is Spatial:
		if chance(2): node.translation = Vector3(nice_float(), nice_float(), nice_float())
		if chance(3): node.rotation = Vector3(nice_float(3), nice_float(3), nice_float(3))
		if chance(4): node.visible = false
	match cls:
		"Sprite":
			if chance(2): node.texture = texture()
			if chance(3): node.offset = Vector2(nice_float(), nice_float())
			if chance(3): node.flip_h = true
			if chance(4): node.centered = false
			if chance(4): node.hframes = rng.randi_range(1, 4)
		"Label":
			if chance(2): node.text = gen.random_string(10)
			if chance(3): node.align = rng.randi_range(0, 3)
			if chance(4): node.autowrap = true
		"Control", "ColorRect":
			if chance(2): node.rect_position = Vector2(nice_float(), nice_float())
			if chance(2): node.rect_size = Vector2(abs(nice_float()), abs(nice_float()))
			if chance(3): node.hint_tooltip = gen.random_string(6)
			if chance(3): node.rect_min_size = Vector2(abs(nice_float()), abs(nice_float()))
			if cls == "ColorRect" and chance(2): node.color = nice_color()
		"Timer":
			if chance(2): node.wait_time = rng.randi_range(1, 100) * 0.125
			if chance(3): node.one_shot = true
			if chance(3): node.autostart = true
		"Position2D":
			if chance(2): node.gizmo_extents = abs(nice_float(50))
	if "editor_description" in node and chance(4): node.editor_description = gen.random_string(8)
	if chance(5): node.process_priority = rng.randi_range(-5, 5)
	if chance(6): node.pause_mode = rng.randi_range(0, 2)
	add_metadata(node, 2, rng.randi_range(0, 2) if chance(2) else 0)
	for g in (rng.randi_range(0, 3) if chance(3) else 0):
		# Not with a byte order mark first, which the loader drops (from a
		# group of only that, making an empty one it refuses).
		var group = gen.without_bom(gen.random_string(5))
		if group != "":
			node.add_to_group(group, not chance(5))
	return node

func texture():
	if chance(3):
		return exts[3]
	var t = ClassDB.instance("GradientTexture2D" if has_2d_gradient and chance(2) else "GradientTexture")
	t.gradient = child_resource(1, "Gradient") if chance(2) else exts[0]
	if chance(2):
		t.width = rng.randi_range(1, 64)
	pool.append(t)
	return t

func random_scene():
	var root = new_node(null)
	var nodes = [root]
	for i in rng.randi_range(0, 6):
		var parent = nodes[rng.randi_range(0, nodes.size() - 1)]
		var node = new_node(parent)
		parent.add_child(node)
		node.owner = root
		nodes.append(node)
	var targets = nodes.duplicate()
	for i in (rng.randi_range(1, 2) if chance(2) else 0):
		var parent = nodes[rng.randi_range(0, nodes.size() - 1)]
		var scene = subs[rng.randi_range(0, subs.size() - 1)]
		var inst = scene.instance(PackedScene.GEN_EDIT_STATE_INSTANCE)
		inst.name = node_name(parent)
		parent.add_child(inst)
		inst.owner = root
		if chance(4):
			inst.set_scene_instance_load_placeholder(true)
			continue
		if chance(3):
			if inst is Node2D:
				inst.position = Vector2(nice_float(), nice_float())
			add_metadata(inst, 1, 1)
		targets.append(inst)
		# Godot 3.2 has no set_editable_instance for scripts. 3.6 writes
		# the path of [editable] without escapes, as it does connections.
		var plain_path = str(root.get_path_to(inst)).find("\\") < 0
		if root.has_method("set_editable_instance") and plain_path and chance(2):
			root.set_editable_instance(inst, true)
			var inner = inst.get_child(0)
			if chance(2):
				if inner is Node2D:
					inner.position = Vector2(nice_float(), nice_float())
				else:
					inner.translation = Vector3(nice_float(), nice_float(), nice_float())
			if chance(2):
				var extra = new_node(inner)
				inner.add_child(extra)
				extra.owner = root
				targets.append(extra)
			targets.append(inner)
		elif chance(2):
			targets.append(inst.get_child(0))
	var safe = []
	for t in targets:
		if str(root.get_path_to(t)).find("\\") < 0:
			safe.append(t)
	var made = {}
	for i in rng.randi_range(0, 6):
		var from = safe[rng.randi_range(0, safe.size() - 1)]
		var to = safe[rng.randi_range(0, safe.size() - 1)]
		var sig = pick(SIGNALS, from)
		var method = pick(METHODS, to)
		var key = "%d %s %d %s" % [from.get_instance_id(), sig, to.get_instance_id(), method]
		if made.has(key):
			continue
		made[key] = true
		var binds = []
		for b in (rng.randi_range(1, 3) if chance(3) else 0):
			binds.append(gen.random_value(0) if chance(2) else resource_or_value(0))
		var flags = CONNECT_PERSIST
		if chance(3): flags |= CONNECT_DEFERRED
		if chance(5): flags |= CONNECT_ONESHOT
		if chance(8): flags = CONNECT_DEFERRED # not persistent: not saved
		from.connect(sig, to, method, binds, flags)
	return root

func pick(table, node):
	var names = []
	for cls in table:
		if node.is_class(cls):
			names += table[cls]
	return names[rng.randi_range(0, names.size() - 1)]

# --- fixed cases with scripts -------------------------------------------------

const SCRIPT_RES = """extends Resource
export var count = 3
export var ratio = 1.5
export var label = ""
export(Resource) var child
export var items = []
export var dict = {}
var not_saved = 1
"""

const SCRIPT_NODE = """extends Node2D
export var speed = 2.0
export var target = NodePath()
export(Resource) var res
"""

# fixed_scripts writes cases whose resources and nodes carry GDScripts
# (script_res.gd and script_node.gd, written into OUTDIR). Godot 3 writes
# every script variable, even at its default.
func fixed_scripts():
	write_script("script_res.gd", SCRIPT_RES)
	write_script("script_node.gd", SCRIPT_NODE)
	var res_script = load(out + "/script_res.gd")
	var node_script = load(out + "/script_node.gd")

	var child = res_script.new()
	child.count = 9
	child.label = "child"
	var main = res_script.new()
	main.count = 4
	main.label = "line1\nline2 \"q\" \\ tab\there é"
	main.child = child
	main.items = [child, StyleBoxFlat.new()]
	main.dict = {"k": child, 2: Vector2(1, 2)}
	main.not_saved = 5
	main.set_meta("note", "meta")
	resource_case("script_res", main)

	var plain = res_script.new()
	resource_case("script_res_defaults", plain)

	var root = Node2D.new()
	root.name = "Root"
	root.set_script(node_script)
	var a = Node2D.new()
	a.name = "A"
	root.add_child(a)
	a.owner = root
	var b = Sprite.new()
	b.name = "B"
	a.add_child(b)
	b.owner = root
	b.set_script(node_script)
	root.speed = 3.5
	root.target = NodePath("A/B")
	root.res = child
	b.res = main
	scene_case("script_scene", root)

func write_script(file, source):
	var f = File.new()
	f.open(out + "/" + file, File.WRITE)
	f.store_string(source)
	f.close()
	log_lines.append("fixture %s/%s" % [out, file])
