# Makes random resource and scene files with Godot 4.6, as test cases for
# gdvar's resource package (scripts/gen-resource.sh):
#   godot4 --headless -s scripts/resource/make4.gd -- OUTDIR SEED COUNT
#   godot4 --headless -s scripts/resource/make4.gd -- OUTDIR script
# Run it in a project whose res://scripts is the repository's scripts
# folder (it preloads res://scripts/text/random4.gd). Every path is saved
# as OUTDIR localized (res://… when OUTDIR is inside the project), and the
# ids the engine writes depend on that path: keep OUTDIR where it was to
# load or compare the files.
#
# With SEED and COUNT it writes, into OUTDIR:
#   ext_0.tres, ext_1.res, ext_2.tres, ext_3.tres   resources the cases refer to
#   sub_0.tscn, sub_1.scn                           scenes the scene cases instance
#   NAME.tres, NAME.res, NAME.c.res     a random resource (about 2/3 of the
#                                       cases), saved as text, binary and
#                                       compressed binary (FLAG_COMPRESS)
#   NAME.tscn, NAME.scn, NAME.c.scn     or a random scene (PackedScene)
#   NAME.conv.tres / NAME.conv.tscn     NAME.res / NAME.scn loaded and saved as text
#   NAME.conv.res / NAME.conv.scn       NAME.tres / NAME.tscn loaded and saved as binary
#                                       (both made after the re-saves below, from
#                                       the files as they are in the end)
#   NAME.orig.EXT                       only when loading NAME.EXT and saving it
#                                       back to the same path changed it: the
#                                       first save, while NAME.EXT is the re-save
#                                       (EXT is tres, res, c.res, tscn, scn or c.scn)
#   index.txt                           "NAME resource|scene", one line a case
#   log.txt                             every save and load, in order (see below)
# With "script" instead, the fixed cases with scripts (see fixed_scripts);
# with "classes", the fixed cases of classes whose saving depends on the
# class and its values (see fixed_classes).
#
# A random resource is a Resource or one of 8 built-in classes with some of
# their properties set (Gradient, Curve, StyleBoxFlat, GradientTexture1D,
# CurveTexture, PhysicsMaterial, Image, Animation), with metadata of every
# type (scripts/text/random4.gd) and of resources: new ones nested a few
# levels, ones the case already has, the ext_* files, and Arrays,
# Array[Resource]s and Dictionaries of them (a resource as the key of at
# most one entry a Dictionary: the text orders such keys by address). A
# random scene is a tree of a few nodes of 9 classes with random names
# (control characters, quotes, backslashes, non-ASCII), properties,
# metadata, persistent and other groups, connections (persistent or not,
# deferred, one-shot, with binds and unbinds), and sometimes instances of
# sub_0.tscn or sub_1.scn: with overrides, editable children and a node
# added inside, or as placeholders.
#
# Why NAME.orig.EXT appears: a binary re-save always differs, because the
# loaded main resource has a path, which the internal table then lists
# instead of local://ID. A text re-save differs when the first save holds
# what the loader does not read back as it was: a \a or \v escape (read as
# a and v), a String that starts with U+FEFF (dropped, by the binary
# loader too), a float the parser reads back one ulp off, a sub-resource
# with the metadata _skip_save_ (written as null, which removes the
# metadata entry it was in); or when a Dictionary holds sub-resources: the
# saver meets them in the Dictionary's order, which is the text's sorted
# order once loaded.
#
# Ids: a save gives every built-in resource without an id one drawn from a
# generator seeded by the save path, and the id stays on the object. Each
# case is saved first as NAME.tres (or .tscn), so the text, binary and
# compressed files share the ids drawn for NAME.tres. The re-saves and
# conversions load the files afresh (CACHE_MODE_IGNORE), so their objects
# carry the ids of the file they came from. Node unique_ids are random in
# every run, but the same in a case's three files. log.txt lists, in order,
# "save PATH" for a save of fresh objects, "resave PATH" for a file loaded
# and saved back in place, "convert FROM TO", and "fixture PATH".
#
# Every file is loaded back at the end; a scene is also instantiated. It
# prints "fail PATH why" for a file that does not load, and "wrote N cases
# to OUTDIR" at the end.
extends SceneTree

