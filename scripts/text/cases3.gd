# Writes values that exercise Godot 3's var2str, for gdvar's text tests (run
# under 3.2 and 3.6): NAME.bin (var2bytes, with objects where the index
# says so), NAME.txt (var2str of the value decoded from NAME.bin) and
# index.txt, as scripts/golden/godot3.gd does; and floats.txt, "F|V <hex of
# var2bytes> <var2str>" for scalars and Vector2 components. With SEED and
# COUNT, it writes COUNT random values instead: every type, in every
# position (array elements, dictionary keys and values, nested), with
# strings full of control characters, quotes and backslashes, floats with
# NaN of either sign, and dictionaries of many keys of mixed types, pool
# arrays among them (made by random3.gd, which other generators share).
# With "cfg" and the version after them, COUNT random ConfigFiles of such
# values under random section names and keys (see save_config).
#   godot3 --no-window -s scripts/text/cases3.gd -- OUTDIR [SEED COUNT [cfg 3.6|3.2]]
extends SceneTree

var out = ""
var index = []
# The random values come from random3.gd, which shares its rng.
const Random3 = preload("res://scripts/text/random3.gd")
const LoadCfg3 = preload("res://scripts/text/loadcfg3.gd")
var gen = Random3.new()
var rng = gen.rng

func _init():
	var args = OS.get_cmdline_args()
	var at = Array(args).find("--")
	out = args[at + 1]
	Directory.new().make_dir_recursive(out)
	if args.size() > at + 4 and args[at + 4] == "cfg":
		rng.seed = int(args[at + 2])
		for i in range(int(args[at + 3])):
			save_config("config_%04d" % i, args[at + 5] == "3.2")
	elif args.size() > at + 2:
		rng.seed = int(args[at + 2])
		var i = 0
		while i < int(args[at + 3]):
			gen.pool_keys = 0
			if save("random_%04d" % i, gen.random_dict(2) if i % 3 == 0 else gen.random_value(2)):
				i += 1
	else:
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

# save writes a vector, unless the engine wrote a key as "[Deleted Object]",
# which Godot 3.2 rarely does for a random pool array key (a fault of the
# engine, which corrupts the key): then it writes nothing and returns false.
func save(name, value, objects = false):
	var bytes = var2bytes(value, objects)
	var text = var2str(bytes2var(bytes, objects))
	if text.find("[Deleted Object]") >= 0:
		return false
	var f = File.new()
	f.open(out + "/" + name + ".bin", File.WRITE)
	f.store_buffer(bytes)
	f.close()
	f.open(out + "/" + name + ".txt", File.WRITE)
	f.store_string(text)
	f.close()
	index.append(name + (" objects" if objects else " plain"))
	return true

# save_config writes a random ConfigFile as NAME.cfg (save), the same
# encrypted with the password "gdvar" as NAME.enc (save_encrypted_pass),
# what the engine reads back from NAME.cfg as NAME.bin (var2bytes of
# [load's error, [section, key, value], ...] in the order get_sections and
# get_section_keys give), and that read-back file saved again as
# NAME.re.cfg. Godot 3.2 writes keys as they are, and cannot read back
# most keys but plain names, nor its infinities and NaN in vectors: for it,
# keys are plain and floats finite.
func save_config(name, plain_keys):
	gen.finite = plain_keys
	var cf = ConfigFile.new()
	for s in range(rng.randi_range(1, 4)):
		var section = "" if rng.randi_range(0, 4) == 0 else gen.random_string(6)
		for k in range(rng.randi_range(1, 5)):
			var key = "k%d_%d" % [s, rng.randi_range(0, 99)] if plain_keys else gen.random_string(6)
			cf.set_value(section, key, gen.random_value(2))
	var path = out + "/" + name
	cf.save(path + ".cfg")
	cf.save_encrypted_pass(path + ".enc", "gdvar")
	var f = File.new()
	f.open(path + ".bin", File.WRITE)
	f.store_buffer(var2bytes(LoadCfg3.read(path + ".cfg")))
	f.close()
	var back = ConfigFile.new()
	back.load(path + ".cfg")
	back.save(path + ".re.cfg")
	index.append(name + " config")

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
