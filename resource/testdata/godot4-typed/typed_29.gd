extends Resource
const Item0 = preload("item_0.gd")
@export var v0_16: Script = preload("res://item_0.gd")
const Item1 = preload("item_1.gd")
@export var v1_52: Array[int] = [4, 7]
const Item2 = preload("res://item_2.gd")
@export var v2_65: PackedScene = preload("scene_0.tscn")
@export var v3_84: Array[String] = ["a"]
@export var v4_31: Array[Item1]
@export var v5_72: Item0