const Random4 = preload("res://scripts/text/random4.gd")
var gen := Random4.new()
var rng: RandomNumberGenerator = gen.rng

var out := ""          # OUTDIR as saved: res://… inside the project
var index := []
var log_lines := []
var files := []        # every file written, to load back at the end
var failures := 0

var exts := []         # the external resources, loaded
var subs := []         # the sub-scenes, loaded
var pool := []         # finished resources of the current case, to refer to again

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	out = ProjectSettings.localize_path(args[0]).trim_suffix("/")
	DirAccess.make_dir_recursive_absolute(out)
	log_lines.append("godot %s" % Engine.get_version_info().string)
	if args.size() > 1 and args[1] == "script":
		fixed_scripts()
	elif args.size() > 1 and args[1] == "classes":
		fixed_classes()
	else:
		rng.seed = int(args[1])
		fixtures()
		for i in int(args[2]):
			pool = []
			if rng.randi_range(0, 2) < 2:
				resource_case("res_%04d" % i, new_resource(3, true))
			else:
				scene_case("scene_%04d" % i, random_scene())
	check_files()
	write_lines(out + "/index.txt", index)
	write_lines(out + "/log.txt", log_lines)
	print("wrote %d cases to %s" % [index.size(), out])
	quit(1 if failures > 0 else 0)

func write_lines(path: String, lines: Array) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	for line in lines:
		f.store_line(line)
	f.close()

func fail(path: String, why: String) -> void:
	print("fail %s %s" % [path, why])
	failures += 1

func save(res: Resource, path: String, flags := 0) -> void:
	var err := ResourceSaver.save(res, path, flags)
	if err != OK:
		fail(path, "save error %d" % err)
	log_lines.append("save " + path)
	files.append(path)

func load_fresh(path: String) -> Resource:
	var res := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	if res == null:
		fail(path, "load returned null")
	return res

# A case: NAME.EXT (text), binary and compressed binary, the re-saves in
# place, then the conversions (of the files as re-saved).
func resource_case(name: String, res: Resource) -> void:
	write_case(name, res, ".tres", ".res", "resource")

func scene_case(name: String, root: Node) -> void:
	var scene := PackedScene.new()
	var err := scene.pack(root)
	if err != OK:
		fail(name, "pack error %d" % err)
	write_case(name, scene, ".tscn", ".scn", "scene")
	root.free()

func write_case(name: String, res: Resource, text: String, binary: String, kind: String) -> void:
	var base := out + "/" + name
	save(res, base + text)
	save(res, base + binary)
	save(res, base + ".c" + binary, ResourceSaver.FLAG_COMPRESS)
	resave(base, text)
	resave(base, binary)
	resave(base, ".c" + binary, ResourceSaver.FLAG_COMPRESS)
	convert_file(base + binary, base + ".conv" + text)
	convert_file(base + text, base + ".conv" + binary)
	index.append("%s %s" % [name, kind])

# resave loads BASE+EXT and saves it back to its path. The first save is
# kept as BASE.orig+EXT when the two differ.
func resave(base: String, ext: String, flags := 0) -> void:
	var path := base + ext
	var before := FileAccess.get_file_as_bytes(path)
	var res := load_fresh(path)
	if res == null:
		return
	var err := ResourceSaver.save(res, path, flags)
	if err != OK:
		fail(path, "re-save error %d" % err)
	log_lines.append("resave " + path)
	if FileAccess.get_file_as_bytes(path) != before:
		var orig := base + ".orig" + ext
		var f := FileAccess.open(orig, FileAccess.WRITE)
		f.store_buffer(before)
		f.close()
		files.append(orig)

func convert_file(from: String, to: String) -> void:
	var res := load_fresh(from)
	if res == null:
		return
	var err := ResourceSaver.save(res, to)
	if err != OK:
		fail(to, "save error %d" % err)
	log_lines.append("convert %s %s" % [from, to])
	files.append(to)

