# The input events of events3.gd as Godot 4 should have them, in the same
# order, made with Godot 4's own names: a key's Godot 4 code, the joypad
# button of the same name (Godot 3's L2 and R2 are the trigger axes at their
# full value), and check, which compares a loaded event with one of them.
extends RefCounted

func key(keycode, physical, mods, echo, unicode = 0):
	var e = InputEventKey.new()
	e.keycode = keycode
	e.physical_keycode = physical
	e.alt_pressed = "a" in mods
	e.shift_pressed = "s" in mods
	e.ctrl_pressed = "c" in mods
	e.meta_pressed = "m" in mods
	e.pressed = true
	e.echo = echo
	e.unicode = unicode
	return e

# Godot 3's joypad buttons by number, as Godot 4 names them.
var buttons = [JOY_BUTTON_A, JOY_BUTTON_B, JOY_BUTTON_X, JOY_BUTTON_Y,
	JOY_BUTTON_LEFT_SHOULDER, JOY_BUTTON_RIGHT_SHOULDER, null, null,
	JOY_BUTTON_LEFT_STICK, JOY_BUTTON_RIGHT_STICK, JOY_BUTTON_BACK, JOY_BUTTON_START,
	JOY_BUTTON_DPAD_UP, JOY_BUTTON_DPAD_DOWN, JOY_BUTTON_DPAD_LEFT, JOY_BUTTON_DPAD_RIGHT,
	JOY_BUTTON_GUIDE, JOY_BUTTON_MISC1, JOY_BUTTON_PADDLE1, JOY_BUTTON_PADDLE2,
	JOY_BUTTON_PADDLE3, JOY_BUTTON_PADDLE4, JOY_BUTTON_TOUCHPAD]

# Godot 3's axes 6 and 7 were the triggers.
var axes = [JOY_AXIS_LEFT_X, JOY_AXIS_LEFT_Y, JOY_AXIS_RIGHT_X, JOY_AXIS_RIGHT_Y,
	4, 5, JOY_AXIS_TRIGGER_LEFT, JOY_AXIS_TRIGGER_RIGHT]

# cases gives the events; godot32 leaves out what Godot 3.2 does not have
# (a physical key code).
func cases(godot32):
	var list = [
		key(KEY_ESCAPE, 0 if godot32 else KEY_A, "c", false),
		key(KEY_F1, 0 if godot32 else KEY_F1, "asm", false),
		key(KEY_SPACE, 0 if godot32 else KEY_SPACE, "", true, 32),
		key(KEY_KP_ENTER, 0, "sc", false),
	]
	var m = InputEventMouseButton.new()
	m.button_index = MOUSE_BUTTON_RIGHT
	m.double_click = true
	m.pressed = true
	m.position = Vector2(10, 20.5)
	m.ctrl_pressed = true
	list.append(m)
	for b in 23:
		if buttons[b] == null:
			var t = InputEventJoypadMotion.new()
			t.axis = JOY_AXIS_TRIGGER_LEFT if b == 6 else JOY_AXIS_TRIGGER_RIGHT
			t.axis_value = 1.0
			t.device = 1
			list.append(t)
			continue
		var j = InputEventJoypadButton.new()
		j.button_index = buttons[b]
		j.pressed = true
		j.pressure = 0.5
		j.device = 1
		list.append(j)
	for a in 8:
		var j = InputEventJoypadMotion.new()
		j.axis = axes[a]
		j.axis_value = -0.25
		list.append(j)
	var action = InputEventAction.new()
	action.action = "jump"
	action.pressed = true
	action.strength = 0.75
	list.append(action)
	return list

# check returns "ok" when got is want: the same class and the same stored
# properties; else what differs.
func check(got, want):
	if not got is Object or got == null:
		return "not an object: %s" % var_to_str(got)
	if got.get_class() != want.get_class():
		return "class %s, want %s" % [got.get_class(), want.get_class()]
	var diffs = PackedStringArray()
	for p in want.get_property_list():
		if p.usage & PROPERTY_USAGE_STORAGE and got.get(p.name) != want.get(p.name):
			diffs.append("%s=%s, want %s" % [p.name, var_to_str(got.get(p.name)), var_to_str(want.get(p.name))])
	if diffs.is_empty():
		return "ok"
	return "; ".join(diffs)
