class_name LevelState
extends Resource

@export var color : Color
@export var tutorial_read : bool = false
