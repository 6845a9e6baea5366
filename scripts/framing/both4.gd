extends SceneTree

# Writes, as Godot 4.6 writes them, the candidate files of gdvar's test of
# input that reads both as a save file and as values one after another
# (see scripts/gen-framing-both.sh): for each pair of values (a, b) of a
# game's kind, a save file of store_var(a), store_var(b) (NAME sav), a
# StreamPeerBuffer of put_var(a), put_var(b), put_var(a) (put), and
# var_to_bytes(a) then var_to_bytes(b) (bin), each plain, encrypted with
# the password "gdvar" (pass) and compressed with zstd (zstd) through
# FileAccess. It prints a line "NAME HEX" for each file, HEX its bytes.

func values():
	return {
		"nil": null, "true": true, "false": false, "zero": 0, "int7": 7, "int100": 100,
		"minus1": -1, "int64": 1 << 40, "float": 2.5, "float100": 100.0, "float64": 0.1,
		"empty": "", "a": "a", "ab": "ab", "gold": "gold", "name": "Ada", "long": "hello world",
		"v2": Vector2(1.5, 2), "v2i": Vector2i(3, 4), "v3": Vector3(1, 2, 3), "v3i": Vector3i(1, 2, 3),
		"v4": Vector4(1, 2, 3, 4), "rect": Rect2(0, 0, 8, 8), "recti": Rect2i(2, 4, 8, 4),
		"color": Color(1, 0.5, 0, 1), "aabb": AABB(Vector3(), Vector3(1, 1, 1)),
		"xform": Transform2D(), "quat": Quaternion(), "array": [], "array1": [1],
		"array2": [1, "two"], "dict": {}, "dict1": {"gold": 100},
		"bytes": PackedByteArray([1, 2, 3]), "ints": PackedInt32Array([4, 8]),
		"floats": PackedFloat32Array([0.5]), "strings": PackedStringArray(["a"]),
		"v2s": PackedVector2Array([Vector2(1, 2)]), "sname": StringName("idle"),
		"path": NodePath("Player/Sprite"),
	}

func _init():
	var dir = OS.get_cmdline_user_args()[0]
	DirAccess.make_dir_recursive_absolute(dir)
	var vs = values()
	for an in vs:
		for bn in vs:
			var a = vs[an]
			var b = vs[bn]
			var pair = an + "." + bn
			var peer = StreamPeerBuffer.new()
			for v in [a, b, a]:
				peer.put_var(v)
			for c in ["plain", "pass", "zstd"]:
				var name = "sav." + c + "." + pair
				var f = open(dir + "/" + name, c)
				f.store_var(a)
				f.store_var(b)
				f.close()
				show(dir, name)
				name = "put." + c + "." + pair
				f = open(dir + "/" + name, c)
				f.store_buffer(peer.data_array)
				f.close()
				show(dir, name)
				name = "bin." + c + "." + pair
				f = open(dir + "/" + name, c)
				f.store_buffer(var_to_bytes(a) + var_to_bytes(b))
				f.close()
				show(dir, name)
	quit()

func open(path, container):
	match container:
		"pass":
			return FileAccess.open_encrypted_with_pass(path, FileAccess.WRITE, "gdvar")
		"zstd":
			return FileAccess.open_compressed(path, FileAccess.WRITE, FileAccess.COMPRESSION_ZSTD)
	return FileAccess.open(path, FileAccess.WRITE)

func show(dir, name):
	print("GDVAR ", name, " ", FileAccess.get_file_as_bytes(dir + "/" + name).hex_encode())
