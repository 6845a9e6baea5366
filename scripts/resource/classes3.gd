# Writes the storage properties of every Resource class of Godot 3, as
# scripts/resource/classes4.gd does for Godot 4 (see there), but for the
# "*" marks: Godot 3 leaves a null Object property out of both forms. A
# setter refusing a value tried prints an error, which is harmless.
#   godot --no-window -s scripts/resource/classes3.gd OUT
extends SceneTree

func _init() -> void:
	var args := OS.get_cmdline_args()
	var out: String = args[args.size() - 1]
	var classes := Array(ClassDB.get_inheriters_from_class("Resource"))
	classes.append("Resource")
	classes.sort()
	var lists := {}
	for c in classes:
		if ClassDB.can_instance(c):
			var o = ClassDB.instance(c)
			if o != null:
				lists[c] = storage(o)
	var text := ""
	for c in classes:
		if not lists.has(c):
			continue
		var parent: String = ClassDB.get_parent_class(c)
		while parent != "" and not lists.has(parent):
			parent = ClassDB.get_parent_class(parent)
		var mine: Array = lists[c]
		var base: Array = lists[parent] if parent != "" else []
		if mine.slice(0, base.size() - 1) == base if base.size() > 0 else true:
			text += c + " " + parent
			for i in range(base.size(), mine.size()):
				text += " " + mine[i]
		else:
			text += c + " ="
			for p in mine:
				text += " " + p
		text += "\n"
	var f := File.new()
	f.open(out, File.WRITE)
	f.store_string(text)
	f.close()
	print("wrote %d classes to %s" % [lists.size(), out])
	quit()

func storage(o: Object) -> Array:
	var names := []
	for p in o.get_property_list():
		if p.usage & PROPERTY_USAGE_STORAGE and p.name != "script":
			var mark := ""
			if p.type == TYPE_REAL and single(o, p.name):
				mark = "~"
			elif p.type == TYPE_DICTIONARY:
				mark = key_order(o.get(p.name))
			names.append(p.name + mark)
	return names

# key_order returns "{k1,k2}" (see classes4.gd).
func key_order(d) -> String:
	if typeof(d) != TYPE_DICTIONARY or d.empty():
		return ""
	var keys := PoolStringArray()
	for k in d:
		if typeof(k) != TYPE_STRING:
			return ""
		keys.append(k)
	return "{" + keys.join(",") + "}"

# single reports whether a float property keeps 32 bits (see classes4.gd).
func single(o: Object, name: String) -> bool:
	var rounded := false
	for x in [0.1, 1.1, 10.1, 100.1, 0.7, 3.3]:
		o.set(name, x)
		var got = o.get(name)
		if typeof(got) != TYPE_REAL:
			return false
		if got == x:
			return false
		var f := PoolRealArray([x])
		rounded = rounded or got == f[0]
	return rounded
