extends Resource
@export var n := 0
