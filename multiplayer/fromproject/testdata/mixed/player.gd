# A player, named by its peer's id: the server keeps its position and
# health (ServerSync) and its Badge's turn (BadgeSync, of another node
# than the root: named by its path, not listed in the spawn), and gives
# its Inputs to its peer as it enters the tree, on every side, as
# Godot's multiplayer tutorial does.
extends Node2D

@export var health := 100


func _enter_tree() -> void:
	$Inputs.set_multiplayer_authority(name.to_int())


func _ready() -> void:
	if multiplayer.is_server():
		$Badge.rotation = 1.5


func _physics_process(_delta: float) -> void:
	if multiplayer.is_server():
		position += $Inputs.direction * 2
