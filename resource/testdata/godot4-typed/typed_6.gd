extends Resource
const Item1 = preload("item_1.gd")
@export var v0_30: Array[int] = [7, 5]
const Item0 = preload("item_0.gd")
@export var v1_8: Item0
@export var v2_32: Array[int] = [1, 6]
const Item2 = preload("res://item_2.gd")
@export var v3_46: PackedScene = preload("scene_1.tscn")
