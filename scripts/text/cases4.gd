# Writes values that exercise Godot 4's var_to_str, for gdvar's text tests:
# for each, NAME.bin (var_to_bytes, with objects where the index says so)
# and NAME.txt (var_to_str of the value decoded from NAME.bin), plus
# index.txt listing "NAME objects|plain", as scripts/golden/godot4.gd does.
# With SEED and COUNT, it writes COUNT random values instead: every type, in
# every position (array elements, dictionary keys and values, nested), with
# strings full of control characters, quotes and backslashes, floats with
# NaN of either sign, and dictionaries of many keys of mixed types (made by
# random4.gd, which other generators share). With "cfg" after them, COUNT
# random ConfigFiles of such values under random section names and keys
# (see save_config).
#   godot --headless -s scripts/text/cases4.gd -- OUTDIR [SEED COUNT [cfg]]
extends SceneTree

var out := ""
var index := []
# The random values come from random4.gd, which shares its rng.
const Random4 = preload("res://scripts/text/random4.gd")
var gen := Random4.new()
var rng: RandomNumberGenerator = gen.rng

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	out = args[0]
	DirAccess.make_dir_recursive_absolute(out)
	if args.size() > 3 and args[3] == "cfg":
		rng.seed = int(args[1])
		for i in int(args[2]):
			save_config("config_%04d" % i)
	elif args.size() > 1:
		rng.seed = int(args[1])
		for i in int(args[2]):
			save("random_%04d" % i, gen.random_dict(2) if i % 3 == 0 else gen.random_value(2))
	else:
		keys()
		nesting()
		strings()
		reals()
	var f := FileAccess.open(out + "/index.txt", FileAccess.WRITE)
	for line in index:
		f.store_line(line)
	f.close()
	print("wrote %d vectors to %s" % [index.size(), out])
	quit()

func save(name: String, value, objects := false) -> void:
	var bytes := var_to_bytes_with_objects(value) if objects else var_to_bytes(value)
	var f := FileAccess.open(out + "/" + name + ".bin", FileAccess.WRITE)
	f.store_buffer(bytes)
	f.close()
	f = FileAccess.open(out + "/" + name + ".txt", FileAccess.WRITE)
	f.store_string(var_to_str(bytes.decode_var(0, objects)))
	f.close()
	index.append(name + (" objects" if objects else " plain"))

# save_config writes a random ConfigFile as NAME.cfg (save), the same
# encrypted with the password "gdvar" as NAME.enc (save_encrypted_pass),
# what the engine reads back from NAME.cfg as NAME.bin (var_to_bytes of
# [load's error, [section, key, value], ...] in the order get_sections and
# get_section_keys give), and that read-back file saved again as
# NAME.re.cfg.
func save_config(name: String) -> void:
	var cf := ConfigFile.new()
	for s in rng.randi_range(1, 4):
		var section := "" if rng.randi_range(0, 4) == 0 else gen.random_string(6)
		for k in rng.randi_range(1, 5):
			cf.set_value(section, gen.random_string(6), gen.random_value(2))
	var path := out + "/" + name
	cf.save(path + ".cfg")
	cf.save_encrypted_pass(path + ".enc", "gdvar")
	var back := ConfigFile.new()
	var read := [back.load(path + ".cfg")]
	for s in back.get_sections():
		for k in back.get_section_keys(s):
			read.append([s, k, back.get_value(s, k)])
	var f := FileAccess.open(path + ".bin", FileAccess.WRITE)
	f.store_buffer(var_to_bytes(read))
	f.close()
	back.save(path + ".re.cfg")
	index.append(name + " config")

