extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_37: Array[String] = ["a"]
const Item2 = preload("item_2.gd")
@export var v1_96: Script = preload("res://item_2.gd")
const Item0 = preload("res://item_0.gd")
@export var v2_86: Array[int] = [8, 5]
@export var v3_13: Array[Item2]
