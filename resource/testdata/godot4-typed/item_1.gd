extends Resource
@export var n := 1
