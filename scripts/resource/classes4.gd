# Writes the storage properties of every Resource class of Godot 4, for
# package resource, which needs them to write a binary file as the engine
# does: its names table holds every storage property's name, those left
# out as defaults too, and a null Object property is written although
# text leaves it out. One line a class:
#   Class Parent name name* …   the class's own properties, after its parent's
#   Class = name name* …        its whole list, where it is not its parent's and its own
# A name ending in "*" is an Object property whose default is null, which
# the binary form writes when the text has none; one ending in "~" is a
# float the class keeps in 32 bits (found by setting it), which the binary
# form then writes in 32 bits; one followed by "{k1,k2}" a Dictionary the
# class makes with these keys in this order, which the binary form keeps;
# one followed by "[T]" an Array the class gives typed with the class or
# built-in type T, which loading makes typed. A name ending in "?" (after the others) is a
# storage property the class's _validate_property hides at its defaults
# (emission_sphere_radius while emission_shape is not a sphere): the
# engine lists it there, and names it only when the values show it; one
# ending in "!" a property the class never stores (sdfgi_max_distance),
# which loading sets and saving drops. "script", last, is left out. A setter
# refusing a value tried prints an error, which is harmless.
#   godot --headless -s scripts/resource/classes4.gd -- OUT
extends SceneTree

const GameClasses = preload("game_classes4.gd")

func _init() -> void:
	var out: String = OS.get_cmdline_user_args()[0]
	var classes := GameClasses.list()
	var lists := {}
	for c in classes:
		lists[c] = storage(c, ClassDB.instantiate(c))
	var text := ""
	for c in classes:
		var parent := ClassDB.get_parent_class(c)
		while parent != "" and not lists.has(parent):
			parent = ClassDB.get_parent_class(parent)
		var mine: PackedStringArray = lists[c]
		var base: PackedStringArray = lists[parent] if parent != "" else PackedStringArray()
		if mine.slice(0, base.size()) == base:
			text += c + " " + parent
			for p in mine.slice(base.size()):
				text += " " + p
		else:
			text += c + " ="
			for p in mine:
				text += " " + p
		text += "\n"
	var f := FileAccess.open(out, FileAccess.WRITE)
	f.store_string(text)
	f.close()
	print("wrote %d classes to %s" % [lists.size(), out])
	quit()

# storage lists the class's properties as its objects' property list has
# them: the validated list keeps a property _validate_property hides, with
# its usage changed.
func storage(c: String, o: Object) -> PackedStringArray:
	var registered := {}
	for p in ClassDB.class_get_property_list(c):
		registered[p.name] = p.usage
	var names := PackedStringArray()
	for p in o.get_property_list():
		if p.name == "script" or p.usage & (PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP):
			continue
		var shown: bool = p.usage & PROPERTY_USAGE_STORAGE
		var stored: bool = shown or registered.get(p.name, 0) & PROPERTY_USAGE_STORAGE
		var d = ClassDB.class_get_property_default_value(c, p.name)
		var mark := ""
		if p.type == TYPE_OBJECT and typeof(d) == TYPE_NIL:
			mark = "*"
		elif p.type == TYPE_FLOAT and single(o, p.name):
			mark = "~"
		elif p.type == TYPE_DICTIONARY:
			mark = key_order(o.get(p.name))
		elif p.type == TYPE_ARRAY:
			mark = array_class(o.get(p.name))
		if not stored:
			mark += "!"
		elif not shown:
			mark += "?"
		names.append(p.name + mark)
	return names

# key_order returns "{k1,k2}", the keys of a Dictionary the class makes
# of its own, in its order, which the binary form keeps; "" for none.
func key_order(d) -> String:
	if typeof(d) != TYPE_DICTIONARY or d.is_empty():
		return ""
	var keys := PackedStringArray()
	for k in d:
		if typeof(k) != TYPE_STRING:
			return ""
		keys.append(k)
	return "{" + ",".join(keys) + "}"

# array_class returns "[T]" for an Array the class gives typed with the
# class or built-in type T (its getter's, whatever the property's hint
# says), "" otherwise.
func array_class(a) -> String:
	if typeof(a) != TYPE_ARRAY or not a.is_typed() or a.get_typed_script() != null:
		return ""
	if a.get_typed_builtin() != TYPE_OBJECT:
		return "[" + type_string(a.get_typed_builtin()) + "]"
	return "[" + a.get_typed_class_name() + "]"

# single reports whether a float property keeps 32 bits: a value set comes
# back rounded to 32 bits, and none exact. A setter may clamp a value out
# of its range, so several are tried.
func single(o: Object, name: String) -> bool:
	var rounded := false
	for x in [0.1, 1.1, 10.1, 100.1, 0.7, 3.3]:
		o.set(name, x)
		var got = o.get(name)
		if typeof(got) != TYPE_FLOAT:
			return false
		if got == x:
			return false
		var f := PackedFloat32Array([x])
		rounded = rounded or got == f[0]
	return rounded
