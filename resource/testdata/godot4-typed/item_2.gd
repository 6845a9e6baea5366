extends Resource
@export var n := 2
