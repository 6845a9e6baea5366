# The input events of the migration tests, as Godot 3 makes them: key
# bindings with modifiers and special keys, a double click, every joypad
# button (L2 and R2 become axes in Godot 4) and axis, an action. events4.gd
# makes the same events as Godot 4 should have them, in the same order.
extends Reference

func key(scancode, physical, mods, echo):
	var e = InputEventKey.new()
	e.scancode = scancode
	if e.get("physical_scancode") != null: # not in 3.2
		e.physical_scancode = physical
	e.alt = "a" in mods
	e.shift = "s" in mods
	e.control = "c" in mods
	e.meta = "m" in mods
	e.pressed = true
	e.echo = echo
	e.unicode = scancode if scancode < 128 else 0
	return e

func cases():
	var list = [
		key(KEY_ESCAPE, KEY_A, "c", false),
		key(KEY_F1, KEY_F1, "asm", false),
		key(KEY_SPACE, KEY_SPACE, "", true),
		key(KEY_KP_ENTER, 0, "sc", false),
	]
	var m = InputEventMouseButton.new()
	m.button_index = BUTTON_RIGHT
	m.doubleclick = true
	m.pressed = true
	m.position = Vector2(10, 20.5)
	m.control = true
	list.append(m)
	for b in 23:
		var j = InputEventJoypadButton.new()
		j.button_index = b
		j.pressed = true
		j.pressure = 0.5
		j.device = 1
		list.append(j)
	for a in 8:
		var j = InputEventJoypadMotion.new()
		j.axis = a
		j.axis_value = -0.25
		list.append(j)
	var action = InputEventAction.new()
	action.action = "jump"
	action.pressed = true
	action.strength = 0.75
	list.append(action)
	return list
