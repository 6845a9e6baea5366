extends SceneTree

# Writes the files of gdvar's framing and edit tests into the folder given,
# as Godot 4.6 writes them (see scripts/gen-framing.sh): save files of
# store_var records, with and without full objects, encrypted and
# compressed, and var_to_bytes files, of a value and of several values one
# after another. big.sav and big.bin start with a value larger than the
# 64 KiB the commands look at to tell the framing.

func _init():
	var dir = OS.get_cmdline_user_args()[0]
	DirAccess.make_dir_recursive_absolute(dir)
	var state = {"gold": 100, "speed": 100.0, "name": "Ada", "pos": Vector2(1.5, 2), "items": ["sword", 3]}
	var node = Node.new()
	node.name = "Player"
	var big = PackedByteArray()
	big.resize(70000)
	big.fill(7)

	save(dir + "/save.sav", [state, [1, "two"], 2.5], false)
	save(dir + "/objects.sav", [state, node], true)
	save(dir + "/big.sav", [big, state], false)
	save(dir + "/save_pass.sav", [state, 2.5], false, "gdvar")
	save(dir + "/save_zstd.sav", [state, 2.5], false, "", FileAccess.COMPRESSION_ZSTD)
	bytes(dir + "/values.bin", [var_to_bytes(state)])
	bytes(dir + "/several.bin", [var_to_bytes(state), var_to_bytes([1, "two"]), var_to_bytes(2.5)])
	bytes(dir + "/objects.bin", [var_to_bytes_with_objects(node)])
	bytes(dir + "/big.bin", [var_to_bytes(big), var_to_bytes(state)])
	print("wrote ", dir)
	quit()

func save(path, values, objects, password = "", codec = -1):
	var f
	if password != "":
		f = FileAccess.open_encrypted_with_pass(path, FileAccess.WRITE, password)
	elif codec >= 0:
		f = FileAccess.open_compressed(path, FileAccess.WRITE, codec)
	else:
		f = FileAccess.open(path, FileAccess.WRITE)
	for v in values:
		f.store_var(v, objects)
	f.close()

func bytes(path, values):
	var f = FileAccess.open(path, FileAccess.WRITE)
	for b in values:
		f.store_buffer(b)
	f.close()