func keys() -> void:
	save("keys_numbers", {2: "a", -1: "b", 10: "c", 1.5: "d", -0.5: "e", 0: "f", 1e10: "g", true: "h", false: "i", null: "j"})
	save("keys_strings", {"b": 1, &"a": 2, "c": 3, &"d": 4, "": 5, "B": 6, "é": 7, "日": 8, "z": 9, "aa": 10, &"ab": 11})
	save("keys_vectors", {Vector2(2, 1): 1, Vector2(1, 5): 2, Vector2(1, -5): 3, Vector2i(3, 3): 4, Vector2i(-3, 3): 5, Vector3(0, 0, 1): 6, Vector3(0, 0, -1): 7, Vector4(1, 2, 3, 4): 8, Vector3i(1, 1, 1): 9, Vector4i(0, 0, 0, 0): 10})
	save("keys_arrays", {[2]: 1, [1, 2]: 2, [1]: 3, []: 4, [1, "x"]: 5, [0.5]: 6})
	save("keys_mixed", {Color(1, 0, 0): 1, NodePath("a"): 2, Rect2(0, 0, 1, 1): 3, "s": 4, 3: 5, Vector2(0, 0): 6, [0]: 7, {"k": 1}: 8, PackedByteArray([1]): 9, &"n": 10, Plane(0, 1, 0, 0): 11, Quaternion(0, 0, 0, 1): 12, RID(): 13})
	save("keys_typed", Dictionary({3: 1.5, 1: 2.5, 2: 0.0}, TYPE_INT, &"", null, TYPE_FLOAT, &"", null))

func nesting() -> void:
	var deep = {"x": 1}
	for i in 120:
		deep = {"k%d" % i: deep, "n": i}
	save("nest_dicts_mixed", deep)
	var deepa = 1
	for i in 120:
		deepa = [i, deepa, "s"]
	save("nest_arrays_mixed", deepa)
	var typed = []
	for i in 110:
		var a: Array[Array] = [typed]
		typed = a
	save("nest_typed_arrays", typed)
	var o = RefCounted.new()
	for i in 110:
		var outer = RefCounted.new()
		outer.set_meta("inner", o)
		o = outer
	save("nest_objects", o, true)
	save("nest_object_in_dict", {"o": RefCounted.new(), "a": [RefCounted.new(), {"b": RefCounted.new()}]}, true)

func strings() -> void:
	save("string_controls", "a\rb\u0001c\\nd\\\"e\t")
	save("stringname_quotes", &"say \"hi\"\\")
	save("nodepath_quotes", NodePath("a\"b/c\\d:e"))
	save("packed_string_quotes", PackedStringArray(["\"", "\\", "a\nb", "", "'?" + char(7) + char(8) + char(12) + char(11) + "\r\t" + char(1) + char(127) + char(0x85)]))
	save("string_emoji_keys", {"🎮": "🎲", "\"": "\\"})

func reals() -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = 44
	var f32 := PackedFloat32Array()
	var f64 := PackedFloat64Array()
	var v3 := PackedVector3Array()
	var colors := PackedColorArray()
	for i in 200:
		var x := rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-12, 12))
		f32.append(x)
		f64.append(x)
		v3.append(Vector3(x, 1.0 / (i + 1), -x * 3))
		colors.append(Color(rng.randf(), rng.randf() * 2, -rng.randf(), 0.5))
	f64.append_array(PackedFloat64Array([1e15, 1e16, 123456789012345678.0, 1e-5, 1e-4, 5e-324, -0.0, INF, -INF, NAN]))
	f32.append_array(PackedFloat32Array([1e15, 1e16, 1e-5, 1e-4, -0.0, INF, -INF, NAN]))
	save("reals_packed_float32", f32)
	save("reals_packed_float64", f64)
	save("reals_packed_vector3", v3)
	save("reals_packed_color", colors)
	save("reals_math", [Rect2(0.1, -0.2, 1e10, 1e-10), Transform2D(0.3, Vector2(1e6, -1e-6)), Plane(Vector3(0.6, 0.8, 0), -0.001), AABB(Vector3(1e15, 1e16, 1e17), Vector3(-1e-5, -1e-4, 3.3)), Basis(Vector3(0, 1, 0), 1.0), Projection.create_perspective(70, 1.5, 0.01, 4000), Color(0.1, 0.2, 0.3, 0.4), Vector4(NAN, INF, -INF, -0.0), Vector2i(-2147483648, 2147483647)])
