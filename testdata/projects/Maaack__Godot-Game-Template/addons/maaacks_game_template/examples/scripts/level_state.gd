class_name LevelStateExample
extends Resource

@export var color : Color
@export var tutorial_read : bool = false
