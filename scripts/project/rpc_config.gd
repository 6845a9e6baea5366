extends SceneTree
# Writes var_to_str(get_rpc_config()) of each class the file named by the
# first user argument lists, a line each: res://a.gd, or res://a.gd::Inner
# for an inner class, to the file the second names. Each answer is ">>>"
# and the line, then the text, or REFUSED where the script does not load
# (reload() fails), then "<<<".
# project/live_test.go compares gdvar's reading with it.
func _init():
	var args := OS.get_cmdline_user_args()
	var list := FileAccess.get_file_as_string(args[0])
	var answers := FileAccess.open(args[1], FileAccess.WRITE)
	for line in list.split("\n", false):
		var parts := line.split("::")
		var s = load(parts[0])
		var out := "REFUSED"
		if s != null and s.reload() == OK:
			if parts.size() > 1:
				s = s.get_script_constant_map().get(parts[1])
			if s != null:
				out = var_to_str(s.get_rpc_config())
		answers.store_string(">>>" + line + "\n" + out + "\n<<<\n")
	answers.close()
	quit()
