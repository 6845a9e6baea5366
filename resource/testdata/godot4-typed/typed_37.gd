extends Resource
const Item0 = preload("item_0.gd")
@export var v0_97: Array[Item0]
@export var v1_90: Item0
const Item2 = preload("item_2.gd")
@export var v2_93: Array[int] = [7, 5]
@export var v3_25: Array[Item2]
@export var v4_89: PackedScene = preload("scene_0.tscn")
const Item1 = preload("res://item_1.gd")
@export var v5_54: Array[Item1]