func check_files() -> void:
	for path in files:
		var res := load_fresh(path)
		if res is PackedScene:
			var node: Node = res.instantiate()
			if node == null:
				fail(path, "instantiate returned null")
			else:
				node.free()

# --- fixtures ---------------------------------------------------------------

# fixtures saves the resources and scenes the cases refer to, and loads
# them, so that they have their paths and are external to every case.
func fixtures() -> void:
	var g := Gradient.new()
	g.offsets = PackedFloat32Array([0.0, 0.25, 1.0])
	g.colors = PackedColorArray([Color(1, 0, 0), Color(0, 1, 0, 0.5), Color(0, 0, 1)])
	fixture(g, "ext_0.tres")
	var r := Resource.new()
	r.resource_name = "ext one"
	r.set_meta("n", 1)
	r.set_meta("s", "two")
	fixture(r, "ext_1.res")
	var sb := StyleBoxFlat.new()
	sb.bg_color = Color(0.2, 0.3, 0.4)
	sb.corner_radius_top_left = 3
	fixture(sb, "ext_2.tres")
	var t := GradientTexture2D.new()
	t.gradient = exts[0]
	t.width = 8
	t.height = 4
	fixture(t, "ext_3.tres")

	var sub := Node2D.new()
	sub.name = "Sub"
	var inner := Sprite2D.new()
	inner.name = "Inner"
	inner.position = Vector2(5, 6)
	inner.add_to_group("inner_group", true)
	sub.add_child(inner)
	inner.owner = sub
	var leaf := Node.new()
	leaf.name = "Leaf"
	inner.add_child(leaf)
	leaf.owner = sub
	var timer := Timer.new()
	timer.name = "Timer"
	sub.add_child(timer)
	timer.owner = sub
	timer.connect("timeout", Callable(leaf, "queue_free"), CONNECT_PERSIST)
	fixture_scene(sub, "sub_0.tscn")
	var sub1 := Node3D.new()
	sub1.name = "Sub3D"
	var child := Node3D.new()
	child.name = "Child"
	child.position = Vector3(1, 2, 3)
	sub1.add_child(child)
	child.owner = sub1
	fixture_scene(sub1, "sub_1.scn")

func fixture(res: Resource, file: String) -> void:
	var path := out + "/" + file
	ResourceSaver.save(res, path)
	log_lines.append("fixture " + path)
	files.append(path)
	exts.append(load(path))

func fixture_scene(root: Node, file: String) -> void:
	var scene := PackedScene.new()
	scene.pack(root)
	root.free()
	var path := out + "/" + file
	ResourceSaver.save(scene, path)
	log_lines.append("fixture " + path)
	files.append(path)
	subs.append(load(path))

# --- random resources -------------------------------------------------------

const IDENT_FIRST := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
const IDENT_REST := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"

# A metadata name: Godot 4 takes only ASCII identifiers.
func ident() -> String:
	var s := IDENT_FIRST[rng.randi_range(0, IDENT_FIRST.length() - 1)]
	for i in rng.randi_range(0, 7):
		s += IDENT_REST[rng.randi_range(0, IDENT_REST.length() - 1)]
	return s

# A finite float for a property: some round, some not.
func nice_float(scale := 100.0) -> float:
	match rng.randi_range(0, 3):
		0: return float(rng.randi_range(-10, 10))
		1: return rng.randi_range(-40, 40) * 0.25
	return rng.randf_range(-scale, scale)

func nice_color() -> Color:
	return Color(rng.randf(), rng.randf(), rng.randf(), [1.0, rng.randf()][rng.randi_range(0, 1)])

func chance(n: int) -> bool:
	return rng.randi_range(0, n - 1) == 0

const CLASSES := ["Resource", "Resource", "Gradient", "Curve", "StyleBoxFlat", "GradientTexture1D",
	"CurveTexture", "PhysicsMaterial", "Image", "Animation"]

