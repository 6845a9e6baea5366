# gdvar_input.gd: gdvar's optional input autoload (github.com/gdvar/gdvar).
#
# Add it to a game as an autoload (Project > Project Settings > Globals >
# Autoload, or `gdvar_input="*res://gdvar_input.gd"` under [autoload] in
# project.godot) to let gdvar's debugger send the game keys, mouse events,
# actions and text. Godot 4.2 or later, debug builds.
#
# It adds one thing: a message capture named "gdvar" on the remote debugger.
# It is inert without a debugger: in a release export, or a game run with
# no --remote-debug, _ready returns at once and nothing is registered. It
# sends nothing unasked; each message below gets one reply.
#
#   gdvar:hello []                                   -> gdvar:hello [1]
#   gdvar:key [name, pressed]                        -> gdvar:done [""]
#   gdvar:mouse_motion [position]                    -> gdvar:done [""]
#   gdvar:mouse_button [position, button, pressed]   -> gdvar:done [""]
#   gdvar:mouse_wheel [position, button, factor]     -> gdvar:done [""]
#   gdvar:action [name, pressed, strength]           -> gdvar:done [""]
#   gdvar:text [text]                                -> gdvar:done [""]
#
# A reply's String is "" or why the event was refused (an unknown key or
# action, a message it does not know). Every event goes through
# Input.parse_input_event, as if the player made it: _input,
# _unhandled_input, the GUI, and Input.is_action_pressed all see it.
extends Node

const VERSION := 1

# Where the last mouse event was, for a motion's relative, and the buttons
# held, for button_mask.
var _mouse := Vector2.ZERO
var _buttons := 0


func _ready() -> void:
	if not EngineDebugger.is_active():
		return
	EngineDebugger.register_message_capture("gdvar", _capture)


func _exit_tree() -> void:
	if EngineDebugger.has_capture("gdvar"):
		EngineDebugger.unregister_message_capture("gdvar")


func _capture(message: String, data: Array) -> bool:
	if message == "hello":
		EngineDebugger.send_message("gdvar:hello", [VERSION])
		return true
	var why := _event(message, data)
	EngineDebugger.send_message("gdvar:done", [why])
	return true


# _event makes the input event a message asks for, and returns "" or why
# it did not.
func _event(message: String, data: Array) -> String:
	match [message, data.size()]:
		["key", 2]:
			return _key(str(data[0]), bool(data[1]))
		["mouse_motion", 1]:
			var e := InputEventMouseMotion.new()
			_place(e, data[0])
			e.relative = e.position - _mouse
			_mouse = e.position
			e.button_mask = _buttons
			Input.parse_input_event(e)
		["mouse_button", 3]:
			_button(data[0], int(data[1]), bool(data[2]), 1.0)
		["mouse_wheel", 3]:
			_button(data[0], int(data[1]), true, float(data[2]))
			_button(data[0], int(data[1]), false, float(data[2]))
		["action", 3]:
			var action := StringName(str(data[0]))
			if not InputMap.has_action(action):
				return "no action %s in the Input Map" % action
			var e := InputEventAction.new()
			e.action = action
			e.pressed = bool(data[1])
			e.strength = float(data[2]) if e.pressed else 0.0
			Input.parse_input_event(e)
		["text", 1]:
			for c in str(data[0]):
				for pressed in [true, false]:
					var e := InputEventKey.new()
					e.unicode = c.unicode_at(0)
					e.pressed = pressed
					Input.parse_input_event(e)
		_:
			return "no message %s of %d elements" % [message, data.size()]
	return ""


# _key sends a key named as OS.find_keycode_from_string reads it ("A",
# "Enter", "Ctrl+Shift+S"), as both its keycode and its physical keycode.
func _key(key_name: String, pressed: bool) -> String:
	var code := OS.find_keycode_from_string(key_name)
	var key := (code & KEY_CODE_MASK) as Key
	if key == KEY_NONE:
		return "no key %s" % key_name
	var e := InputEventKey.new()
	e.keycode = key
	e.physical_keycode = key
	e.key_label = key
	e.pressed = pressed
	e.shift_pressed = code & KEY_MASK_SHIFT != 0
	e.ctrl_pressed = code & KEY_MASK_CTRL != 0
	e.alt_pressed = code & KEY_MASK_ALT != 0
	e.meta_pressed = code & KEY_MASK_META != 0
	Input.parse_input_event(e)
	return ""


func _button(at: Variant, button: int, pressed: bool, factor: float) -> void:
	var e := InputEventMouseButton.new()
	_place(e, at)
	_mouse = e.position
	e.button_index = button as MouseButton
	e.pressed = pressed
	e.factor = factor
	var bit := 1 << (button - 1)
	_buttons = _buttons | bit if pressed else _buttons & ~bit
	e.button_mask = _buttons
	Input.parse_input_event(e)


func _place(e: InputEventMouse, at: Variant) -> void:
	e.position = Vector2(at)
	e.global_position = e.position
