extends Node2D
# A player, spawned for its peer inside the spawned level. Its input is
# its peer's own, which the server moves it by, never checked.

const SPEED := 200.0

var health := 100


func _enter_tree() -> void:
	$Input.set_multiplayer_authority(str(name).to_int())


func _physics_process(delta: float) -> void:
	if multiplayer.is_server():
		position.x += $Input.direction * SPEED * delta


# No sender check: any peer hurts any player.
@rpc("any_peer")
func hit(amount: int) -> void:
	health -= amount
