extends Resource
const Item1 = preload("item_1.gd")
@export var v0_57: Array[String] = ["a"]
const Item0 = preload("item_0.gd")
@export var v1_28: Script = preload("res://item_0.gd")
@export var v2_29: PackedScene = preload("scene_1.tscn")
const Item2 = preload("item_2.gd")
@export var v3_19: Array[Item2]
@export var v4_26: Array[int] = [1, 0]
@export var v5_32: Array[int] = [7, 6]
