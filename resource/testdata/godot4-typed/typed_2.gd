extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_94: Script = preload("res://item_1.gd")
const Item0 = preload("item_0.gd")
@export var v1_77: Item0
const Item2 = preload("item_2.gd")
@export var v2_10: Array[int] = [7, 9]
@export var v3_16: Array[String] = ["a"]
@export var v4_63: PackedScene = preload("scene_1.tscn")
