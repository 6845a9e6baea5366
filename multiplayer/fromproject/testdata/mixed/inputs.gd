# A player's input, its peer's: the direction it walks (InputSync), and
# a jump it calls on the server, which takes 10 of the player's health.
extends Node

var direction := Vector2.ZERO


func _physics_process(_delta: float) -> void:
	if is_multiplayer_authority() and not multiplayer.is_server():
		direction = Vector2.RIGHT


@rpc("authority", "reliable")
func jump() -> void:
	if multiplayer.is_server():
		get_parent().health -= 10
