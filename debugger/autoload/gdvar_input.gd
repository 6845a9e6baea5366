# gdvar_input.gd: gdvar's input helper (github.com/gdvar/gdvar).
#
# debugger.Launch installs it in a Godot 4 game at run time (compiled from
# this text by an evaluate; nothing is written into the project). A game
# whose tree is paused at start, or that runs no GDScript every frame, gives
# no script frame to install it from: add it as an autoload instead
# (Project > Project Settings > Globals > Autoload, or
# `GdvarInput="*res://gdvar_input.gd"` under [autoload] in project.godot).
# Godot 4.2 or later, debug builds. Every name is typed, so that it compiles
# in a project that treats every GDScript warning as an error.
#
# It adds one thing: a message capture named "gdvar" on the remote debugger.
# It is inert without a debugger: in a release export, or a game run with
# no --remote-debug, _ready returns at once and nothing is registered. It
# sends nothing unasked; each message below gets one reply.
#
#   gdvar:hello []                                      -> gdvar:hello [3, paused]
#   gdvar:key [name, pressed, device]                   -> gdvar:done [why, paused]
#   gdvar:mouse_motion [position, device]               -> gdvar:done [why, paused]
#   gdvar:mouse_button [position, button, pressed, device] -> gdvar:done [why, paused]
#   gdvar:mouse_wheel [position, button, factor, device]   -> gdvar:done [why, paused]
#   gdvar:action [name, pressed, strength]              -> gdvar:done [why, paused]
#   gdvar:text [text, device]                           -> gdvar:done [why, paused]
#   gdvar:pause [paused]                                -> gdvar:done ["", paused]
#   gdvar:call [path, method, args]                     -> gdvar:called [ok, value or why, paused]
#   gdvar:eval [expression]                             -> gdvar:evaluated [ok, value or why, paused]
#   gdvar:group [group]                                 -> gdvar:group [ids, paused]
#   gdvar:advance [frames]                              -> gdvar:frame [frame, held, paused], once held
#   gdvar:speed [times]                                 -> gdvar:frame [frame, held, paused]
#   gdvar:frame []                                      -> gdvar:frame [frame, held, paused]
#
# paused is get_tree().paused. A String why is "" or why the message did
# nothing (an unknown key, action, node or method; a message it does not
# know). Every event goes through Input.parse_input_event, as if the player
# made it: _input, _unhandled_input, the GUI, and Input.is_action_pressed
# all see it. device is the id the engine gives the keyboard or the mouse
# (0 before Godot 4.7; InputEvent.DEVICE_ID_KEYBOARD or DEVICE_ID_MOUSE
# after), chosen by gdvar from the engine's version. call and eval run on
# the main thread, from the capture, so a paused tree does not stop them;
# an expression sees the autoloads, the engine's singletons and the global
# classes by name, and the current scene as self.
#
# advance and speed step the game: from the first, _process (the last of
# each frame's, by its priority) holds the main loop at the end of the
# frame's processing until frames are asked for, reading the debugger's
# messages meanwhile, or paces the frames at speed times real time (INF:
# as they come). frame is Engine.get_process_frames() there: advance 0
# holds the game at its next frame, advance N lets N frames run and holds
# it again, speed 0 holds it too. Under --fixed-fps every frame has the
# same delta, however long it was held. It processes nothing before, but
# where gdvar_start.gd set hold_from_start: then it holds the game in its
# first frame.
extends Node

const VERSION: int = 3

# While held, the debugger's messages are read every HOLD_USEC: line_poll
# reads them once in POLL_CALLS calls (EngineDebugger::line_poll).
const HOLD_USEC: int = 2000
const POLL_CALLS: int = 2048
# A paced game that falls this far behind goes on from now, not in a rush.
const BEHIND_USEC: int = 100000

# Where the last mouse event was, for a motion's relative, and the buttons
# held, for button_mask.
var _mouse: Vector2 = Vector2.ZERO
var _buttons: int = 0
# The names and values an expression sees, once built.
var _input_names: Array[String] = []
var _input_values: Array = []
# Stepping: the frames to let run before holding again, the speed (0:
# step), whether _process holds the game now, whether a gdvar:frame reply
# is owed once held, and when the next paced frame is due.
var _left: int = 0
var _speed: float = 0.0
var _held: bool = false
var _owed: bool = false
var _due: int = 0
# Set by gdvar_start.gd (debugger.HoldFromStart) before the node enters the
# tree: the helper holds the game in its first frame.
var hold_from_start: bool = false


