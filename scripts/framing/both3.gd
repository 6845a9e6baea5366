extends SceneTree

# both4.gd for Godot 3.6 and 3.2: the same files as Godot 3 writes them
# (var2bytes for var_to_bytes, File for FileAccess, Pool arrays for
# Packed ones, and Godot 3's types).

func values():
	return {
		"nil": null, "true": true, "false": false, "zero": 0, "int7": 7, "int100": 100,
		"minus1": -1, "int64": 1 << 40, "float": 2.5, "float100": 100.0, "float64": 0.1,
		"empty": "", "a": "a", "ab": "ab", "gold": "gold", "name": "Ada", "long": "hello world",
		"v2": Vector2(1.5, 2), "v3": Vector3(1, 2, 3), "rect": Rect2(0, 0, 8, 8),
		"color": Color(1, 0.5, 0, 1), "aabb": AABB(Vector3(), Vector3(1, 1, 1)),
		"xform": Transform2D(), "quat": Quat(), "plane": Plane(0, 1, 0, 2), "array": [],
		"array1": [1], "array2": [1, "two"], "dict": {}, "dict1": {"gold": 100},
		"bytes": PoolByteArray([1, 2, 3]), "ints": PoolIntArray([4, 8]),
		"floats": PoolRealArray([0.5]), "strings": PoolStringArray(["a"]),
		"v2s": PoolVector2Array([Vector2(1, 2)]), "path": NodePath("Player/Sprite"),
	}

func _init():
	var args = Array(OS.get_cmdline_args())
	var dir = args[args.find("--") + 1]
	Directory.new().make_dir_recursive(dir)
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
				f.store_buffer(var2bytes(a) + var2bytes(b))
				f.close()
				show(dir, name)
	quit()

func open(path, container):
	var f = File.new()
	match container:
		"pass":
			f.open_encrypted_with_pass(path, File.WRITE, "gdvar")
		"zstd":
			f.open_compressed(path, File.WRITE, File.COMPRESSION_ZSTD)
		_:
			f.open(path, File.WRITE)
	return f

func show(dir, name):
	var f = File.new()
	f.open(dir + "/" + name, File.READ)
	print("GDVAR ", name, " ", f.get_buffer(f.get_len()).hex_encode())
	f.close()
