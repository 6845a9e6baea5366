extends Resource
const Item0 = preload("item_0.gd")
@export var v0_8: PackedScene = preload("scene_0.tscn")
const Item2 = preload("res://item_2.gd")
@export var v1_53: Array[Item2]
