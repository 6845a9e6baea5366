extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_91: Item1
const Item2 = preload("res://item_2.gd")
@export var v1_83: Array[Item2]
