extends SceneTree

# make4.gd for Godot 3.6: the same files as Godot 3 writes them
# (var2bytes for var_to_bytes, File for FileAccess).

func _init():
	var args = Array(OS.get_cmdline_args())
	var dir = args[args.find("--") + 1]
	Directory.new().make_dir_recursive(dir)
	var state = {"gold": 100, "speed": 100.0, "name": "Ada", "pos": Vector2(1.5, 2), "items": ["sword", 3]}
	var node = Node.new()
	node.name = "Player"
	var big = PoolByteArray()
	big.resize(70000)
	for i in big.size():
		big[i] = 7

	save(dir + "/save.sav", [state, [1, "two"], 2.5], false)
	save(dir + "/objects.sav", [state, node], true)
	save(dir + "/big.sav", [big, state], false)
	save(dir + "/save_pass.sav", [state, 2.5], false, "gdvar")
	save(dir + "/save_zstd.sav", [state, 2.5], false, "", File.COMPRESSION_ZSTD)
	bytes(dir + "/values.bin", [var2bytes(state)])
	bytes(dir + "/several.bin", [var2bytes(state), var2bytes([1, "two"]), var2bytes(2.5)])
	bytes(dir + "/objects.bin", [var2bytes(node, true)])
	bytes(dir + "/big.bin", [var2bytes(big), var2bytes(state)])
	node.free()
	print("wrote ", dir)
	quit()

func save(path, values, objects, password = "", codec = -1):
	var f = File.new()
	if password != "":
		f.open_encrypted_with_pass(path, File.WRITE, password)
	elif codec >= 0:
		f.open_compressed(path, File.WRITE, codec)
	else:
		f.open(path, File.WRITE)
	for v in values:
		f.store_var(v, objects)
	f.close()

func bytes(path, values):
	var f = File.new()
	f.open(path, File.WRITE)
	for b in values:
		f.store_buffer(b)
	f.close()
