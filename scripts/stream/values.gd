# Values the stream scripts send, of every common kind.
static func all() -> Array:
	var zero := 0.0
	return [
		null, true, 7, 1 << 40, 2.5, 0.1, -zero, NAN, "héllo ✓", &"name",
		Vector2(1, 2), Vector3(0.5, 1, -2), Vector2i(3, 4), Color(1, 0.5, 0.25, 1),
		Transform3D(Basis(Vector3(0, 1, 0), 0.5), Vector3(1, 2, 3)), NodePath("/root/a:b"),
		[1, "two", [3.0]], {"hp": 87.5, "tags": ["red"], 7: Vector3.ONE},
		Array([1, 2], TYPE_INT, &"", null), PackedByteArray([1, 2, 3]),
		PackedInt32Array([1, -1]), PackedInt64Array([1 << 40]), PackedFloat32Array([0.5]),
		PackedFloat64Array([0.1]), PackedStringArray(["a", "bc"]),
		PackedVector3Array([Vector3(1, 2, 3)]), PackedColorArray([Color.RED]),
		"x".repeat(100000),
	]

# hex is the engine's own bytes of a value, to compare with what Go got.
static func hex(v) -> String:
	return var_to_bytes(v).hex_encode()
