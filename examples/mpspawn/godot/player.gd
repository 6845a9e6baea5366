# A player: named by its peer's id, which owns it and moves it. The server
# sets color once, at the spawn.
extends Node2D

const SPEED := 200.0

@export var color := Color.WHITE

# Where the player walks to by itself (main.gd's "walk"), if set.
var target = null


# With the user argument "owned", the game takes the tutorials' way
# instead: each side hands the player to its peer as it enters the tree,
# and the spawn carries no state (the color stays white).
func _enter_tree() -> void:
	if OS.get_cmdline_user_args().has("owned"):
		set_multiplayer_authority(name.to_int())


func _ready() -> void:
	if OS.get_cmdline_user_args().has("owned"):
		return
	# Hand the player to its peer here, not in _enter_tree: the engine
	# applies the spawn state (color) only while the server still owns the
	# synchronizer as it enters the tree. A Godot server keeps it until the
	# spawn has been sent, which happens right after _ready.
	if multiplayer.is_server():
		set_multiplayer_authority.call_deferred(name.to_int())
	else:
		set_multiplayer_authority(name.to_int())


func _physics_process(delta: float) -> void:
	if not is_multiplayer_authority() or multiplayer.is_server():
		return
	var step := Vector2.ZERO
	if target != null:
		step = position.direction_to(target) * minf(SPEED * delta, position.distance_to(target))
	else:
		step = Input.get_vector("ui_left", "ui_right", "ui_up", "ui_down") * SPEED * delta
	position += step