# new_resource makes a resource of a random class with random properties
# and metadata, whose values hold resources down to depth levels.
func new_resource(depth: int, main := false) -> Resource:
	var cls: String = CLASSES[rng.randi_range(0, CLASSES.size() - 1)]
	var res: Resource = new_image() if cls == "Image" else ClassDB.instantiate(cls)
	if chance(4):
		res.resource_name = gen.without_bom(gen.random_string()) # a BOM alone would read back as the default
	if chance(8):
		res.resource_local_to_scene = true
	match cls:
		"Gradient":
			var n := rng.randi_range(1, 5)
			var offsets := PackedFloat32Array()
			var colors := PackedColorArray()
			for i in n:
				offsets.append(rng.randf())
				colors.append(nice_color())
			res.offsets = offsets
			res.colors = colors
			if chance(2):
				res.interpolation_mode = rng.randi_range(0, 2)
			if chance(3):
				res.interpolation_color_space = rng.randi_range(0, 2)
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
					res.set(p, absf(nice_float(10)))
			if chance(3):
				res.draw_center = false
			if chance(3):
				res.skew = Vector2(nice_float(1), nice_float(1))
			if chance(3):
				res.shadow_offset = Vector2(nice_float(5), nice_float(5))
		"GradientTexture1D":
			if chance(3):
				res.width = rng.randi_range(1, 512)
			if chance(3):
				res.use_hdr = true
			if depth > 0 and chance(2):
				res.gradient = child_resource(depth, "Gradient")
		"CurveTexture":
			if chance(3):
				res.width = rng.randi_range(32, 512)
			if chance(3):
				res.texture_mode = 1
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
				res.loop_mode = rng.randi_range(0, 2)
			if chance(3):
				res.step = [0.1, 0.05, 0.5][rng.randi_range(0, 2)]
			for t in rng.randi_range(0, 2):
				var track: int = res.add_track(Animation.TYPE_VALUE)
				res.track_set_path(track, NodePath(gen.random_string(5).replace(":", "") + ":" + ident()))
				if chance(3):
					res.value_track_set_update_mode(track, rng.randi_range(0, 2))
				for k in rng.randi_range(0, 3):
					res.track_insert_key(track, rng.randi_range(0, 40) * 0.25,
						gen.random_value(0), [1.0, rng.randf() * 3][rng.randi_range(0, 1)])
	add_metadata(res, depth, rng.randi_range(1, 5) if main else rng.randi_range(0, 2))
	if not main:
		if chance(20):
			res.set_meta("_skip_save_", true)
		pool.append(res)
	return res

# A small image of random pixels: its data is written as a PackedByteArray,
# longer than 64 bytes (which makes a .tres format=4) or not.
func new_image() -> Image:
	var w := rng.randi_range(1, 5)
	var h := rng.randi_range(1, 4)
	var format: int = [Image.FORMAT_L8, Image.FORMAT_RGB8, Image.FORMAT_RGBA8][rng.randi_range(0, 2)]
	var img := Image.create(w, h, false, format)
	for y in h:
		for x in w:
			img.set_pixel(x, y, Color8(rng.randi_range(0, 255), rng.randi_range(0, 255),
				rng.randi_range(0, 255), rng.randi_range(0, 255)))
	return img

# child_resource gives a resource of the class, usually new, sometimes one
# the case has already.
func child_resource(depth: int, cls: String) -> Resource:
	for r in pool:
		if r.get_class() == cls and chance(3):
			return r
	var res: Resource = ClassDB.instantiate(cls)
	if cls == "Gradient":
		res.offsets = PackedFloat32Array([0.0, rng.randf()])
		res.colors = PackedColorArray([nice_color(), nice_color()])
	else:
		res.add_point(Vector2(rng.randf(), rng.randf()))
	add_metadata(res, depth - 1, rng.randi_range(0, 1))
	pool.append(res)
	return res

func add_metadata(obj: Object, depth: int, count: int) -> void:
	for i in count:
		var value = meta_value(depth)
		obj.set_meta(ident(), value)

