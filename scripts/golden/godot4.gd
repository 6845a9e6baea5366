# Writes the Godot 4 golden vectors: for each value, NAME.bin (var_to_bytes, or
# var_to_bytes_with_objects for full objects, or hand-made bytes the engine
# accepted) and NAME.txt (var_to_str of the value the engine decodes from
# NAME.bin), plus index.txt listing "NAME objects|plain".
# Run from the repository root by scripts/gen-golden.sh:
#   godot --headless -s scripts/golden/godot4.gd -- OUTDIR
extends SceneTree

const Common = preload("res://scripts/golden/common.gd")

var out := ""
var index := []

func _init() -> void:
	out = OS.get_cmdline_user_args()[0]
	DirAccess.make_dir_recursive_absolute(out)
	scalars()
	strings()
	math()
	wide_math()
	paths_and_objects()
	containers()
	packed()
	large()
	var f := FileAccess.open(out + "/index.txt", FileAccess.WRITE)
	for line in index:
		f.store_line(line)
	f.close()
	print("wrote %d vectors to %s" % [index.size(), out])
	quit()

# save writes one vector. mode is "plain", "objects" or "raw" (bytes given).
func save(name: String, value, mode := "plain", raw := PackedByteArray()) -> void:
	var bytes: PackedByteArray
	var objects := mode == "objects"
	match mode:
		"plain": bytes = var_to_bytes(value)
		"objects": bytes = var_to_bytes_with_objects(value)
		"raw": bytes = raw
	if bytes.is_empty():
		push_error("engine refused to encode " + name)
		quit(1)
	var used := bytes.decode_var_size(0, objects)
	if used != bytes.size():
		push_error("engine does not read back %s: %d of %d bytes" % [name, used, bytes.size()])
		quit(1)
	var f := FileAccess.open(out + "/" + name + ".bin", FileAccess.WRITE)
	f.store_buffer(bytes)
	f.close()
	f = FileAccess.open(out + "/" + name + ".txt", FileAccess.WRITE)
	f.store_string(var_to_str(bytes.decode_var(0, objects)))
	f.close()
	index.append(name + (" objects" if objects else " plain"))

func scalars() -> void:
	save("nil", null)
	save("bool_true", true)
	save("bool_false", false)
	var ints = Common.ints()
	for k in ints:
		save(k, ints[k])
	var floats = Common.floats()
	for k in floats:
		save(k, floats[k])

func strings() -> void:
	save("string_empty", "")
	save("string_a", "a")
	save("string_ab", "ab")
	save("string_abc", "abc")
	save("string_abcd", "abcd")
	save("string_unicode", "héllo wörld ✓ 日本語 🎮")
	save("string_escapes", "tab\there \"quoted\" back\\slash\nnewline")
	save("string_long_3byte", "✓".repeat(30000)) # 90000 bytes: chunks cut inside a character
	save("string_long_ascii", "0123456789abcdef".repeat(20000)) # 320000 bytes
	save("stringname", &"sn")
	save("stringname_empty", &"")
	save("stringname_unicode", &"名前")

