extends Resource

class_name WaveResource

###
# EnemyA = Skeleton
# EnemyB = Ghost
# EnemyC = Slime
###

@export var SkeletonCount : int
@export var GhostCount : int
@export var SlimeCount : int
@export var Boss : bool 
