extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_89: Array[int] = [2, 2]
const Item2 = preload("item_2.gd")
@export var v1_32: Array[String] = ["a"]
@export var v2_18: Item1
const Item0 = preload("item_0.gd")
@export var v3_15: Array[String] = ["a"]
