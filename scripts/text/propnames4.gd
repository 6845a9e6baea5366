# What Godot 4 makes of object property names holding a double quote or a
# backslash (see scripts/text/propnames4_object.gd). Prints:
#   ENGINE <var_to_str of such an object, c-escaped>
#   REREAD <typeof str_to_var of that text: 0 when it does not parse>
#   GDVAR <the names str_to_var sets from the text in FILE, joined by "|">
# FILE holds gdvar's text of an object of class RefCounted, which is given
# the recording script before it is read.
#   godot --headless -s scripts/text/propnames4.gd -- FILE
extends SceneTree

const OBJECT := "res://scripts/text/propnames4_object.gd"

func _init() -> void:
	var text := var_to_str(load(OBJECT).new())
	print("ENGINE ", text.c_escape())
	print("REREAD ", typeof(str_to_var(text)))
	var ours := FileAccess.get_file_as_string(OS.get_cmdline_user_args()[0])
	ours = ours.replace("Object(RefCounted,", "Object(RefCounted,\"script\":Resource(\"%s\")," % OBJECT)
	var o = str_to_var(ours)
	print("GDVAR ", "|".join(o.set_names) if o != null else "null")
	quit()
