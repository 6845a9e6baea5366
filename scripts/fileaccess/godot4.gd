# FileAccess containers in Godot 4. "write DIR" stores every value of
# scripts/stream/values.gd with store_var into one file per container mode,
# printing "SENT <hex>" per value; "read DIR" reads the files gdvar wrote
# there (same names), printing "GOT <mode> <hex>" per value.
#   godot --headless -s scripts/fileaccess/godot4.gd -- write|read DIR
extends SceneTree

const Values = preload("res://scripts/stream/values.gd")
const MODES = ["pass", "key", "fastlz", "deflate", "zstd", "gzip"]

static func key() -> PackedByteArray:
	var k := PackedByteArray()
	for i in 32:
		k.append(i)
	return k

static func open(path: String, mode: String, how: FileAccess.ModeFlags) -> FileAccess:
	match mode:
		"pass":
			return FileAccess.open_encrypted_with_pass(path, how, "hunter2")
		"key":
			return FileAccess.open_encrypted(path, how, key())
	return FileAccess.open_compressed(path, how, MODES.find(mode) - 2)

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	for mode in MODES:
		var path: String = args[1] + "/" + mode + ".bin"
		if args[0] == "write":
			var f := open(path, mode, FileAccess.WRITE)
			for v in Values.all():
				f.store_var(v)
				if mode == "pass":
					print("SENT ", Values.hex(v))
			f.close()
		else:
			var f := open(path, mode, FileAccess.READ)
			if f == null:
				print("GOT ", mode, " open failed")
				continue
			while f.get_position() < f.get_length():
				print("GOT ", mode, " ", Values.hex(f.get_var()))
			f.close()
	quit()
