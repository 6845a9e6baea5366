# Values shared by the golden-vector generators (godot4.gd, godot3.gd), the
# benchmark (scripts/bench/godot4.gd) and, for player(), Go's
# internal/testrig/gamestate. Written in the syntax Godot 3 and Godot 4 share.

# player is one game-state record.
static func player(i: int) -> Dictionary:
	var tags := ["red" if i % 2 == 0 else "blue"]
	if i % 10 == 0:
		tags.append("vip")
	return {"id": i, "name": "player_%d" % i, "pos": Vector3(i * 0.5, 1.0, i * -0.25),
		"hp": 100.0 - float(i % 200) * 0.5, "tags": tags, "alive": i % 7 != 0}

# ints are the int vectors: both widths and their boundaries.
static func ints() -> Dictionary:
	return {
		"int_0": 0, "int_7": 7, "int_neg1": -1,
		"int_i32_max": 2147483647, "int_i32_min": -2147483648,
		"int_i32_max_plus1": 2147483648, "int_i32_min_minus1": -2147483649,
		"int_i64_max": 9223372036854775807, "int_i64_min": -9223372036854775807 - 1,
		"int_1_shl_40": 1 << 40,
	}

# floats are the float vectors: both widths, NaN, the infinities, -0.0 and
# the extremes.
static func floats() -> Dictionary:
	var zero := 0.0
	var neg_zero := -zero # a constant -0.0 is folded to +0.0 by GDScript
	return {
		"float_0": 0.0, "float_neg0": neg_zero, "float_2_5": 2.5, "float_0_1": 0.1,
		"float_1_3": 1.0 / 3.0, "float_1e300": 1e300, "float_inf": INF,
		"float_neginf": -INF, "float_nan": NAN,
		"float_f32_max": 3.4028234663852886e38, "float_f32_min_denormal": 1.401298464324817e-45,
		"float_f64_min_denormal": 5e-324, "float_neg_big": -123456789.125,
	}
