extends Resource
const Item2 = preload("item_2.gd")
@export var v0_80: Script = preload("res://item_2.gd")
const Item1 = preload("item_1.gd")
@export var v1_14: Array[String] = ["a"]
@export var v2_17: PackedScene = preload("scene_0.tscn")
