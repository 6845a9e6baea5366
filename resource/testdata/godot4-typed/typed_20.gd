extends Resource
const Item0 = preload("res://item_0.gd")
@export var v0_26: Script = preload("res://item_0.gd")
@export var v1_58: Array[int] = [1, 6]
