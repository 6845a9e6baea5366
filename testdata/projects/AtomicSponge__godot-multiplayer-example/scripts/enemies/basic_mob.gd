##  An enemy that will wander around or chase the player if they come in range
class_name BasicMob extends Enemy

@onready var mobSprite: AnimatedSprite2D = $MobSprite
@onready var movementTimer: Timer = $MovementTimer

const WALK_SPEED: float = 100.0
const CHASE_SPEED: float = 450.0

var directionX: float = (randi() % 3) - 1
var directionY: float = (randi() % 3) - 1

var targetPlayer: Player = null

##  Randomly change enemy direction during its walk cycle.
func change_direction() -> void:
	if randf() >= 0.33:
		directionX = (randi() % 3) - 1
	if randf() >= 0.33:
		directionY = (randi() % 3) - 1
	movementTimer.start(randi() % 2)

##  Play animations
func apply_animations(_delta: float) -> void:
	if movingLeft:
		mobSprite.flip_h = true
	else:
		mobSprite.flip_h = false
	match moveState:
		MovementStates.CHASING:
			mobSprite.play("Fly", 4.0)  #  Quad speed
		_:
			mobSprite.play("Fly")

func _ready() -> void:
	if not multiplayer.is_server(): return
	movementTimer.timeout.connect(change_direction)
	moveState = MovementStates.WALKING
	change_direction()

func _process(delta: float) -> void:
	apply_animations(delta)

func _rollback_tick(_delta: float, _tick: int, _is_fresh: bool) -> void:
	if targetPlayer != null:
		change_state(moveState, MovementStates.CHASING)
	else:
		change_state(moveState, MovementStates.WALKING)

	match moveState:
		MovementStates.WALKING:
			velocity.x = directionX * WALK_SPEED
			velocity.y = directionY * WALK_SPEED
			if directionX < 0:
				movingLeft = true
			else:
				movingLeft = false
		MovementStates.CHASING:
			var pos: Vector2 = position.direction_to(targetPlayer.position)
			velocity.x = pos.x * CHASE_SPEED
			velocity.y = pos.y * CHASE_SPEED
			if pos.x < 0:
				movingLeft = true
			else:
				movingLeft = false
		_:
			velocity.x = move_toward(velocity.x, 0, WALK_SPEED)
			velocity.y = move_toward(velocity.y, 0, WALK_SPEED)
	velocity *= NetworkTime.physics_factor
	move_and_slide()
	velocity /= NetworkTime.physics_factor

func _on_attack_area_body_entered(body: Node2D) -> void:
	if body is Player:
		print(body.name)

func _on_chase_area_body_entered(body: Node2D) -> void:
	if targetPlayer == null and body is Player:
		targetPlayer = body

func _on_loss_area_body_exited(body: Node2D) -> void:
	if body == targetPlayer:
		targetPlayer = null
