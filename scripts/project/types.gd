extends SceneTree
# For each script the file named by the first user argument lists, prints
# ">>> PATH" to the standard error, loads the script (the engine prints
# its errors there too), then "<<< PATH TYPES": REFUSED where it does not
# load, or "NAME: TYPE" for each variable the script declares (its bases'
# left out), joined by "; ". A typed Array is Array[ELEMENT], a typed
# Dictionary Dictionary[KEY, VALUE], an element script "script:" and its
# path ("inner" for an inner class, whose script has none), an Object
# Object, an enum int. project/types_test.go (TestLiveTypes) compares
# gdvar's reading with it.
func _init():
	var args := OS.get_cmdline_user_args()
	for path in FileAccess.get_file_as_string(args[0]).split("\n", false):
		printerr(">>> " + path)
		var s = load(path)
		var out := "REFUSED"
		if s != null and s.can_instantiate():
			out = types(s)
		printerr("<<< " + path + " " + out)
	quit()

func types(s: Script) -> String:
	var inherited := {}
	var base := s.get_base_script()
	if base != null:
		for p in base.get_script_property_list():
			inherited[p.name] = true
	var o = s.new()
	var out := PackedStringArray()
	for p in s.get_script_property_list():
		if p.usage & PROPERTY_USAGE_SCRIPT_VARIABLE and not inherited.has(p.name):
			out.append(p.name + ": " + type_of(p.type, o.get(p.name)))
	return "; ".join(out)

func type_of(t: int, v) -> String:
	if t == TYPE_NIL:
		return "Variant"
	if t == TYPE_OBJECT:
		return "Object"
	if t == TYPE_ARRAY and v.is_typed():
		return "Array[" + element(v.get_typed_builtin(), v.get_typed_class_name(), v.get_typed_script()) + "]"
	if t == TYPE_DICTIONARY and v.is_typed():
		return "Dictionary[" + element(v.get_typed_key_builtin(), v.get_typed_key_class_name(), v.get_typed_key_script()) + ", " + \
			element(v.get_typed_value_builtin(), v.get_typed_value_class_name(), v.get_typed_value_script()) + "]"
	return type_string(t)

func element(builtin: int, class_name_: StringName, script) -> String:
	if builtin == TYPE_NIL:
		return "Variant"
	if builtin != TYPE_OBJECT:
		return type_string(builtin)
	if script == null:
		return class_name_
	if script.resource_path == "":
		return "inner"
	return "script:" + script.resource_path