# meta_value is a random value of any type, or a resource, or a container
# of values and resources.
func meta_value(depth: int) -> Variant:
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
			if not pool.is_empty():
				return pool[rng.randi_range(0, pool.size() - 1)]
		6:
			return exts[rng.randi_range(0, exts.size() - 1)]
		7:
			var a := []
			for i in rng.randi_range(0, 4):
				a.append(resource_or_value(depth))
			return a
		8:
			var d := {}
			var key_done := false
			for i in rng.randi_range(0, 4):
				var k = gen.random_key(0)
				if not key_done and chance(4):
					k = resource_or_value(depth, true)
					key_done = true
				if typeof(k) == TYPE_STRING:
					k = gen.without_bom(k)
				d[k] = resource_or_value(depth)
			return d
		9:
			var typed := Array([], TYPE_OBJECT, &"Resource", null)
			for i in rng.randi_range(0, 3):
				typed.append(resource_or_value(depth, true))
			return typed
		10:
			if chance(2):
				var big := PackedByteArray()
				for i in rng.randi_range(60, 70):
					big.append(rng.randi_range(0, 255))
				return big
	return gen.random_value(0)

func resource_or_value(depth: int, only_resource := false) -> Variant:
	match rng.randi_range(0, 3 if only_resource else 5):
		0:
			if depth > 0:
				return new_resource(depth - 1)
		1:
			if not pool.is_empty():
				return pool[rng.randi_range(0, pool.size() - 1)]
		2:
			return exts[rng.randi_range(0, exts.size() - 1)]
		4, 5:
			return gen.random_value(0)
	return exts[rng.randi_range(0, exts.size() - 1)] if depth <= 0 else new_resource(0)

# --- random scenes ----------------------------------------------------------

const NODE_CLASSES := ["Node", "Node2D", "Node3D", "Sprite2D", "Label", "Control", "Timer", "ColorRect", "Marker2D"]

const SIGNALS := {
	"Node": ["ready", "renamed", "tree_entered", "tree_exiting", "tree_exited", "replacing_by", "editor_description_changed"],
	"CanvasItem": ["draw", "visibility_changed", "hidden", "item_rect_changed"],
	"Control": ["resized", "focus_entered", "mouse_entered", "gui_input"],
	"Node3D": ["visibility_changed"],
	"Timer": ["timeout"],
}

const METHODS := {
	"Node": ["queue_free", "print_tree", "set_name", "set_process", "set_meta", "propagate_notification", "update_configuration_warnings"],
	"CanvasItem": ["hide", "show", "queue_redraw"],
	"Node3D": ["hide", "show"],
	"Timer": ["start", "stop"],
}

# A node name: a random string, which the engine cleans of . : @ / " %,
# not empty and not a sibling's. Not one that starts with a byte order
# mark either: the engine drops it when it reads the name, but not when it
# reads the name inside a path, so the node's children would be lost.
func node_name(parent: Node) -> String:
	for attempt in 20:
		var n := gen.random_string(6) if chance(2) else ident()
		n = gen.without_bom(n.validate_node_name())
		if n.is_empty():
			continue
		var taken := false
		if parent != null:
			for c in parent.get_children():
				if String(c.name) == n:
					taken = true
		if not taken:
			return n
	return "N%d" % rng.randi()

