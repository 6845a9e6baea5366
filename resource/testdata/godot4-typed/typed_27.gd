extends Resource
const Item0 = preload("item_0.gd")
@export var v0_49: Array[int] = [9, 2]
const Item2 = preload("item_2.gd")
@export var v1_16: Array[String] = ["a"]
@export var v2_45: Script = preload("res://item_2.gd")