func _init() -> void:
	name = &"GdvarInput"
	process_mode = Node.PROCESS_MODE_ALWAYS
	process_priority = 2147483647


func _ready() -> void:
	set_process(false)
	if not EngineDebugger.is_active() or EngineDebugger.has_capture("gdvar"):
		return
	EngineDebugger.register_message_capture("gdvar", _capture)
	set_process(hold_from_start)


func _exit_tree() -> void:
	if EngineDebugger.has_capture("gdvar"):
		EngineDebugger.unregister_message_capture("gdvar")


func _capture(message: String, data: Array) -> bool:
	var paused: bool = get_tree().paused
	match [message, data.size()]:
		["hello", 0]:
			EngineDebugger.send_message("gdvar:hello", [VERSION, paused])
		["call", 3]:
			EngineDebugger.send_message("gdvar:called", _call(str(data[0]), str(data[1]), _array(data[2])) + [paused])
		["eval", 1]:
			EngineDebugger.send_message("gdvar:evaluated", _eval(str(data[0])) + [paused])
		["group", 1]:
			var ids: Array[int] = []
			for n: Node in get_tree().get_nodes_in_group(StringName(str(data[0]))):
				ids.append(n.get_instance_id())
			EngineDebugger.send_message("gdvar:group", [PackedInt64Array(ids), paused])
		["pause", 1]:
			get_tree().paused = _bool(data[0])
			EngineDebugger.send_message("gdvar:done", ["", get_tree().paused])
		["advance", 1]:
			_step(maxi(_int(data[0]), 0), 0.0)
		["speed", 1]:
			_step(0, maxf(_float(data[0]), 0.0))
		["frame", 0]:
			_frame(_held)
		_:
			var why: String = _event(message, data)
			EngineDebugger.send_message("gdvar:done", [why, paused])
	return true


# _step lets the game run the frames asked for, then holds it (a game that
# runs is held at its next frame first), or runs it at speed times real
# time (INF: unpaced, as before any step, _process off).
func _step(frames: int, speed: float) -> void:
	set_process(not is_inf(speed))
	_speed = speed
	_due = Time.get_ticks_usec()
	if speed > 0.0 or _held and frames == 0:
		_left = 0
		_frame(speed == 0.0)
		return
	_left = frames if _held else frames + 1
	_owed = true


func _process(delta: float) -> void:
	if _speed > 0.0:
		_pace(delta)
		return
	if _left > 0:
		_left -= 1
		if _left > 0:
			return
	_held = true
	if _owed:
		_owed = false
		_frame(true)
	while _left == 0 and _speed == 0.0 and is_inside_tree():
		OS.delay_usec(HOLD_USEC)
		for i: int in POLL_CALLS:
			EngineDebugger.call(&"line_poll") # Godot 4.3+: by name, for 4.2 to compile this
	_held = false


# _pace waits until this frame is due at _speed times real time: a frame
# is delta long, unscaled by Engine.time_scale.
func _pace(delta: float) -> void:
	var scale: float = Engine.time_scale if Engine.time_scale > 0.0 else 1.0
	_due += int(delta / scale / _speed * 1000000.0)
	var early: int = _due - Time.get_ticks_usec()
	if early > 0:
		OS.delay_usec(early)
	elif early < -BEHIND_USEC:
		_due = Time.get_ticks_usec()


func _frame(held: bool) -> void:
	EngineDebugger.send_message("gdvar:frame", [Engine.get_process_frames(), held, get_tree().paused])