func new_node(parent: Node) -> Node:
	var cls: String = NODE_CLASSES[rng.randi_range(0, NODE_CLASSES.size() - 1)]
	var node: Node = ClassDB.instantiate(cls)
	node.name = node_name(parent)
	if node is Node2D:
		if chance(2): node.position = Vector2(nice_float(), nice_float())
		if chance(3): node.rotation = nice_float(3)
		if chance(3): node.scale = Vector2(nice_float(3), nice_float(3))
		if chance(4): node.z_index = rng.randi_range(-10, 10)
	if node is CanvasItem:
		if chance(4): node.visible = false
		if chance(4): node.modulate = nice_color()
	if node is Node3D:
		if chance(2): node.position = Vector3(nice_float(), nice_float(), nice_float())
		if chance(3): node.rotation = Vector3(nice_float(3), nice_float(3), nice_float(3))
		if chance(4): node.visible = false
	match cls:
		"Sprite2D":
			if chance(2): node.texture = texture()
			if chance(3): node.offset = Vector2(nice_float(), nice_float())
			if chance(3): node.flip_h = true
			if chance(4): node.centered = false
			if chance(4): node.hframes = rng.randi_range(1, 4)
		"Label":
			if chance(2): node.text = gen.random_string(10)
			if chance(3): node.horizontal_alignment = rng.randi_range(0, 3)
			if chance(4): node.autowrap_mode = rng.randi_range(0, 3)
		"Control", "ColorRect":
			if chance(2): node.position = Vector2(nice_float(), nice_float())
			if chance(2): node.size = Vector2(absf(nice_float()), absf(nice_float()))
			if chance(3): node.tooltip_text = gen.random_string(6)
			if chance(3): node.custom_minimum_size = Vector2(absf(nice_float()), absf(nice_float()))
			if cls == "ColorRect" and chance(2): node.color = nice_color()
		"Timer":
			if chance(2): node.wait_time = rng.randi_range(1, 100) * 0.125
			if chance(3): node.one_shot = true
			if chance(3): node.autostart = true
		"Marker2D":
			if chance(2): node.gizmo_extents = absf(nice_float(50))
	if chance(4): node.editor_description = gen.random_string(8)
	if chance(5): node.process_priority = rng.randi_range(-5, 5)
	if chance(6): node.process_mode = rng.randi_range(0, 4)
	add_metadata(node, 2, rng.randi_range(0, 2) if chance(2) else 0)
	for g in rng.randi_range(0, 3) if chance(3) else 0:
		# Not with a byte order mark first, which the loader drops.
		var group := gen.without_bom(gen.random_string(5))
		if not group.is_empty():
			node.add_to_group(group, not chance(5))
	return node

func texture() -> Texture2D:
	if chance(3):
		return exts[3]
	var t: Texture2D = GradientTexture1D.new() if chance(2) else GradientTexture2D.new()
	t.set("gradient", child_resource(1, "Gradient") if chance(2) else exts[0])
	if chance(2):
		t.set("width", rng.randi_range(1, 64))
	pool.append(t)
	return t

# random_scene makes a tree of random nodes, owned by its root, sometimes
# with an instance of a sub-scene (editable or not, or a placeholder),
# and persistent connections between the nodes.
func random_scene() -> Node:
	var root := new_node(null)
	var nodes: Array[Node] = [root]
	for i in rng.randi_range(0, 6):
		var parent: Node = nodes[rng.randi_range(0, nodes.size() - 1)]
		var node := new_node(parent)
		parent.add_child(node)
		node.owner = root
		nodes.append(node)
	if chance(4):
		nodes[rng.randi_range(0, nodes.size() - 1)].unique_name_in_owner = true
	var targets: Array[Node] = nodes.duplicate()
	for i in (rng.randi_range(1, 2) if chance(2) else 0):
		var parent: Node = nodes[rng.randi_range(0, nodes.size() - 1)]
		var scene: PackedScene = subs[rng.randi_range(0, subs.size() - 1)]
		var inst := scene.instantiate(PackedScene.GEN_EDIT_STATE_INSTANCE)
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
		if chance(2):
			root.set_editable_instance(inst, true)
			var inner := inst.get_child(0)
			if chance(2):
				if inner is Node2D:
					inner.position = Vector2(nice_float(), nice_float())
				else:
					inner.position = Vector3(nice_float(), nice_float(), nice_float())
			if chance(2):
				var extra := new_node(inner)
				inner.add_child(extra)
				extra.owner = root
				targets.append(extra)
			targets.append(inner)
		elif chance(2):
			targets.append(inst.get_child(0))
	var made := {}
	for i in rng.randi_range(0, 6):
		var from: Node = targets[rng.randi_range(0, targets.size() - 1)]
		var to: Node = targets[rng.randi_range(0, targets.size() - 1)]
		var sig := pick(SIGNALS, from)
		var method := pick(METHODS, to)
		var key := [from, sig, to, method]
		if made.has(key):
			continue
		made[key] = true
		var callable := Callable(to, method)
		var binds := []
		for b in (rng.randi_range(1, 3) if chance(3) else 0):
			binds.append(gen.random_value(0) if chance(2) else resource_or_value(0))
		var unbinds := rng.randi_range(1, 2) if chance(4) else 0
		if not binds.is_empty():
			callable = callable.bindv(binds)
		if unbinds > 0:
			callable = callable.unbind(unbinds)
		var flags := CONNECT_PERSIST
		if chance(3): flags |= CONNECT_DEFERRED
		if chance(5): flags |= CONNECT_ONE_SHOT
		if chance(8): flags = CONNECT_DEFERRED # not persistent: not saved
		from.connect(sig, callable, flags)
	return root

