# The Resource classes of Godot 4 a game can make, sorted: not abstract,
# not the editor's (EditorSettings…). classes4.gd and defaults4.gd list
# theirs.
extends RefCounted

static func list() -> Array:
	var classes := Array(ClassDB.get_inheriters_from_class("Resource"))
	classes.append("Resource")
	classes.sort()
	var made := []
	for c in classes:
		if ClassDB.can_instantiate(c) and ClassDB.class_get_api_type(c) != ClassDB.API_EDITOR and ClassDB.instantiate(c) != null:
			made.append(c)
	return made
