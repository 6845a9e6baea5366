# Writes values that exercise Godot 3's var2str, for gdvar's text tests (run
# under 3.2 and 3.6): NAME.bin (var2bytes, with objects where the index
# says so), NAME.txt (var2str of the value decoded from NAME.bin) and
# index.txt, as scripts/golden/godot3.gd does; and floats.txt, "F|V <hex of
# var2bytes> <var2str>" for scalars and Vector2 components.
#   godot3 --no-window -s scripts/text/cases3.gd -- OUTDIR
extends SceneTree

var out = ""
var index = []

func _init():
	var args = OS.get_cmdline_args()
	out = args[Array(args).find("--") + 1]
	Directory.new().make_dir_recursive(out)
	keys()
	nesting()
	strings()
	reals()
	floats()
	var f = File.new()
	f.open(out + "/index.txt", File.WRITE)
	for line in index:
		f.store_line(line)
	f.close()
	print("wrote %d vectors to %s" % [index.size(), out])
	quit()

func save(name, value, objects = false):
	var bytes = var2bytes(value, objects)
	var f = File.new()
	f.open(out + "/" + name + ".bin", File.WRITE)
	f.store_buffer(bytes)
	f.close()
	f.open(out + "/" + name + ".txt", File.WRITE)
	f.store_string(var2str(bytes2var(bytes, objects)))
	f.close()
	index.append(name + (" objects" if objects else " plain"))

func keys():
	save("keys_numbers", {2: "a", -1: "b", 10: "c", 1.5: "d", -0.5: "e", 0: "f", 1e10: "g", true: "h", false: "i", null: "j"})
	save("keys_strings", {"b": 1, "a": 2, "c": 3, "d": 4, "": 5, "B": 6, "é": 7, "日": 8, "z": 9, "aa": 10, "ab": 11})
	save("keys_vectors", {Vector2(2, 1): 1, Vector2(1, 5): 2, Vector2(1, -5): 3, Vector3(0, 0, 1): 6, Vector3(0, 0, -1): 7})
	save("keys_arrays", {[2]: 1, [1, 2]: 2, [1]: 3, []: 4, [1, "x"]: 5, [0.5]: 6})
	save("keys_mixed", {Color(1, 0, 0): 1, NodePath("a"): 2, Rect2(0, 0, 1, 1): 3, "s": 4, 3: 5, Vector2(0, 0): 6, [0]: 7, {"k": 1}: 8, PoolByteArray([1]): 9, Plane(0, 1, 0, 0): 11, Quat(0, 0, 0, 1): 12})

func nesting():
	var deep = {"x": 1}
	for i in 120:
		deep = {"k%d" % i: deep, "n": i}
	save("nest_dicts_mixed", deep)
	var deepa = 1
	for i in 120:
		deepa = [i, deepa, "s"]
	save("nest_arrays_mixed", deepa)
	var o = Reference.new()
	for i in 110:
		var outer = Reference.new()
		outer.set_meta("inner", o)
		o = outer
	save("nest_objects", o, true)
	save("nest_object_in_dict", {"o": Reference.new(), "a": [Reference.new(), {"b": Reference.new()}]}, true)

func strings():
	save("string_controls", "a\rb" + char(1) + "c\\nd\\\"e\t")
	save("nodepath_quotes", NodePath("a\"b/c\\d:e"))
	save("pool_string_quotes", PoolStringArray(["\"", "\\", "a\nb", "", "'?" + char(7) + char(8) + char(12) + char(11) + "\r\t" + char(1) + char(127) + char(0x85)]))

func reals():
	var rng = RandomNumberGenerator.new()
	rng.seed = 44
	var f32 = PoolRealArray()
	var v3 = PoolVector3Array()
	var colors = PoolColorArray()
	for i in 200:
		var x = rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-12, 12))
		f32.append(x)
		v3.append(Vector3(x, 1.0 / (i + 1), -x * 3))
		colors.append(Color(rng.randf(), rng.randf() * 2, -rng.randf(), 0.5))
	for x in [1e15, 1e16, 1e-5, 1e-4, -0.0, INF, -INF, NAN]:
		f32.append(x)
	save("reals_pool_real", f32)
	save("reals_pool_vector3", v3)
	save("reals_pool_color", colors)
	save("reals_math", [Rect2(0.1, -0.2, 1e10, 1e-10), Transform2D(0.3, Vector2(1e6, -1e-6)), Plane(Vector3(0.6, 0.8, 0), -0.001), AABB(Vector3(1e15, 1e16, 1e17), Vector3(-1e-5, -1e-4, 3.3)), Basis(Vector3(0, 1, 0), 1.0), Color(0.1, 0.2, 0.3, 0.4)])

func floats():
	var f = File.new()
	f.open(out + "/floats.txt", File.WRITE)
	var rng = RandomNumberGenerator.new()
	rng.seed = 3
	var values = [0.0, 1.0, -1.0, 0.5, 100.0, 1e15, 1e16, 0.1, 123456.0, 1234567.0, 0.0001, 0.00001, 1e-5 * 3]
	for e in range(-40, 40):
		values.append(pow(10.0, e))
		values.append(-1.2345678901234567 * pow(10.0, e))
	for i in 400:
		values.append(rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-30, 30)))
	for v in values:
		f.store_line("F %s %s" % [var2bytes(v).hex_encode(), var2str(v)])
		f.store_line("V %s %s" % [var2bytes(Vector2(v, v)).hex_encode(), var2str(Vector2(v, v))])
	f.close()