func pick(table: Dictionary, node: Node) -> String:
	var names := []
	for cls in table:
		if node.is_class(cls):
			names.append_array(table[cls])
	return names[rng.randi_range(0, names.size() - 1)]

# --- fixed cases with scripts -------------------------------------------------

const SCRIPT_RES := """extends Resource
@export var count := 3
@export var ratio := 1.5
@export var label := ""
@export var child: Resource
@export var items: Array[Resource] = []
@export var dict := {}
@export_storage var hidden := 7
var not_saved := 1
"""

const SCRIPT_NODE := """extends Node2D
@export var speed := 2.0
@export var target: NodePath
@export var target_node: Node
@export var nodes: Array[Node] = []
@export var res: Resource
"""

# fixed_scripts writes cases whose resources and nodes carry GDScripts
# (script_res.gd and script_node.gd, written into OUTDIR): their values
# can't be known without the script, so they are kept apart from the
# random cases.
func fixed_scripts() -> void:
	write_script("script_res.gd", SCRIPT_RES)
	write_script("script_node.gd", SCRIPT_NODE)
	var res_script: Script = load(out + "/script_res.gd")
	var node_script: Script = load(out + "/script_node.gd")

	var child: Resource = res_script.new()
	child.count = 9
	child.label = "child"
	var main: Resource = res_script.new()
	main.count = 4
	main.label = "line1\nline2 \"q\" \\ tab\there é"
	main.child = child
	main.items.append_array([child, StyleBoxFlat.new()])
	main.dict = {"k": child, 2: Vector2(1, 2)}
	main.hidden = 8
	main.not_saved = 5
	main.set_meta("note", "meta")
	resource_case("script_res", main)

	var plain: Resource = res_script.new()
	resource_case("script_res_defaults", plain)

	var root := Node2D.new()
	root.name = "Root"
	root.set_script(node_script)
	var a := Node2D.new()
	a.name = "A"
	root.add_child(a)
	a.owner = root
	var b := Sprite2D.new()
	b.name = "B"
	a.add_child(b)
	b.owner = root
	b.set_script(node_script)
	root.speed = 3.5
	root.target = NodePath("A/B")
	root.target_node = b
	root.nodes.append_array([a, b])
	root.res = child
	b.res = main
	b.speed = 2.0
	scene_case("script_scene", root)

func write_script(file: String, source: String) -> void:
	var f := FileAccess.open(out + "/" + file, FileAccess.WRITE)
	f.store_string(source)
	f.close()
	log_lines.append("fixture %s/%s" % [out, file])

# --- classes ----------------------------------------------------------------

