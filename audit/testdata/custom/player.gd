extends Node2D
# A player, built for its peer by the level's spawn_function. Its input
# is its peer's own (the id's setter), which the server moves it by,
# never checked.

const SPEED := 200.0

var health := 100
var id := 1:
	set(value):
		id = value
		$Input.set_multiplayer_authority(value)


func _physics_process(delta: float) -> void:
	if multiplayer.is_server():
		position += $Input.direction * SPEED * delta


# No sender check: any peer hurts any player.
@rpc("any_peer")
func hit(amount: int) -> void:
	health -= amount
