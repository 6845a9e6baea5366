# Random values of every Godot 4 type, for generators of test cases
# (scripts/text/cases4.gd, scripts/resource/make4.gd): every type in every
# position (array elements, dictionary keys and values, nested), strings
# full of control characters, quotes and backslashes, floats with NaN of
# either sign, and dictionaries of many keys of mixed types, some typed.
# Each generator has its own rng; seed it, or share it:
#   const Random4 = preload("res://scripts/text/random4.gd")
#   var gen := Random4.new()
#   gen.rng.seed = 7
#   var v = gen.random_value(2)
extends RefCounted

var rng := RandomNumberGenerator.new()

# Characters strings are made of: every control character, quotes,
# backslash, the escapes' letters, path separators and some non-ASCII.
var alphabet := PackedStringArray()

func random_string(max_len := 8) -> String:
	if alphabet.is_empty():
		for c in range(1, 32):
			alphabet.append(char(c))
		for s in ["\"", "\\", "'", "?", "/", ":", "@", "%", ".", " ", "a", "b", "n", "t", "u", "0", "é", "日", "🎮", char(127), char(0x85), char(0x2028), char(0xfeff)]:
			alphabet.append(s)
	var s := ""
	for i in rng.randi_range(0, max_len):
		s += alphabet[rng.randi_range(0, alphabet.size() - 1)]
	return s

# A NaN with its sign bit set, which negation may not give.
func negative_nan() -> float:
	var b := PackedByteArray([0, 0, 0, 0, 0, 0, 0xf8, 0xff])
	return b.decode_double(0)

func random_float() -> float:
	match rng.randi_range(0, 9):
		0: return [0.0, -0.0, 1.0, -1.0, 0.5][rng.randi_range(0, 4)]
		1: return [NAN, negative_nan(), INF, -INF][rng.randi_range(0, 3)]
		2: return float(rng.randi_range(-1000, 1000))
		3: return rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-45, 40))
	return rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-8, 8))

func random_int() -> int:
	match rng.randi_range(0, 3):
		0: return rng.randi_range(-3, 3)
		1: return [-9223372036854775807 - 1, 9223372036854775807, -2147483648, 2147483647][rng.randi_range(0, 3)]
	return rng.randi_range(-100000, 100000) * (1 if rng.randi_range(0, 1) == 0 else 100000)

func random_i32() -> int:
	return rng.randi_range(-2147483648, 2147483647) if rng.randi_range(0, 3) == 0 else rng.randi_range(-9, 9)

func v2() -> Vector2: return Vector2(random_float(), random_float())
func v3() -> Vector3: return Vector3(random_float(), random_float(), random_float())
func v4() -> Vector4: return Vector4(random_float(), random_float(), random_float(), random_float())
func color() -> Color: return Color(random_float(), random_float(), random_float(), random_float())

# A value of a scalar, math or string type.
func random_scalar() -> Variant:
	match rng.randi_range(0, 24):
		0: return null
		1: return rng.randi_range(0, 1) == 1
		2, 3: return random_int()
		4, 5: return random_float()
		6, 7: return random_string()
		8: return StringName(random_string())
		9: return NodePath(random_string())
		10: return v2()
		11: return Vector2i(random_i32(), random_i32())
		12: return Rect2(v2(), v2())
		13: return Rect2i(random_i32(), random_i32(), random_i32(), random_i32())
		14: return v3()
		15: return Vector3i(random_i32(), random_i32(), random_i32())
		16: return Transform2D(v2(), v2(), v2())
		17: return v4()
		18: return Vector4i(random_i32(), random_i32(), random_i32(), random_i32())
		19: return Plane(random_float(), random_float(), random_float(), random_float())
		20: return Quaternion(random_float(), random_float(), random_float(), random_float())
		21: return AABB(v3(), v3())
		22: return Basis(v3(), v3(), v3())
		23: return [Transform3D(Basis(v3(), v3(), v3()), v3()), Projection(v4(), v4(), v4(), v4())][rng.randi_range(0, 1)]
	return color()

func random_packed() -> Variant:
	var n := rng.randi_range(0, 5)
	var a := []
	match rng.randi_range(0, 9):
		0:
			for i in n: a.append(rng.randi_range(0, 255))
			return PackedByteArray(a)
		1:
			for i in n: a.append(random_i32())
			return PackedInt32Array(a)
		2:
			for i in n: a.append(random_int())
			return PackedInt64Array(a)
		3:
			for i in n: a.append(random_float())
			return PackedFloat32Array(a)
		4:
			for i in n: a.append(random_float())
			return PackedFloat64Array(a)
		5:
			for i in n: a.append(random_string())
			return PackedStringArray(a)
		6:
			for i in n: a.append(v2())
			return PackedVector2Array(a)
		7:
			for i in n: a.append(v3())
			return PackedVector3Array(a)
		8:
			for i in n: a.append(color())
			return PackedColorArray(a)
	for i in n: a.append(v4())
	return PackedVector4Array(a)

func random_value(depth: int) -> Variant:
	var k := rng.randi_range(0, 9)
	if depth > 0 and k < 2:
		return random_array(depth - 1)
	if depth > 0 and k < 4:
		return random_dict(depth - 1)
	if k < 6:
		return random_packed()
	return random_scalar()

func random_array(depth: int) -> Array:
	var a := []
	for i in rng.randi_range(0, 5):
		a.append(random_value(depth))
	if rng.randi_range(0, 4) == 0:
		var t := typeof(a[0]) if a.size() > 0 else TYPE_INT
		var typed := Array([], t, &"", null)
		for x in a:
			if typeof(x) == t:
				typed.append(x)
		return typed
	return a

func without_bom(s: String) -> String:
	while s.begins_with(char(0xfeff)):
		s = s.substr(1)
	return s

# A key for Godot 4's order: any type, but no StringName inside an array
# (Godot compares those by address) and no Object.
func random_key(depth: int) -> Variant:
	match rng.randi_range(0, 7):
		0, 1:
			return random_string(3) if rng.randi_range(0, 1) == 0 else StringName(random_string(3))
		2:
			return random_int() if rng.randi_range(0, 1) == 0 else rng.randi_range(-3, 3)
		3:
			return random_float()
		4:
			if depth > 0:
				var a := []
				for i in rng.randi_range(0, 3):
					a.append(random_key(depth - 1))
				return a
		5:
			return random_packed()
		6:
			if depth > 0:
				return random_dict(0)
	return random_scalar()

# A Dictionary, sometimes typed. Its String keys do not start with a byte
# order mark, which the engine drops when it reads them back: two keys
# could become one.
func random_dict(depth: int) -> Dictionary:
	var d := {}
	for i in rng.randi_range(0, 20):
		var k = random_key(depth)
		if typeof(k) == TYPE_ARRAY and str(k).contains("&"):
			continue
		if typeof(k) == TYPE_STRING:
			k = without_bom(k)
		elif typeof(k) == TYPE_STRING_NAME:
			k = StringName(without_bom(k))
		d[k] = random_value(depth)
	if d.size() > 0 and rng.randi_range(0, 4) == 0:
		var kt := typeof(d.keys()[0])
		var typed := Dictionary({}, kt, &"", null, TYPE_NIL, &"", null)
		for k in d:
			if typeof(k) == kt:
				typed[k] = d[k]
		return typed
	return d
