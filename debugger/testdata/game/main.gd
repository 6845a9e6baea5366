extends Node2D

var counter := 0
var label_text := ""
@export var speed := 1.5
const K := 7


func _ready() -> void:
	print("hello from main")
	print_rich("[b]bold[/b] text")
	push_warning("a warning")
	push_error("an error")
	var n := Node.new()
	n.name = "Added"
	add_child(n)
	var many := int(OS.get_environment("DBGTEST_NODES"))
	for i in many:
		var x := Node.new()
		x.name = "N%d" % i
		$Many.add_child(x)
	if many == 0:
		print("TREE ", JSON.stringify(describe(get_tree().root)))


func _process(_delta: float) -> void:
	counter += 1


# describe returns the game's own view of its tree: paths and classes.
func describe(n: Node) -> Array:
	var out := [str(n.get_path()) + " " + n.get_class()]
	for c in n.get_children(true):
		out.append_array(describe(c))
	return out


func add(a, b):
	return a + b


func greet(who: String) -> String:
	return "hi " + who


func echo(v):
	return v


func nothing() -> void:
	counter += 0


func fail():
	var x = null
	return x.foo()


# inputs is the input that reached the game, a line an event, for the
# input autoload's test.
var inputs := []


func _input(event: InputEvent) -> void:
	var line := ""
	if event is InputEventKey and event.keycode == KEY_NONE:
		line = "char %s %s" % [char(event.unicode), event.pressed]
	elif event is InputEventKey:
		line = "key %s physical %s %s" % [event.as_text_keycode(), OS.get_keycode_string(event.physical_keycode), event.pressed]
	elif event is InputEventMouseMotion:
		line = "motion %s relative %s mask %d" % [event.position, event.relative, event.button_mask]
	elif event is InputEventMouseButton:
		line = "button %d %s at %s factor %s mask %d" % [event.button_index, event.pressed, event.position, event.factor, event.button_mask]
	elif event is InputEventAction:
		line = "action %s %s %s is_pressed %s" % [event.action, event.pressed, event.strength, Input.is_action_pressed(event.action)]
	inputs.append(line)
