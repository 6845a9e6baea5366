extends SceneTree
# For each script the file named by the first user argument lists, writes
# to the file the second names ">>>" and the path, then REFUSED and the
# engine's first error where the script does not load, or LOADED and a
# line for each function the script itself declares (not its bases):
# "NAME(ARGS) N
# VARARG", ARGS being each parameter's "name: type" (type as the
# method's PropertyInfo gives it: a Variant type name, Array[hint],
# Dictionary[hint], an Object's class_name), N its count of defaults,
# VARARG "vararg" for a rest parameter or "-"; then "<<<".
# project/params_test.go (TestLiveScriptParams) compares gdvar's reading
# with it.


class Errors extends Logger:
	var first := ""

	func _log_error(_function: String, _file: String, _line: int, code: String, rationale: String, _editor_notify: bool, _error_type: int, _script_backtraces: Array[ScriptBacktrace]) -> void:
		if first == "":
			first = (rationale if rationale != "" else code).replace("\n", " ")


func _init() -> void:
	var errors := Errors.new()
	OS.add_logger(errors)
	var args := OS.get_cmdline_user_args()
	var out := FileAccess.open(args[1], FileAccess.WRITE)
	for path in FileAccess.get_file_as_string(args[0]).split("\n", false):
		errors.first = ""
		var s: Script = load(path)
		out.store_string(">>>" + path + "\n")
		if s == null or not s.can_instantiate():
			out.store_string("REFUSED " + errors.first + "\n<<<\n")
			continue
		out.store_string("LOADED\n")
		for m in s.get_script_method_list():
			if m.name.begins_with("@"):
				continue
			var params := PackedStringArray()
			for a in m.args:
				params.append(a.name + ": " + type_of(a))
			var vararg := "vararg" if m.flags & METHOD_FLAG_VARARG else "-"
			out.store_string("%s(%s) %d %s\n" % [m.name, ", ".join(params), m.default_args.size(), vararg])
		out.store_string("<<<\n")
	out.close()
	quit()


func type_of(a: Dictionary) -> String:
	match a.type:
		TYPE_NIL:
			return "Variant"
		TYPE_OBJECT:
			return a.class_name
		TYPE_ARRAY:
			if a.hint == PROPERTY_HINT_ARRAY_TYPE:
				return "Array[" + a.hint_string + "]"
		TYPE_DICTIONARY:
			if a.hint == PROPERTY_HINT_DICTIONARY_TYPE:
				return "Dictionary[" + a.hint_string + "]"
	return type_string(a.type)
