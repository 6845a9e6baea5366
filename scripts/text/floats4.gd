# Prints how Godot 4's var_to_str writes floats, for gdvar's text printer:
# "F <hex of var_to_bytes(float)> <var_to_str>" for scalars and
# "V <hex of var_to_bytes(Vector2(x, x))> <var_to_str>" for a vector's
# (32-bit) components, over powers of ten, random doubles and random floats.
#   godot --headless -s scripts/text/floats4.gd -- OUT
extends SceneTree

func _init() -> void:
	var out := FileAccess.open(OS.get_cmdline_user_args()[0], FileAccess.WRITE)
	var rng := RandomNumberGenerator.new()
	rng.seed = 4
	var values := [0.0, 1.0, -1.0, 0.5, 100.0, 1e15, 1e16, 1e17, 123456789012345678.0, 0.1, 0.2, 0.3]
	for e in range(-50, 50):
		values.append(pow(10.0, e))
		values.append(1.5 * pow(10.0, e))
		values.append(-1.2345678901234567 * pow(10.0, e))
		values.append(float(str(1.0 / 3.0 * pow(10.0, e))))
	for i in 600:
		values.append(rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-30, 30)))
	var pba := PackedByteArray()
	pba.resize(8)
	for i in 300:
		pba.encode_float(0, rng.randf_range(-1, 1) * pow(10.0, rng.randi_range(-40, 38)))
		values.append(pba.decode_float(0)) # exactly a float32
	for v in values:
		out.store_line("F %s %s" % [var_to_bytes(v).hex_encode(), var_to_str(v)])
		out.store_line("V %s %s" % [var_to_bytes(Vector2(v, v)).hex_encode(), var_to_str(Vector2(v, v))])
	out.close()
	quit()
