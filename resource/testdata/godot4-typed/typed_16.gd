extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_14: Array[Item2]
@export var v1_47: Array[String] = ["a"]
