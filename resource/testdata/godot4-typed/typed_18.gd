extends Resource
const Item1 = preload("item_1.gd")
@export var v0_22: Array[int] = [2, 9]
@export var v1_67: Array[String] = ["a"]
const Item0 = preload("item_0.gd")
@export var v2_97: PackedScene = preload("scene_1.tscn")
const Item2 = preload("res://item_2.gd")
@export var v3_31: Array[Item2]
@export var v4_46: Script = preload("res://item_1.gd")
@export var v5_19: Item1
