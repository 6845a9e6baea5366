extends Resource

class_name EnemyResource

@export var speed : int
@export var health : float
@export var damage : int