func math() -> void:
	save("vector2", Vector2(1, 2.5))
	save("vector2_rounded", Vector2(0.1, 0.2))
	save("vector2i", Vector2i(1, -2))
	save("rect2", Rect2(1, 2, 3.5, 4.25))
	save("rect2i", Rect2i(-1, 2, 300, 400))
	save("vector3", Vector3(1, 2, 3))
	var zero := 0.0
	save("vector3_special", Vector3(INF, -INF, -zero))
	save("vector3i", Vector3i(2147483647, -2147483648, 0))
	save("transform2d", Transform2D(0.5, Vector2(3, 4)))
	save("vector4", Vector4(1, 2, 3, 4.5))
	save("vector4i", Vector4i(1, 2, 3, -4))
	save("plane", Plane(Vector3(0, 1, 0), 5))
	save("quaternion", Quaternion(Vector3(0, 1, 0), 0.5))
	save("aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)))
	save("basis", Basis(Vector3(1, 0, 0), 0.25))
	save("transform3d", Transform3D(Basis(Vector3(0, 0, 1), 1.0), Vector3(7, 8, 9)))
	save("projection", Projection.create_perspective(60, 1.5, 0.1, 100))
	save("color", Color(1, 0.5, 0.25, 0.75))
	save("color_hdr", Color(2.5, -1, 0, 1))

# The Debian build uses 32-bit reals, so 64-bit (FLAG_64) math values are
# made by hand here, as a precision=double build writes them, and kept only
# if the engine accepts them.
func wide_value(type_id: int, comps: Array) -> PackedByteArray:
	var sp := StreamPeerBuffer.new()
	sp.put_u32(type_id | (1 << 16))
	for c in comps:
		sp.put_double(c)
	return sp.data_array

func wide_packed(type_id: int, comps: Array, count: int) -> PackedByteArray:
	var sp := StreamPeerBuffer.new()
	sp.put_u32(type_id | (1 << 16))
	sp.put_u32(count)
	for c in comps:
		sp.put_double(c)
	return sp.data_array

func wide_math() -> void:
	save("wide_vector2", null, "raw", wide_value(TYPE_VECTOR2, [0.1, 0.2]))
	save("wide_rect2", null, "raw", wide_value(TYPE_RECT2, [0.1, 0.2, 0.3, 0.4]))
	save("wide_vector3", null, "raw", wide_value(TYPE_VECTOR3, [0.1, 1e300, -0.5]))
	save("wide_transform2d", null, "raw", wide_value(TYPE_TRANSFORM2D, [1, 0.1, 0.2, 1, 5.5, 6.5]))
	save("wide_vector4", null, "raw", wide_value(TYPE_VECTOR4, [0.1, 0.2, 0.3, 0.4]))
	save("wide_plane", null, "raw", wide_value(TYPE_PLANE, [0, 1, 0, 0.1]))
	save("wide_quaternion", null, "raw", wide_value(TYPE_QUATERNION, [0.1, 0.2, 0.3, 0.9]))
	save("wide_aabb", null, "raw", wide_value(TYPE_AABB, [0.1, 0.2, 0.3, 1.1, 1.2, 1.3]))
	save("wide_basis", null, "raw", wide_value(TYPE_BASIS, [1, 0.1, 0, 0.1, 1, 0, 0, 0, 1]))
	save("wide_transform3d", null, "raw", wide_value(TYPE_TRANSFORM3D, [1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.2, 0.3]))
	var proj := []
	for i in 16:
		proj.append(i + 0.1)
	save("wide_projection", null, "raw", wide_value(TYPE_PROJECTION, proj))
	save("wide_packed_vector2", null, "raw", wide_packed(TYPE_PACKED_VECTOR2_ARRAY, [0.1, 0.2, 0.3, 0.4], 2))
	save("wide_packed_vector3", null, "raw", wide_packed(TYPE_PACKED_VECTOR3_ARRAY, [0.1, 0.2, 0.3], 1))
	save("wide_packed_vector4", null, "raw", wide_packed(TYPE_PACKED_VECTOR4_ARRAY, [0.1, 0.2, 0.3, 0.4], 1))
	# An int with FLAG_64 although it fits in 32 bits: the engine reads it.
	var sp := StreamPeerBuffer.new()
	sp.put_u32(TYPE_INT | (1 << 16))
	sp.put_64(5)
	save("wide_int_small", null, "raw", sp.data_array)

func paths_and_objects() -> void:
	save("nodepath_empty", NodePath(""))
	save("nodepath_root", NodePath("/root"))
	save("nodepath_relative", NodePath("a/b"))
	save("nodepath_parent", NodePath("../sibling"))
	save("nodepath_subnames", NodePath("/root/a:b:c"))
	save("nodepath_subnames_only", NodePath(":position:x"))
	save("nodepath_unicode", NodePath("ノード/子:名前"))
	save("rid_empty", RID())
	save("rid", RenderingServer.canvas_create())
	save("object_id", RefCounted.new())
	save("object_null", null)
	var freed := Object.new()
	freed.free()
	save("object_freed", freed)
	save("object_full_refcounted", RefCounted.new(), "objects")
	var o := Object.new()
	o.set_meta("k", 5)
	o.set_meta("name", "meta")
	save("object_full_meta", o, "objects")
	var outer := Object.new()
	outer.set_meta("inner", o)
	save("object_full_nested", outer, "objects")
	save("object_full_in_array", [RefCounted.new(), 1], "objects")
	save("callable_empty", Callable())
	save("callable_method", Callable(self, "quit"))
	save("signal", Signal(self, "tree_changed"))
	save("signal_empty", Signal())

func containers() -> void:
	save("array_empty", [])
	save("array_mixed", [1, "a", 2.5, null, true, Vector2(1, 2)])
	save("array_nested", [[1, [2, [3, []]]], {}])
	save("array_typed_int", Array([1, 2, 3], TYPE_INT, &"", null))
	save("array_typed_string", Array(["x", "yz"], TYPE_STRING, &"", null))
	save("array_typed_float_empty", Array([], TYPE_FLOAT, &"", null))
	save("array_typed_vector3", Array([Vector3(1, 2, 3)], TYPE_VECTOR3, &"", null))
	save("array_typed_array", Array([[1], []], TYPE_ARRAY, &"", null))
	save("array_typed_class", Array([], TYPE_OBJECT, &"Node", null))
	save("array_typed_class_objects", Array([RefCounted.new()], TYPE_OBJECT, &"RefCounted", null), "objects")
	save("array_typed_script_objects", Array([], TYPE_OBJECT, &"RefCounted", get_script()), "objects")
	save("dict_empty", {})
	save("dict_simple", {"a": 1, "b": "x"})
	save("dict_order", {"z": 1, "a": 2, "m": 3})
	save("dict_any_keys", {1: "int", 1.5: "float", Vector2(1, 2): "vector", [1]: "array", null: "nil", true: "bool", &"sn": "stringname", {"k": 1}: "dict"})
	save("dict_nested", {"a": {"b": {"c": [1, 2, {"d": null}]}}})
	save("dict_typed_string_int", Dictionary({"x": 1, "y": 2}, TYPE_STRING, &"", null, TYPE_INT, &"", null))
	save("dict_typed_key_only", Dictionary({1: "a"}, TYPE_INT, &"", null, TYPE_NIL, &"", null))
	save("dict_typed_value_class", Dictionary({}, TYPE_STRING, &"", null, TYPE_OBJECT, &"Node", null))
	save("dict_typed_value_class_objects", Dictionary({}, TYPE_STRING, &"", null, TYPE_OBJECT, &"Node", null), "objects")
	var deep = 7
	for i in 1024:
		deep = [deep]
	save("nest_1024_arrays", deep)
	var deepd = 7
	for i in 1024:
		deepd = {"k": deepd}
	save("nest_1024_dicts", deepd)
	var players := []
	for i in 3:
		players.append(Common.player(i))
	save("gamestate_3", players)


func packed() -> void:
	save("packed_byte_empty", PackedByteArray())
	save("packed_byte_1", PackedByteArray([7]))
	save("packed_byte_5", PackedByteArray([1, 2, 3, 4, 255]))
	save("packed_int32_empty", PackedInt32Array())
	save("packed_int32", PackedInt32Array([1, -1, 2147483647, -2147483648]))
	save("packed_int64_empty", PackedInt64Array())
	save("packed_int64", PackedInt64Array([1, -1, 1 << 40, -(1 << 62)]))
	save("packed_float32_empty", PackedFloat32Array())
	save("packed_float32", PackedFloat32Array([0.5, -1, INF, 0.1]))
	save("packed_float64_empty", PackedFloat64Array())
	save("packed_float64", PackedFloat64Array([0.1, -1e300, NAN, -0.0]))
	save("packed_string_empty", PackedStringArray())
	save("packed_string", PackedStringArray(["a", "bc", "", "héllo", "abc"]))
	save("packed_vector2_empty", PackedVector2Array())
	save("packed_vector2", PackedVector2Array([Vector2(1, 2), Vector2(0.1, -3)]))
	save("packed_vector3_empty", PackedVector3Array())
	save("packed_vector3", PackedVector3Array([Vector3(1, 2, 3), Vector3(-1, 0.5, 0)]))
	save("packed_vector4_empty", PackedVector4Array())
	save("packed_vector4", PackedVector4Array([Vector4(1, 2, 3, 4)]))
	save("packed_color_empty", PackedColorArray())
	save("packed_color", PackedColorArray([Color(1, 0, 0, 1), Color(0.5, 0.5, 0.5, 0.25)]))

func large() -> void:
	var b := PackedByteArray()
	b.resize(150001)
	for i in b.size():
		b[i] = (i * 7 + 3) % 256
	save("large_packed_byte", b)
	var f := PackedFloat32Array()
	f.resize(20000)
	for i in f.size():
		f[i] = i * 0.25
	save("large_packed_float32", f)
	var d := PackedFloat64Array()
	d.resize(10000)
	for i in d.size():
		d[i] = i * 0.1
	save("large_packed_float64", d)
	var s := PackedStringArray()
	for i in 5000:
		s.append("item_%d_✓" % i)
	save("large_packed_string", s)
	var dict := {}
	for i in 1000:
		dict["key_%d" % i] = i * 3
	save("large_dict", dict)
	var arr := []
	for i in 10000:
		arr.append(i * 1000)
	save("large_array_ints", arr)
