# Writes the Godot 3 golden vectors (Godot 3 syntax; run under 3.2 and 3.6):
# for each value, NAME.bin (var2bytes, with full objects where the name says
# so) and NAME.txt (var2str of the value the engine decodes from NAME.bin),
# plus index.txt listing "NAME objects|plain". Each vector is checked by
# having the engine decode it and write it again.
# Run from the repository root by scripts/gen-golden.sh:
#   godot3-server --no-window -s scripts/golden/godot3.gd -- OUTDIR
extends SceneTree

const Common = preload("res://scripts/golden/common.gd")

var out = ""
var index = []

func _init():
	var args = OS.get_cmdline_args()
	out = args[Array(args).find("--") + 1]
	Directory.new().make_dir_recursive(out)
	scalars()
	strings()
	math()
	paths_and_objects()
	containers()
	pools()
	var f = File.new()
	f.open(out + "/index.txt", File.WRITE)
	for line in index:
		f.store_line(line)
	f.close()
	print("wrote %d vectors to %s" % [index.size(), out])
	quit()

# save writes one vector; objects selects var2bytes' full objects. check
# says whether the value read back must print as the one written (not so for
# object ids, which the engine resolves). Bytes are not compared: Godot 3
# writes uninitialised padding after NodePath names, different every time.
func save(name, value, objects = false, check = true):
	var bytes = var2bytes(value, objects)
	if check and var2str(bytes2var(bytes, objects)) != var2str(value):
		printerr("engine does not read back " + name)
		quit(1)
		return
	var f = File.new()
	f.open(out + "/" + name + ".bin", File.WRITE)
	f.store_buffer(bytes)
	f.close()
	f.open(out + "/" + name + ".txt", File.WRITE)
	f.store_string(var2str(bytes2var(bytes, objects)))
	f.close()
	index.append(name + (" objects" if objects else " plain"))

func scalars():
	save("nil", null)
	save("bool_true", true)
	save("bool_false", false)
	var ints = Common.ints()
	for k in ints:
		save(k, ints[k])
	var floats = Common.floats()
	for k in floats:
		save(k, floats[k])

func strings():
	save("string_empty", "")
	save("string_a", "a")
	save("string_ab", "ab")
	save("string_abc", "abc")
	save("string_abcd", "abcd")
	save("string_unicode", "héllo wörld ✓ 日本語")
	save("string_escapes", "tab\there \"quoted\" back\\slash\nnewline")
	var check = ""
	for i in 30000:
		check += "✓"
	save("string_long_3byte", check) # 90000 bytes: chunks cut inside a character

func math():
	save("vector2", Vector2(1, 2.5))
	save("vector2_rounded", Vector2(0.1, 0.2))
	save("rect2", Rect2(1, 2, 3.5, 4.25))
	save("vector3", Vector3(1, 2, 3))
	var zero = 0.0
	save("vector3_special", Vector3(INF, -INF, -zero))
	save("transform2d", Transform2D(0.5, Vector2(3, 4)))
	save("plane", Plane(Vector3(0, 1, 0), 5))
	save("quat", Quat(Vector3(0, 1, 0), 0.5))
	save("aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)))
	save("basis", Basis(Vector3(1, 0, 0), 0.25))
	save("transform", Transform(Basis(Vector3(0, 0, 1), 1.0), Vector3(7, 8, 9)))
	save("color", Color(1, 0.5, 0.25, 0.75))

func paths_and_objects():
	save("nodepath_empty", NodePath(""))
	save("nodepath_root", NodePath("/root"))
	save("nodepath_relative", NodePath("a/b"))
	save("nodepath_parent", NodePath("../sibling"))
	save("nodepath_subnames", NodePath("/root/a:b:c"))
	save("nodepath_subnames_only", NodePath(":position:x"))
	save("nodepath_unicode", NodePath("ノード/子:名前"))
	save("rid_empty", RID())
	save("object_id", Reference.new(), false, false)
	save("object_null", null)
	save("object_full_reference", Reference.new(), true)
	var o = Reference.new()
	o.set_meta("k", 5)
	o.set_meta("name", "meta")
	save("object_full_meta", o, true)
	var outer = Reference.new()
	outer.set_meta("inner", o)
	save("object_full_nested", outer, true)
	save("object_full_in_array", [Reference.new(), 1], true)

func containers():
	save("array_empty", [])
	save("array_mixed", [1, "a", 2.5, null, true, Vector2(1, 2)])
	save("array_nested", [[1, [2, [3, []]]], {}])
	save("dict_empty", {})
	save("dict_simple", {"a": 1, "b": "x"})
	save("dict_order", {"z": 1, "a": 2, "m": 3})
	save("dict_any_keys", {1: "int", 1.5: "float", Vector2(1, 2): "vector", [1]: "array", null: "nil", true: "bool", {"k": 1}: "dict"})
	save("dict_nested", {"a": {"b": {"c": [1, 2, {"d": null}]}}})
	var deep = 7
	for i in 1024:
		deep = [deep]
	save("nest_1024_arrays", deep)
	var players = []
	for i in 3:
		players.append(Common.player(i))
	save("gamestate_3", players)
	var dict = {}
	for i in 1000:
		dict["key_%d" % i] = i * 3
	save("large_dict", dict)

func pools():
	save("pool_byte_empty", PoolByteArray())
	save("pool_byte_1", PoolByteArray([7]))
	save("pool_byte_5", PoolByteArray([1, 2, 3, 4, 255]))
	save("pool_int_empty", PoolIntArray())
	save("pool_int", PoolIntArray([1, -1, 2147483647, -2147483648]))
	save("pool_real_empty", PoolRealArray())
	save("pool_real", PoolRealArray([0.5, -1, INF, 0.1]))
	save("pool_string_empty", PoolStringArray())
	save("pool_string", PoolStringArray(["a", "bc", "", "héllo", "abc"]))
	save("pool_vector2_empty", PoolVector2Array())
	save("pool_vector2", PoolVector2Array([Vector2(1, 2), Vector2(0.1, -3)]))
	save("pool_vector3_empty", PoolVector3Array())
	save("pool_vector3", PoolVector3Array([Vector3(1, 2, 3), Vector3(-1, 0.5, 0)]))
	save("pool_color_empty", PoolColorArray())
	save("pool_color", PoolColorArray([Color(1, 0, 0, 1), Color(0.5, 0.5, 0.5, 0.25)]))
	var b = PoolByteArray()
	b.resize(150001)
	for i in b.size():
		b[i] = (i * 7 + 3) % 256
	save("large_pool_byte", b)
	var r = PoolRealArray()
	r.resize(20000)
	for i in r.size():
		r[i] = i * 0.25
	save("large_pool_real", r)
	var s = PoolStringArray()
	for i in 5000:
		s.append("item_%d_✓" % i)
	save("large_pool_string", s)
