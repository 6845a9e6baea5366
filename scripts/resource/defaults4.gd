# Writes the default value of every stored property of every Resource class
# of Godot 4 that has one, for package resource: the engine's savers leave
# out a property whose value equals its class's default (ClassDB's, which
# a property _validate_property hides at the defaults has none of, so
# that such one is always saved). A line a class, naming the nearest
# instantiable class it inherits ("-" for none), then a line a property
# whose default is not that class's, indented:
#   Class Parent
#    name value     (value as var_to_str writes it, on one line)
# Null Objects are left out. A property _validate_property hides at the
# defaults has no default; its line, "?name value", gives the value a new
# object holds, which the savers write once the values show it.
#   godot --headless -s scripts/resource/defaults4.gd -- OUT
extends SceneTree

const GameClasses = preload("game_classes4.gd")

func _init() -> void:
	var out: String = OS.get_cmdline_user_args()[0]
	var classes := GameClasses.list()
	var made := {}
	for c in classes:
		made[c] = true
	var text := ""
	var n := 0
	for c in classes:
		if not made.has(c):
			continue
		var parent := ClassDB.get_parent_class(c)
		while parent != "" and not made.has(parent):
			parent = ClassDB.get_parent_class(parent)
		text += "%s %s\n" % [c, parent if parent != "" else "-"]
		var o = ClassDB.instantiate(c)
		var shown := {}
		for p in o.get_property_list():
			shown[p.name] = p.usage & PROPERTY_USAGE_STORAGE
		for p in ClassDB.class_get_property_list(c):
			if not p.usage & PROPERTY_USAGE_STORAGE or p.name == "script":
				continue
			var d = ClassDB.class_get_property_default_value(c, p.name)
			if typeof(d) == TYPE_NIL and not shown.get(p.name, 0):
				var held = o.get(p.name)
				if typeof(held) != TYPE_NIL and typeof(held) != TYPE_OBJECT:
					text += " ?%s %s\n" % [p.name, var_to_str(held).replace("\n", " ")]
					n += 1
				continue
			if typeof(d) == TYPE_NIL or typeof(d) == TYPE_OBJECT:
				continue
			var v := var_to_str(d).replace("\n", " ")
			if parent != "":
				var pd = ClassDB.class_get_property_default_value(parent, p.name)
				if typeof(pd) == typeof(d) and var_to_str(pd).replace("\n", " ") == v:
					continue
			text += " %s %s\n" % [p.name, v]
			n += 1
	var f := FileAccess.open(out, FileAccess.WRITE)
	f.store_string(text)
	f.close()
	print("wrote %d defaults to %s" % [n, out])
	quit()
