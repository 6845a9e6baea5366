extends SceneTree
# Prints the engine's classes, those that are Nodes, its singletons and its
# built-in types, a line each, for project/classes4.txt:
#   godot4 --headless -s res://scripts/project/classes.gd | grep -E '^(classes|nodes|singletons|types) ' > project/classes4.txt
func _init():
	var out := PackedStringArray()
	var names := ClassDB.get_class_list()
	names.sort()
	out.append("classes " + " ".join(names))
	var nodes := PackedStringArray()
	for c in names:
		if c == "Node" or ClassDB.is_parent_class(c, "Node"):
			nodes.append(c)
	out.append("nodes " + " ".join(nodes))
	var singles := Engine.get_singleton_list()
	singles.sort()
	out.append("singletons " + " ".join(singles))
	var types := PackedStringArray()
	for i in TYPE_MAX:
		types.append(type_string(i))
	out.append("types " + " ".join(types))
	print("\n".join(out))
	quit()
