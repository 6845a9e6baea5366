# FileAccess containers in Godot 3 (File): as godot4.gd, with Godot 3
# values (no NodePath: var2bytes leaves its padding unset, so the
# printed bytes would not be the stored ones).
#   godot --no-window -s scripts/fileaccess/godot3.gd write|read DIR
extends SceneTree

const MODES = ["pass", "key", "fastlz", "deflate", "zstd", "gzip"]

static func values() -> Array:
	return [
		null, true, 7, 1 << 40, 2.5, "héllo ✓", Vector2(1, 2), Vector3(0.5, 1, -2),
		Color(1, 0.5, 0.25, 1), [1, "two", [3.0]],
		{"hp": 87.5, "tags": ["red"], 7: Vector3.ONE}, PoolByteArray([1, 2, 3]),
		PoolIntArray([1, -1]), PoolRealArray([0.5]), PoolStringArray(["a", "bc"]),
		"x".repeat(100000),
	]

static func open(f: File, path: String, mode: String, how: int) -> int:
	match mode:
		"pass":
			return f.open_encrypted_with_pass(path, how, "hunter2")
		"key":
			var k = PoolByteArray()
			for i in 32:
				k.append(i)
			return f.open_encrypted(path, how, k)
	return f.open_compressed(path, how, MODES.find(mode) - 2)

func _init():
	var args = OS.get_cmdline_args()
	var n = args.size()
	var what = args[n - 2]
	for mode in MODES:
		var path = args[n - 1] + "/" + mode + ".bin"
		var f = File.new()
		if what == "write":
			open(f, path, mode, File.WRITE)
			for v in values():
				f.store_var(v)
				if mode == "pass":
					print("SENT ", var2bytes(v).hex_encode())
			f.close()
		else:
			if open(f, path, mode, File.READ) != OK:
				print("GOT ", mode, " open failed")
				continue
			while f.get_position() < f.get_len():
				print("GOT ", mode, " ", var2bytes(f.get_var()).hex_encode())
			f.close()
	quit()
