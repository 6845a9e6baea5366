extends Node2D
# A player the server moves by its peer's input: the direction scaled by
# SPEED with no bound (player.gd:17, a speed hack), a shot each frame
# the button is held (:19, full-auto fire), the emote logged as it came
# (:21).

const SPEED := 200.0


func _enter_tree() -> void:
	$Input.set_multiplayer_authority(str(name).to_int())


func _physics_process(delta: float) -> void:
	if not multiplayer.is_server():
		return
	position += $Input.direction * SPEED * delta
	if $Input.firing:
		get_node("../../Shots").add_child(Node2D.new(), true)
	if $Input.emote != "":
		print("emote ", $Input.emote)
	# Where the aim moves it too, as fast whatever its length (clamped:
	# never owned-scaled); and a wall at x = 0, where it starts, which
	# lets it move left alone.
	position += $Input.aim.limit_length(1.0) * SPEED * delta
	position.x = minf(position.x, 0.0)
