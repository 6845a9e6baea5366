extends SceneTree

# Reads a save file as a game does and prints each value's entries: for
# gdvar edit's live test. Arguments: the path, then "plain", "zstd" or the
# password. A Dictionary prints a line per key, "key=value type", the
# type as typeof gives it (2 int, 3 float); any other value one line.

func _init():
	var args = OS.get_cmdline_user_args()
	var f
	match args[1]:
		"plain":
			f = FileAccess.open(args[0], FileAccess.READ)
		"zstd":
			f = FileAccess.open_compressed(args[0], FileAccess.READ, FileAccess.COMPRESSION_ZSTD)
		_:
			f = FileAccess.open_encrypted_with_pass(args[0], FileAccess.READ, args[1])
	if f == null:
		print("GDVAR_OPEN_FAILED ", FileAccess.get_open_error())
		quit(1)
		return
	while f.get_position() < f.get_length():
		var v = f.get_var()
		if typeof(v) == TYPE_DICTIONARY:
			for k in v:
				print("GDVAR ", k, "=", var_to_str(v[k]), " ", typeof(v[k]))
		else:
			print("GDVAR ", var_to_str(v), " ", typeof(v))
	f.close()
	quit()
