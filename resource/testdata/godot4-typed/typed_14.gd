extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_54: Array[String] = ["a"]
@export var v1_45: Array[Item2]
const Item1 = preload("res://item_1.gd")
@export var v2_14: Array[Item1]
@export var v3_90: Array[Item1]
@export var v4_85: Array[int] = [6, 5]
