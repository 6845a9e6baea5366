extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_86: Array[int] = [8, 9]
const Item0 = preload("res://item_0.gd")
@export var v1_98: Array[int] = [8, 0]
const Item2 = preload("item_2.gd")
@export var v2_57: Array[String] = ["a"]
