extends SceneTree
# Prints the engine's singletons, its built-in types, the classes a game
# cannot create (ClassDB.can_instantiate is false, or an editor class),
# and each class that has subclasses followed by its direct subclasses
# (ClassDB.get_parent_class), a line each, for project/classes4.txt:
#   godot4 --headless -s res://scripts/project/classes.gd | grep -E '^(singletons|types|abstract|subclasses) ' > project/classes4.txt
func _init():
	var out := PackedStringArray()
	var singles := Engine.get_singleton_list()
	singles.sort()
	out.append("singletons " + " ".join(singles))
	var types := PackedStringArray()
	for i in TYPE_MAX:
		types.append(type_string(i))
	out.append("types " + " ".join(types))
	var names := ClassDB.get_class_list()
	names.sort()
	var abstract := PackedStringArray()
	var subclasses := {}
	for c in names:
		if not ClassDB.can_instantiate(c) or ClassDB.class_get_api_type(c) != ClassDB.API_CORE:
			abstract.append(c)
		var parent := ClassDB.get_parent_class(c)
		if parent != &"":
			if not subclasses.has(parent):
				subclasses[parent] = PackedStringArray()
			subclasses[parent].append(c)
	out.append("abstract " + " ".join(abstract))
	var parents: Array = subclasses.keys()
	parents.sort()
	for p in parents:
		out.append("subclasses " + p + " " + " ".join(subclasses[p]))
	print("\n".join(out))
	quit()