# fixed_classes writes a case of each class whose files depend on what the
# class does with its values: property lists built from the values
# (_get_property_list, _validate_property), properties rebuilt or
# converted on load, keys kept in an order of the class's own, entries
# stored although null (PROPERTY_USAGE_STORE_IF_NULL).
func fixed_classes() -> void:
	fixtures()
	var theme := Theme.new()
	theme.set_stylebox("normal", "Button", StyleBoxFlat.new())
	theme.set_stylebox("disabled", "Button", null)
	theme.set_icon("icon", "Button", null)
	theme.set_font("font", "Label", null)
	theme.set_color("font_color", "Label", Color(1, 0, 0))
	theme.set_constant("outline_size", "Label", 2)
	resource_case("theme_nulls", theme)

	var sm := AnimationNodeStateMachine.new()
	sm.add_node("idle", AnimationNodeAnimation.new(), Vector2(100, 50))
	sm.add_transition("Start", "idle", AnimationNodeStateMachineTransition.new())
	resource_case("state_machine", sm)

	var img := Image.create(8, 8, false, Image.FORMAT_RGBA8)
	for y in 8:
		for x in 8:
			img.set_pixel(x, y, Color(x / 8.0, y / 8.0, 0.5, 1))
	resource_case("image_texture", ImageTexture.create_from_image(img))

	var anim := Animation.new()
	anim.length = 2.0
	var m := anim.add_track(Animation.TYPE_METHOD)
	anim.track_set_path(m, NodePath("."))
	anim.track_insert_key(m, 0.5, {"method": "queue_free", "args": []})
	anim.track_insert_key(m, 1.0, {"method": "set_meta", "args": ["a", 1]})
	var au := anim.add_track(Animation.TYPE_AUDIO)
	anim.track_set_path(au, NodePath("Audio"))
	anim.audio_track_insert_key(au, 0.0, AudioStreamWAV.new(), 0.1, 0.2)
	var v := anim.add_track(Animation.TYPE_VALUE)
	anim.track_set_path(v, NodePath(".:position"))
	anim.track_insert_key(v, 0.0, Vector2(1, 2))
	resource_case("animation_tracks", anim)

	var frames := SpriteFrames.new()
	frames.add_animation("walk")
	frames.set_animation_loop("walk", false)
	frames.set_animation_speed("walk", 8.0)
	frames.add_frame("walk", exts[3], 1.0)
	frames.add_frame("default", exts[3], 2.0)
	frames.add_animation("alpha")
	resource_case("sprite_frames", frames)

	# SpriteFrames sets an animation's "loop" as a bool: an int in a file
	# (a hand's, an older editor's) is saved back as one.
	var src := out + "/sprite_frames_int_loop_src.tres"
	var hand := FileAccess.open(src, FileAccess.WRITE)
	hand.store_string("[gd_resource type=\"SpriteFrames\" format=3]\n\n[resource]\nanimations = [{\n\"frames\": [],\n\"loop\": 1,\n\"name\": &\"default\",\n\"speed\": 5.0\n}, {\n\"frames\": [],\n\"loop\": 0,\n\"name\": &\"b\",\n\"speed\": 2.0\n}]\n")
	hand.close()
	log_lines.append("fixture " + src)
	resource_case("sprite_frames_int_loop", load_fresh(src))

	var tree := AnimationNodeBlendTree.new()
	tree.add_node("anim", AnimationNodeAnimation.new(), Vector2(10, 20))
	tree.add_node("blend", AnimationNodeBlend2.new(), Vector2(200, 20))
	tree.add_node("b_anim", AnimationNodeAnimation.new(), Vector2(10, 120))
	tree.connect_node("blend", 0, "anim")
	tree.connect_node("blend", 1, "b_anim")
	tree.connect_node("output", 0, "blend")
	resource_case("blend_tree", tree)

	var font := FontVariation.new()
	font.fallbacks = [SystemFont.new(), FontVariation.new()]
	font.spacing_glyph = 2
	resource_case("font_fallbacks", font)

	var mat := StandardMaterial3D.new()
	mat.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	mat.albedo_color = Color(0.5, 0.25, 1)
	resource_case("material_unshaded", mat)

	var tiles := TileSet.new()
	var atlas := TileSetAtlasSource.new()
	atlas.texture = exts[3]
	atlas.texture_region_size = Vector2i(4, 4)
	atlas.create_tile(Vector2i(0, 0))
	atlas.create_tile(Vector2i(1, 0))
	tiles.add_source(atlas)
	resource_case("tileset", tiles)

	var lib := MeshLibrary.new()
	lib.create_item(0)
	lib.set_item_name(0, "box")
	lib.set_item_mesh(0, BoxMesh.new())
	resource_case("mesh_library", lib)

	var ff := FontFile.new()
	ff.fixed_size = 16
	ff.set_cache_ascent(0, 16, 12.0)
	resource_case("font_file", ff)
