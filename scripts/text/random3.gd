# Random values of every Godot 3 type, for generators of test cases
# (scripts/text/cases3.gd, scripts/resource/make3.gd), for Godot 3.6 and
# 3.2: every type in every position (array elements, dictionary keys and
# values, nested), strings full of control characters, quotes and
# backslashes, floats with NaN of either sign, and dictionaries of many
# keys of mixed types, pool arrays among them. Each generator has its own
# rng; seed it, or share it:
#   const Random3 = preload("res://scripts/text/random3.gd")
#   var gen = Random3.new()
#   gen.rng.seed = 7
#   var v = gen.random_value(2)
extends Reference

var rng = RandomNumberGenerator.new()

# Characters strings are made of: every control character, quotes,
# backslash, the escapes' letters, path separators and some non-ASCII.
var alphabet = []

func random_string(max_len = 8):
	if alphabet.empty():
		for c in range(1, 32):
			alphabet.append(char(c))
		for s in ["\"", "\\", "'", "?", "/", ":", "@", "%", ".", " ", "a", "b", "n", "t", "u", "0", "é", "日", char(127), char(0x85), char(0x2028), char(0xfeff)]:
			alphabet.append(s)
	var s = ""
	for i in rng.randi_range(0, max_len):
		s += alphabet[rng.randi_range(0, alphabet.size() - 1)]
	return s

# A NaN with its sign bit set, and one without, from their bytes.
func nan_of_sign(negative):
	var b = PoolByteArray([3, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xf8, 0xff if negative else 0x7f])
	return bytes2var(b)

# Set for Godot 3.2's ConfigFiles: it cannot read back the inf and nan it
# writes in vectors and pool arrays, nor its -inf.
var finite = false

func random_float():
	if finite:
		return rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-8, 8))
	match rng.randi_range(0, 9):
		0: return [0.0, -0.0, 1.0, -1.0, 0.5][rng.randi_range(0, 4)]
		1: return [nan_of_sign(false), nan_of_sign(true), INF, -INF][rng.randi_range(0, 3)]
		2: return float(rng.randi_range(-1000, 1000))
		3: return rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-45, 40))
	return rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-8, 8))

func random_int():
	match rng.randi_range(0, 3):
		0: return rng.randi_range(-3, 3)
		1: return [-9223372036854775807 - 1, 9223372036854775807, -2147483648, 2147483647][rng.randi_range(0, 3)]
	return rng.randi_range(-100000, 100000) * (1 if rng.randi_range(0, 1) == 0 else 100000)

func v2(): return Vector2(random_float(), random_float())
func v3(): return Vector3(random_float(), random_float(), random_float())
func color(): return Color(random_float(), random_float(), random_float(), random_float())

# A value of a scalar, math or string type.
func random_scalar():
	match rng.randi_range(0, 17):
		0: return null
		1: return rng.randi_range(0, 1) == 1
		2, 3: return random_int()
		4, 5: return random_float()
		6, 7: return random_string()
		8: return NodePath(random_string())
		9: return v2()
		10: return Rect2(v2(), v2())
		11: return v3()
		12: return Transform2D(v2(), v2(), v2())
		13: return Plane(random_float(), random_float(), random_float(), random_float())
		14: return Quat(random_float(), random_float(), random_float(), random_float())
		15: return AABB(v3(), v3())
		16: return [Basis(v3(), v3(), v3()), Transform(Basis(v3(), v3(), v3()), v3())][rng.randi_range(0, 1)]
	return color()

# A pool array of n elements (random n when negative). A dictionary key gets
# a first element no other key of its dictionary has: Godot 3's "less than"
# for pool arrays reads past the end of the shorter array when one starts
# with the other (and crashes when that one is empty), and compares
# PoolVector2Array elements as Vector3s, so only keys that differ in their
# first number have an order that does not depend on memory contents.
func random_pool(n = -1, first = null):
	if n < 0:
		n = rng.randi_range(0, 5)
	var a = []
	match rng.randi_range(0, 6):
		0:
			for i in n: a.append(rng.randi_range(0, 255))
			if first != null: a[0] = first % 256
			return PoolByteArray(a)
		1:
			for i in n: a.append(random_int() if rng.randi_range(0, 3) == 0 else rng.randi_range(-3, 3))
			if first != null: a[0] = first
			return PoolIntArray(a)
		2:
			for i in n: a.append(random_float())
			if first != null: a[0] = first
			return PoolRealArray(a)
		3:
			for i in n: a.append(random_string())
			if first != null: a[0] = str(first)
			return PoolStringArray(a)
		4:
			for i in n: a.append(v2())
			if first != null: a[0].x = first
			return PoolVector2Array(a)
		5:
			for i in n: a.append(v3())
			if first != null: a[0].x = first
			return PoolVector3Array(a)
	for i in n: a.append(color())
	if first != null: a[0].r = first
	return PoolColorArray(a)

func random_value(depth):
	var k = rng.randi_range(0, 9)
	if depth > 0 and k < 2:
		return random_array(depth - 1)
	if depth > 0 and k < 4:
		return random_dict(depth - 1)
	if k < 6:
		return random_pool()
	return random_scalar()

func random_array(depth):
	var a = []
	for i in rng.randi_range(0, 5):
		a.append(random_value(depth))
	return a

var pool_keys = 0 # pool array keys made so far, for their first elements

func without_bom(s):
	while s.begins_with(char(0xfeff)):
		s = s.substr(1, s.length() - 1)
	return s

func random_key(depth):
	match rng.randi_range(0, 7):
		0, 1:
			return random_string(3)
		2:
			return random_int() if rng.randi_range(0, 1) == 0 else rng.randi_range(-3, 3)
		3:
			return random_float()
		4:
			if depth > 0:
				var a = []
				for i in rng.randi_range(0, 3):
					a.append(random_key(depth - 1))
				return a
		5, 6:
			pool_keys += 1
			return random_pool(rng.randi_range(1, 3), pool_keys)
	return random_scalar()

# A Dictionary. Its String keys do not start with a byte order mark, which
# the engine drops when it reads them back: two keys could become one.
func random_dict(depth):
	var d = {}
	for i in rng.randi_range(0, 20):
		var k = random_key(depth)
		if typeof(k) == TYPE_STRING:
			k = without_bom(k)
		d[k] = random_value(depth)
	return d
