extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_21: Array[String] = ["a"]
