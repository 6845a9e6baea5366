# A player: named by its peer's id, which owns it and replicates its
# position and heading (a rotation about the vertical axis, in radians).
extends Node3D

@export var heading := 0.0


func _ready() -> void:
	# As examples/mpspawn's player: the server hands the player over once
	# its spawn has gone, so that the spawn's state applies.
	if multiplayer.is_server():
		set_multiplayer_authority.call_deferred(name.to_int())
	else:
		set_multiplayer_authority(name.to_int())
