# An object whose stored properties have names holding a double quote and a
# backslash, for scripts/text/propnames4.gd. It records the names that
# str_to_var sets on it.
extends RefCounted

const NAMES := ["a\"b", "c\\d", "plain"]

var set_names := []

func _get_property_list() -> Array:
	var out := []
	for n in NAMES:
		out.append({"name": n, "type": TYPE_INT, "usage": PROPERTY_USAGE_STORAGE})
	return out

func _get(property: StringName):
	return 1 if String(property) in NAMES else null

func _set(property: StringName, _value) -> bool:
	set_names.append(String(property))
	return true