# _event makes the input event a message asks for, and returns "" or why
# it did not.
func _event(message: String, data: Array) -> String:
	match [message, data.size()]:
		["key", 3]:
			return _key(str(data[0]), _bool(data[1]), _int(data[2]))
		["mouse_motion", 2]:
			var e: InputEventMouseMotion = InputEventMouseMotion.new()
			e.device = _int(data[1])
			_place(e, data[0])
			e.relative = e.position - _mouse
			_mouse = e.position
			e.button_mask = _buttons
			Input.parse_input_event(e)
		["mouse_button", 4]:
			_button(data[0], _int(data[1]), _bool(data[2]), 1.0, _int(data[3]))
		["mouse_wheel", 4]:
			_button(data[0], _int(data[1]), true, _float(data[2]), _int(data[3]))
			_button(data[0], _int(data[1]), false, _float(data[2]), _int(data[3]))
		["action", 3]:
			var action: StringName = StringName(str(data[0]))
			if not InputMap.has_action(action):
				return "no action %s in the Input Map" % action
			var e: InputEventAction = InputEventAction.new()
			e.action = action
			e.pressed = _bool(data[1])
			e.strength = _float(data[2]) if e.pressed else 0.0
			Input.parse_input_event(e)
		["text", 2]:
			for c: String in str(data[0]):
				for pressed: bool in [true, false]:
					var e: InputEventKey = InputEventKey.new()
					e.device = _int(data[1])
					e.unicode = c.unicode_at(0)
					e.pressed = pressed
					Input.parse_input_event(e)
		_:
			return "no message %s of %d elements" % [message, data.size()]
	return ""


# _key sends a key named as OS.find_keycode_from_string reads it ("A",
# "Enter", "Ctrl+Shift+S"), as both its keycode and its physical keycode.
func _key(key_name: String, pressed: bool, device: int) -> String:
	var code: int = OS.find_keycode_from_string(key_name)
	var key: Key = (code & KEY_CODE_MASK) as Key
	if key == KEY_NONE:
		return "no key %s" % key_name
	var e: InputEventKey = InputEventKey.new()
	e.device = device
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


func _button(at: Variant, button: int, pressed: bool, factor: float, device: int) -> void:
	var e: InputEventMouseButton = InputEventMouseButton.new()
	e.device = device
	_place(e, at)
	_mouse = e.position
	e.button_index = button as MouseButton
	e.pressed = pressed
	e.factor = factor
	var bit: int = 1 << (button - 1)
	_buttons = _buttons | bit if pressed else _buttons & ~bit
	e.button_mask = _buttons
	Input.parse_input_event(e)


func _place(e: InputEventMouse, at: Variant) -> void:
	e.position = at if at is Vector2 else Vector2.ZERO
	e.global_position = e.position


# _call calls the method of the node at path (absolute, or from the root)
# with args, and returns [true, what it returned], or [false, "no node"]
# or [false, "no method"].
func _call(path: String, method: String, args: Array) -> Array:
	var node: Node = get_tree().root.get_node_or_null(NodePath(path))
	if node == null:
		return [false, "no node"]
	if not node.has_method(method):
		return [false, "no method"]
	return [true, node.callv(method, args)]


# _eval evaluates an Expression with the current scene as self, and
# returns [true, its value] or [false, why not].
func _eval(text: String) -> Array:
	if _input_names.is_empty():
		_inputs()
	var e: Expression = Expression.new()
	if e.parse(text, PackedStringArray(_input_names)) != OK:
		return [false, e.get_error_text()]
	var value: Variant = e.execute(_input_values, get_tree().current_scene, false)
	if e.has_execute_failed():
		return [false, e.get_error_text()]
	return [true, value]


# _inputs gathers what the debugger's own evaluate gives an expression by
# name: the autoloads, the engine's singletons and the global classes.
func _inputs() -> void:
	for p: Dictionary in ProjectSettings.get_property_list():
		var setting: String = str(p["name"])
		if setting.begins_with("autoload/") and str(ProjectSettings.get_setting(setting)).begins_with("*"):
			var autoload: Node = get_tree().root.get_node_or_null(NodePath(setting.trim_prefix("autoload/")))
			if autoload != null:
				_input_names.append(autoload.name)
				_input_values.append(autoload)
	for singleton: String in Engine.get_singleton_list():
		_input_names.append(singleton)
		_input_values.append(Engine.get_singleton(singleton))
	for c: Dictionary in ProjectSettings.get_global_class_list():
		var script: Resource = load(str(c["path"]))
		if script != null:
			_input_names.append(str(c["class"]))
			_input_values.append(script)


func _bool(v: Variant) -> bool:
	return v if v is bool else false


func _int(v: Variant) -> int:
	return v if v is int else 0


func _float(v: Variant) -> float:
	if v is float or v is int:
		return v
	return 0.0


func _array(v: Variant) -> Array:
	return v if v is Array else []
